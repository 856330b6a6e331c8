import { PAYMENT_MESSAGES } from '@clinicpay/shared';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import type { usePayments } from '../api/list-payments';
import { PaymentsTable } from './payments-table';

/**
 * One page of the history as the dashboard card and the history page show it: a spinner while it loads, the
 * error when it fails, 'No payments found' (docs/product.md#payment-history) when it is empty, else the
 * table, whose rows open the payment's details.
 */
export function PaymentsList({
  payments,
  label,
  onOpen,
}: {
  payments: ReturnType<typeof usePayments>;
  /** The table's accessible name. */
  label: string;
  onOpen: (paymentId: string) => void;
}) {
  const items = payments.data?.items ?? [];
  return (
    <>
      {payments.isPending ? <Spinner label="Loading payments..." /> : null}
      {payments.isError ? <Alert tone="error">{payments.error.message}</Alert> : null}
      {payments.data && items.length === 0 ? (
        <p className="py-6 text-center text-slate-600">{PAYMENT_MESSAGES.noPayments}</p>
      ) : null}
      {items.length ? (
        <PaymentsTable label={label} payments={items} onOpen={(payment) => onOpen(payment.id)} />
      ) : null}
    </>
  );
}
