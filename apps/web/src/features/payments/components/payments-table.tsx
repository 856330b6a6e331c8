import {
  CLINIC_REFERENCE_MESSAGES,
  type DisplayPayment,
  FIGURE_TEXTS,
  formatPence,
  paymentTypeLabel,
} from '@clinicpay/shared';
import { PaymentStatusBadge } from '@/components/payment-status-badge';
import { type Column, DataTable } from '@/components/ui/data-table';
import { formatDate } from '@/lib/dates';

/**
 * The payments columns: Patient (name, email), Amount, Reference, Type, Date, Status. The patient's
 * name is a button, so a keyboard opens the details as a click on the row does (a declined attempt has
 * none to open, and says why it failed); below 1024 px each payment is a card, its status in view.
 */
export function PaymentsTable({
  label,
  payments,
  onOpen,
}: {
  label: string;
  payments: DisplayPayment[];
  onOpen: (payment: DisplayPayment) => void;
}) {
  const columns: Column<DisplayPayment>[] = [
    {
      header: 'Patient',
      cell: (payment) => (
        <>
          {payment.status === 'failed' ? (
            <span className="font-medium">{payment.patientName}</span>
          ) : (
            <button
              type="button"
              className="text-left font-medium underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
              aria-label={`View payment from ${payment.patientName}`}
              onClick={() => onOpen(payment)}
            >
              {payment.patientName}
            </button>
          )}
          <div className="break-all text-slate-600">{payment.patientEmail}</div>
        </>
      ),
    },
    {
      header: 'Amount',
      // What was paid, and under it what was refunded of it (docs/decisions/0097-one-set-of-figures.md).
      cell: (payment) => (
        <>
          {formatPence(payment.amount)}
          {payment.refundedAmount > 0 ? (
            <div className="text-xs text-slate-600">
              {FIGURE_TEXTS.refundedOfPayment(payment.refundedAmount)}
            </div>
          ) : null}
        </>
      ),
    },
    {
      header: 'Reference',
      // The payment's own reference, and under it the clinic's (docs/decisions/0108-clinic-reference.md).
      cell: (payment) => (
        <>
          <span className="font-mono text-xs">{payment.reference ?? '—'}</span>
          {payment.clinicReference ? (
            <div className="text-xs text-slate-600">
              {CLINIC_REFERENCE_MESSAGES.yours}: {payment.clinicReference}
            </div>
          ) : null}
        </>
      ),
    },
    { header: 'Type', cell: (payment) => paymentTypeLabel(payment.type) },
    { header: 'Date', cell: (payment) => formatDate(payment.date) },
    {
      header: 'Status',
      // A declined attempt says why, in the provider's words (docs/decisions/0101-failed-attempts.md).
      cell: (payment) => (
        <>
          <PaymentStatusBadge status={payment.status} disputeStatus={payment.disputeStatus} />
          {payment.failureMessage ? (
            <div className="mt-1 text-xs text-slate-600">{payment.failureMessage}</div>
          ) : null}
        </>
      ),
    },
  ];
  return (
    <DataTable
      label={label}
      columns={columns}
      rows={payments}
      rowKey={(payment) => payment.id}
      onRowClick={(payment) => {
        // A declined attempt is no payment: it has no details to open.
        if (payment.status !== 'failed') onOpen(payment);
      }}
      cardsBelow="lg"
    />
  );
}
