export { DisputesPage as default } from '@/features/disputes/disputes-page';
