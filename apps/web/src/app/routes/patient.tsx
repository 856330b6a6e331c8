export { PatientPage as default } from '@/features/patients/patient-page';
