import {
  type DisplayStatus,
  formatPence,
  PAYMENT_MESSAGES,
  paymentTypeLabel,
  statusTone,
} from '@clinicpay/shared';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Pager } from '@/components/ui/pager';
import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/dates';
import { RECENT_PAYMENTS_PAGE_SIZE, usePayments } from '../api/list-payments';

const STATUS_LABEL: Record<DisplayStatus, string> = {
  paid: 'Paid',
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
  sent: 'Sent',
  pending: 'Pending',
};

/** Spec §2 dashboard "Recent Payments": Patient, Amount, Reference, Type, Date, Status. */
export function RecentPaymentsCard() {
  const [page, setPage] = useState(1);
  const payments = usePayments(page);
  const items = payments.data?.items ?? [];
  const pageCount = Math.max(1, Math.ceil((payments.data?.total ?? 0) / RECENT_PAYMENTS_PAGE_SIZE));

  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent Payments</CardTitle>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        {payments.isPending ? <Spinner label="Loading payments..." /> : null}
        {payments.isError ? <Alert tone="error">{payments.error.message}</Alert> : null}
        {payments.data && items.length === 0 ? (
          <p className="py-6 text-center text-slate-600">{PAYMENT_MESSAGES.noPayments}</p>
        ) : null}
        {items.length ? (
          <table className="w-full text-left text-sm" aria-label="Recent payments">
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
              {items.map((payment) => (
                <tr key={payment.id}>
                  <td className="py-2 pr-4">
                    <div className="font-medium">{payment.patientName}</div>
                    <div className="text-slate-500">{payment.patientEmail}</div>
                  </td>
                  <td className="py-2 pr-4">{formatPence(payment.amount)}</td>
                  <td className="py-2 pr-4 font-mono text-xs">{payment.reference ?? '—'}</td>
                  <td className="py-2 pr-4">{paymentTypeLabel(payment.type)}</td>
                  <td className="py-2 pr-4">{formatDate(payment.date)}</td>
                  <td className="py-2">
                    <Badge tone={statusTone(payment.status)}>{STATUS_LABEL[payment.status]}</Badge>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        <Pager label="Payments pages" page={page} pageCount={pageCount} onPage={setPage} />
      </CardContent>
    </Card>
  );
}
