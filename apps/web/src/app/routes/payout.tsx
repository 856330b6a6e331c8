export { PayoutPage as default } from '@/features/payouts/payout-page';
