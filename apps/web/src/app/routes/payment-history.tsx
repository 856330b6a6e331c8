import { PaymentHistoryPage } from '@/features/payments/payment-history-page';

/** /dashboard/payment-history (docs/product.md#payment-history). */
export default function PaymentHistoryRoute() {
  return <PaymentHistoryPage />;
}
