export { FeesPage as default } from '@/features/pricing/fees-page';
