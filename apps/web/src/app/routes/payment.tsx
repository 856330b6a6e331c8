export { PaymentPage as default } from '@/features/checkout/payment-page';
