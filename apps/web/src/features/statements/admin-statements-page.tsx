import { formatPence, type PlatformStatement } from '@clinicpay/shared';
import { PageFrame } from '@/components/layout/page-frame';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatSignedPence } from '@/lib/money';
import { useDocumentTitle } from '@/lib/use-document-title';
import { downloadPlatformStatement, usePlatformStatement } from './api/get-platform-statement';
import { DownloadCsvButton } from './components/download-csv-button';
import { type Figure, FigureList } from './components/figure-list';
import { MonthSelect } from './components/month-select';
import { monthLabel } from './lib/months';
import { useStatementMonth } from './lib/use-statement-month';

/** Net revenue: the amount, and when negative, in red with the word 'Loss'. */
export function NetRevenue({ pence }: { pence: number }) {
  if (pence >= 0) return <>{formatPence(pence)}</>;
  return (
    <span className="inline-flex items-center gap-2 text-red-700">
      {formatSignedPence(pence)}
      <Badge tone="red">Loss</Badge>
    </span>
  );
}

/** The platform's month, figure by figure, ending with net revenue. */
export function platformFigures(statement: PlatformStatement): Figure[] {
  return [
    { label: 'Payments', value: statement.paymentCount.toLocaleString('en-GB') },
    { label: 'Gross', value: formatPence(statement.grossPayments) },
    { label: 'Application fees earned', value: formatPence(statement.applicationFees) },
    { label: 'Card fees', value: formatPence(statement.cardFees) },
    { label: "Refunds' fee share", value: formatPence(statement.refundFeeShare) },
    { label: 'Dispute costs', value: formatPence(statement.disputeCosts) },
    { label: 'Net revenue', value: <NetRevenue pence={statement.netRevenue} />, total: true },
  ];
}

/**
 * /admin/statements (GET /api/admin/statements/:month): a month picker (the last 24 months, the current
 * London month by default, kept in ?month=), the platform's month (payments, gross, application fees
 * earned, card fees, refunds' fee share, dispute costs, net revenue; a loss in red, marked Loss) and
 * 'Download CSV' (?format=csv).
 */
export function AdminStatementsPage() {
  useDocumentTitle('Statements');
  const { month, months, setMonth } = useStatementMonth();
  const statement = usePlatformStatement(month);
  const label = monthLabel(month);

  return (
    <PageFrame
      title="Statements"
      description="ClinicPay's revenue for a month: the fees earned and the costs borne."
    >
      <Card>
        <section aria-labelledby="platform-statement-heading">
          <CardHeader>
            <h2 id="platform-statement-heading" className="text-lg font-semibold leading-none">
              Platform statement
            </h2>
          </CardHeader>
          <CardContent className="flex flex-col gap-6">
            <div className="flex flex-wrap items-end gap-3">
              <MonthSelect months={months} value={month} onChange={setMonth} />
              <DownloadCsvButton download={() => downloadPlatformStatement(month)} />
            </div>
            {statement.isPending ? <Spinner label={`Loading the statement for ${label}...`} /> : null}
            {statement.isError ? <Alert tone="error">{statement.error.message}</Alert> : null}
            {statement.data ? (
              <div className="flex max-w-2xl flex-col gap-4">
                <h3 className="font-semibold">Statement for {label}</h3>
                <FigureList figures={platformFigures(statement.data)} />
                <p className="text-sm text-slate-600">
                  Net revenue is the application fees earned, less the card fees, the refunds' fee share and
                  the dispute costs ClinicPay bore.
                </p>
                <p className="sr-only" role="status">
                  Showing the statement for {label}
                </p>
              </div>
            ) : null}
          </CardContent>
        </section>
      </Card>
    </PageFrame>
  );
}
