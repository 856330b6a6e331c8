import { type DisplayPayment, formatPence, paymentTypeLabel } from '@clinicpay/shared';
import { formatDate } from '@/lib/dates';
import { PaymentStatusBadge } from './payment-status-badge';

const scrollRegion = 'overflow-x-auto rounded-md focus-visible:outline-2 focus-visible:outline-brand-600';

/**
 * Spec §2 payments columns: Patient (name, email), Amount, Reference, Type, Date, Status. The patient's
 * name is a button, so a keyboard opens the details as a click on the row does; on narrow screens the
 * table scrolls inside a focusable region.
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
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll region must take focus to scroll by keyboard (WCAG 2.1.1).
    <section className={scrollRegion} aria-label={label} tabIndex={0}>
      <table className="w-full min-w-[40rem] text-left text-sm" aria-label={label}>
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            <th className="py-2 pr-4 font-medium">Patient</th>
            <th className="py-2 pr-4 font-medium">Amount</th>
            <th className="py-2 pr-4 font-medium">Reference</th>
            <th className="py-2 pr-4 font-medium">Type</th>
            <th className="py-2 pr-4 font-medium">Date</th>
            <th className="py-2 font-medium">Status</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {payments.map((payment) => (
            <tr key={payment.id} className="cursor-pointer hover:bg-slate-50" onClick={() => onOpen(payment)}>
              <td className="py-2 pr-4">
                <button
                  type="button"
                  className="text-left font-medium hover:underline"
                  aria-label={`View payment from ${payment.patientName}`}
                  onClick={(event) => {
                    event.stopPropagation();
                    onOpen(payment);
                  }}
                >
                  {payment.patientName}
                </button>
                <div className="text-slate-500">{payment.patientEmail}</div>
              </td>
              <td className="py-2 pr-4">{formatPence(payment.amount)}</td>
              <td className="py-2 pr-4 font-mono text-xs">{payment.reference ?? '—'}</td>
              <td className="py-2 pr-4">{paymentTypeLabel(payment.type)}</td>
              <td className="py-2 pr-4">{formatDate(payment.date)}</td>
              <td className="py-2">
                <PaymentStatusBadge status={payment.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
