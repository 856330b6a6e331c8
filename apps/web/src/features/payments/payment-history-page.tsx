import { HISTORY_MESSAGES } from '@clinicpay/shared';
import { Download } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { PageFrame } from '@/components/layout/page-frame';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Pager } from '@/components/ui/pager';
import { ApiError } from '@/lib/api-client';
import { useCan } from '@/lib/permissions';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useDownloadPaymentReport } from './api/download-payment-report';
import { type PaymentListFilters, usePayments } from './api/list-payments';
import { HistoryFilters } from './components/history-filters';
import { PaymentDetailsDialog } from './components/payment-details-on-demand';
import { PaymentsList } from './components/payments-list';
import { historySearchParams, historyViewFrom } from './lib/history-search-params';

export const HISTORY_PAGE_SIZE = 20;

/**
 * The Payment History screen (docs/product.md#payment-history): filters, the report, the list and the
 * details with refund.
 */
export function PaymentHistoryPage() {
  useDocumentTitle('Payment History');
  const [params, setParams] = useSearchParams();
  const view = historyViewFrom(params);
  const { page, cursor, ...filters } = view;
  const [openId, setOpenId] = useState<string | null>(null);
  const payments = usePayments({ ...filters, page, cursor, pageSize: HISTORY_PAGE_SIZE });
  const report = useDownloadPaymentReport();
  // The CSV is an owner's or manager's (decision 0121).
  const mayExport = useCan('money');
  const pageCount = Math.max(1, Math.ceil((payments.data?.total ?? 0) / HISTORY_PAGE_SIZE));

  // Any change of filter starts again at page 1; the address is replaced, not pushed, while typing.
  const changeFilters = useCallback(
    (change: Partial<PaymentListFilters>) =>
      setParams((current) => historySearchParams({ ...historyViewFrom(current), ...change, page: 1 }), {
        replace: true,
      }),
    [setParams],
  );
  // Next and Previous carry the shown page's cursor, so a deep page costs the server what the first does
  // (docs/benchmarks.md); not a placeholder's while a page loads, and page 1 is always read afresh.
  const changePage = (next: number) => {
    const shown = payments.isPlaceholderData ? undefined : payments.data;
    const cursor = (next > page ? shown?.nextCursor : shown?.previousCursor) ?? undefined;
    setParams(historySearchParams({ ...view, page: next, cursor: next > 1 ? cursor : undefined }));
  };

  const download = () =>
    report.mutate(filters, {
      onSuccess: () => toast.success(HISTORY_MESSAGES.reportDownloaded),
      onError: (error) =>
        toast.error(
          error instanceof ApiError && error.code === 'NO_REPORT_DATA'
            ? HISTORY_MESSAGES.noData
            : HISTORY_MESSAGES.reportFailed,
        ),
    });

  return (
    <PageFrame title="Payment History" description="Every payment and payment request of your clinic">
      <Card>
        <CardContent className="flex flex-col gap-6 pt-6">
          <HistoryFilters
            filters={filters}
            onChange={changeFilters}
            action={
              mayExport ? (
                <Button onClick={download} disabled={report.isPending} className="w-full lg:w-auto">
                  <Download className="h-4 w-4" aria-hidden />
                  {report.isPending ? 'Generating...' : 'Download Report'}
                </Button>
              ) : undefined
            }
          />
          <PaymentsList payments={payments} label="Payments" onOpen={setOpenId} />
          <p className="sr-only" role="status">
            {payments.data ? `${payments.data.total} payments found` : ''}
          </p>
          <Pager label="Payment history pages" page={page} pageCount={pageCount} onPage={changePage} />
        </CardContent>
      </Card>
      <PaymentDetailsDialog paymentId={openId} onClose={() => setOpenId(null)} />
    </PageFrame>
  );
}
