import { useState } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Pager } from '@/components/ui/pager';
import { NO_FILTERS, usePayments } from '../api/list-payments';
import { PaymentDetailsDialog } from './payment-details-on-demand';
import { PaymentsList } from './payments-list';

export const RECENT_PAYMENTS_PAGE_SIZE = 10;

/**
 * The dashboard's Recent Payments (docs/product.md#clinic-dashboard); a row opens the payment's details
 * (and refund).
 */
export function RecentPaymentsCard() {
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const payments = usePayments({ ...NO_FILTERS, page, pageSize: RECENT_PAYMENTS_PAGE_SIZE });
  const pageCount = Math.max(1, Math.ceil((payments.data?.total ?? 0) / RECENT_PAYMENTS_PAGE_SIZE));

  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent Payments</CardTitle>
      </CardHeader>
      <CardContent>
        <PaymentsList payments={payments} label="Recent payments" onOpen={setOpenId} />
        <Pager label="Payments pages" page={page} pageCount={pageCount} onPage={setPage} />
      </CardContent>
      <PaymentDetailsDialog paymentId={openId} onClose={() => setOpenId(null)} />
    </Card>
  );
}
