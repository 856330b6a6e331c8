export { ConfirmChargePage as default } from '@/features/checkout/confirm-charge-page';
