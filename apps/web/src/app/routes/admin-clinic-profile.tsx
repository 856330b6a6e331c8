export { ClinicProfilePage as default } from '@/features/admin/clinic-profile-page';
