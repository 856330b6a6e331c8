export { ClinicHomePage as default } from '@/features/clinics/clinic-home-page';
