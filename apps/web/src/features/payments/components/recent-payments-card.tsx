import { PAYMENT_MESSAGES } from '@clinicpay/shared';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Pager } from '@/components/ui/pager';
import { Spinner } from '@/components/ui/spinner';
import { NO_FILTERS, usePayments } from '../api/list-payments';
import { PaymentDetailsDialog } from './payment-details-dialog';
import { PaymentsTable } from './payments-table';

export const RECENT_PAYMENTS_PAGE_SIZE = 10;

/** Spec §2 dashboard "Recent Payments"; a row opens the payment's details (and refund). */
export function RecentPaymentsCard() {
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const payments = usePayments({ ...NO_FILTERS, page, pageSize: RECENT_PAYMENTS_PAGE_SIZE });
  const items = payments.data?.items ?? [];
  const pageCount = Math.max(1, Math.ceil((payments.data?.total ?? 0) / RECENT_PAYMENTS_PAGE_SIZE));

  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent Payments</CardTitle>
      </CardHeader>
      <CardContent>
        {payments.isPending ? <Spinner label="Loading payments..." /> : null}
        {payments.isError ? <Alert tone="error">{payments.error.message}</Alert> : null}
        {payments.data && items.length === 0 ? (
          <p className="py-6 text-center text-slate-600">{PAYMENT_MESSAGES.noPayments}</p>
        ) : null}
        {items.length ? (
          <PaymentsTable
            label="Recent payments"
            payments={items}
            onOpen={(payment) => setOpenId(payment.id)}
          />
        ) : null}
        <Pager label="Payments pages" page={page} pageCount={pageCount} onPage={setPage} />
      </CardContent>
      <PaymentDetailsDialog paymentId={openId} onClose={() => setOpenId(null)} />
    </Card>
  );
}
