export { FailedPage as default } from '@/features/checkout/failed-page';
