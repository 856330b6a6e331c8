export { PatientsPage as default } from '@/features/patients/patients-page';
