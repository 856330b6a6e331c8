import {
  formatPence,
  PAYOUT_EXPORT_FORMATS,
  PAYOUT_MESSAGES,
  type PayoutDetail,
  type PayoutExportFormat,
} from '@clinicpay/shared';
import { ArrowLeft, Download } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { PageFrame } from '@/components/layout/page-frame';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CardSection } from '@/components/ui/card';
import { DetailsList, DetailsRow } from '@/components/ui/details-list';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { formatLongDate } from '@/lib/dates';
import { formatSignedPence } from '@/lib/money';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useDownloadPayoutExport } from './api/export-payout';
import { usePayout } from './api/get-payout';
import { isNotConnected, NotConnectedNotice } from './components/not-connected-notice';
import { netTotal, PayoutLinesTable } from './components/payout-lines-table';
import { failureReasonOf, PayoutStatus } from './components/payout-status';

const backLink = (
  <Button asChild variant="outline" size="sm">
    <Link to="/dashboard/payouts">
      <ArrowLeft className="h-4 w-4" aria-hidden /> All payouts
    </Link>
  </Button>
);

const EXPORT_NAMES: Record<PayoutExportFormat, string> = { xero: 'Xero', quickbooks: 'QuickBooks' };

const isNotFound = (error: Error) =>
  error instanceof ApiError && (error.code === 'PAYOUT_NOT_FOUND' || error.status === 404);

/**
 * /dashboard/payouts/:payoutId (GET /api/payouts/:payoutId): the payout's amount, status and arrival
 * date; its lines with a total row of the nets (the payout's amount); and its export for Xero or
 * QuickBooks (GET /api/payouts/:payoutId/export). 'Payout not found' when it is not the clinic's.
 */
export function PayoutPage() {
  const { payoutId = '' } = useParams();
  const payout = usePayout(payoutId);
  useDocumentTitle(payout.data ? `Payout of ${formatPence(payout.data.payout.amount)}` : 'Payout');

  if (payout.isPending) {
    return (
      <PageFrame title="Payout" actions={backLink}>
        <Spinner label="Loading payout..." />
      </PageFrame>
    );
  }
  if (payout.isError) {
    const notFound = isNotFound(payout.error);
    return (
      <PageFrame title={notFound ? PAYOUT_MESSAGES.notFound : 'Payout'} actions={backLink}>
        {isNotConnected(payout.error) ? (
          <NotConnectedNotice />
        ) : (
          <Alert tone="error">
            {notFound ? "This payout does not exist, or is not one of your clinic's." : payout.error.message}
          </Alert>
        )}
      </PageFrame>
    );
  }
  return <PayoutView detail={payout.data} />;
}

function PayoutView({ detail }: { detail: PayoutDetail }) {
  const { payout, lines } = detail;
  const total = netTotal(lines);
  const failed = payout.status === 'failed';
  return (
    <PageFrame
      title={`Payout of ${formatPence(payout.amount)}`}
      description={`${payout.statusLabel}, arrival date ${formatLongDate(payout.arrivalDate)}`}
      actions={backLink}
    >
      {failed ? (
        <Alert tone="error" className="flex flex-col gap-1">
          <p className="font-medium">{PAYOUT_MESSAGES.failedNotice}</p>
          <p>{failureReasonOf(payout)}</p>
          <p>{PAYOUT_MESSAGES.fixBankDetails}</p>
        </Alert>
      ) : null}
      <CardSection id="payout-summary-heading" title="The payout">
        <DetailsList className="text-sm">
          <DetailsRow term="Amount">{formatPence(payout.amount)}</DetailsRow>
          <DetailsRow term="Status">
            <PayoutStatus payout={payout} />
          </DetailsRow>
          <DetailsRow term="Arrival date">{formatLongDate(payout.arrivalDate)}</DetailsRow>
          <DetailsRow term="Created">{formatLongDate(payout.created)}</DetailsRow>
          <DetailsRow term="Payout ID">
            <span className="font-mono text-xs">{payout.id}</span>
          </DetailsRow>
        </DetailsList>
      </CardSection>
      <CardSection id="payout-lines-heading" title="What was paid out">
        <div className="flex flex-col gap-4">
          <PayoutLinesTable
            caption={`The lines of the payout of ${formatPence(payout.amount)}`}
            lines={lines}
          />
          {lines.length > 0 && total !== payout.amount ? (
            <Alert tone="warning">
              These lines add up to {formatSignedPence(total)}, not the payout's {formatPence(payout.amount)}.
            </Alert>
          ) : null}
          <ExportButtons payoutId={payout.id} />
        </div>
      </CardSection>
    </PageFrame>
  );
}

/** 'Download for Xero' and 'Download for QuickBooks': the payout's lines as a bank statement CSV. */
function ExportButtons({ payoutId }: { payoutId: string }) {
  const download = useDownloadPayoutExport(payoutId);
  const start = (format: PayoutExportFormat) => {
    if (download.isPending) return;
    download.mutate(format, {
      onSuccess: (name) => toast.success(`Downloaded ${name}`),
      onError: (error) => toast.error(error.message),
    });
  };
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-slate-600">
        Download the lines as a bank statement file to import into your accounting software.
      </p>
      <div className="flex flex-wrap gap-3">
        {PAYOUT_EXPORT_FORMATS.map((format) => (
          <Button
            key={format}
            variant="outline"
            onClick={() => start(format)}
            aria-busy={(download.isPending && download.variables === format) || undefined}
          >
            <Download className="h-4 w-4" aria-hidden />
            Download for {EXPORT_NAMES[format]}
          </Button>
        ))}
      </div>
    </div>
  );
}
