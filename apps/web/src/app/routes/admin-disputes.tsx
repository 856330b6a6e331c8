export { AdminDisputesPage as default } from '@/features/disputes/admin-disputes-page';
