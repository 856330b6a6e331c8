export { ClinicsPage as default } from '@/features/admin/clinics-page';
