import { formatPence, type PatientPayment, paymentTypeLabel } from '@clinicpay/shared';
import { PaymentStatusBadge } from '@/components/payment-status-badge';
import { type Column, DataTable } from '@/components/ui/data-table';
import { formatDate } from '@/lib/dates';

const COLUMNS: Column<PatientPayment>[] = [
  { header: 'Date', cell: (payment) => formatDate(payment.paidAt) },
  { header: 'Reference', cell: (payment) => <span className="font-mono text-xs">{payment.reference}</span> },
  { header: 'For', cell: (payment) => `${payment.title} (${paymentTypeLabel(payment.type)})` },
  {
    header: 'Amount',
    align: 'right',
    cell: (payment) =>
      payment.refundedAmount > 0
        ? `${formatPence(payment.amount)} (${formatPence(payment.refundedAmount)} refunded)`
        : formatPence(payment.amount),
  },
  {
    header: 'Status',
    cell: (payment) => <PaymentStatusBadge status={payment.status} disputeStatus={payment.disputeStatus} />,
  },
];

/** A patient's payments, newest first: date, reference, what for, amount (and what was refunded), status. */
export function PatientPaymentsTable({
  labelledBy,
  payments,
  empty,
}: {
  labelledBy: string;
  payments: PatientPayment[];
  empty: string;
}) {
  return (
    <DataTable
      labelledBy={labelledBy}
      columns={COLUMNS}
      rows={payments}
      rowKey={(payment) => payment.id}
      empty={empty}
    />
  );
}
