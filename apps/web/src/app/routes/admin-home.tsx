export { AdminHomePage as default } from '@/features/admin/admin-home-page';
