export { SuccessPage as default } from '@/features/checkout/success-page';
