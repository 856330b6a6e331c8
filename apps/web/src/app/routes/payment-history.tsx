import { PaymentHistoryPage } from '@/features/payments/payment-history-page';

/** /dashboard/payment-history (spec §2 "Payment History (clinic)"). */
export default function PaymentHistoryRoute() {
  return <PaymentHistoryPage />;
}
