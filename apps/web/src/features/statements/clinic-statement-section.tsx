import { type ClinicStatement, formatPence } from '@clinicpay/shared';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatSignedPence } from '@/lib/money';
import { downloadClinicStatement, useClinicStatement } from './api/get-clinic-statement';
import { DownloadCsvButton } from './components/download-csv-button';
import { type Figure, FigureList } from './components/figure-list';
import { MonthSelect } from './components/month-select';
import { monthLabel } from './lib/months';
import { useStatementMonth } from './lib/use-statement-month';

/** What a clinic's month left in its balance, figure by figure, ending with the net. */
export function clinicFigures(statement: ClinicStatement): Figure[] {
  return [
    { label: `Payments (${statement.paymentCount})`, value: formatPence(statement.grossPayments) },
    { label: "ClinicPay's fee", value: formatPence(statement.platformFees) },
    { label: 'Refunds to patients', value: formatPence(statement.refunds) },
    { label: 'of which taken from your balance', value: formatPence(statement.refundsDeducted), part: true },
    { label: 'Disputes taken back', value: formatPence(statement.disputesTakenBack) },
    { label: 'Disputes paid back', value: formatPence(statement.disputesReturned) },
    { label: 'Net to your balance', value: formatSignedPence(statement.net), total: true },
  ];
}

/** What is owed or paid beside the month's net. */
export function clinicSideFigures(statement: ClinicStatement): Figure[] {
  return [
    { label: 'Paid out to your bank', value: formatPence(statement.paidOut) },
    { label: 'Dispute fees owed', value: formatPence(statement.disputeFeesOwed) },
    { label: 'Card fees paid by ClinicPay', value: formatPence(statement.cardFeesPaidByClinicPay) },
  ];
}

/**
 * The 'Monthly statement' of the Payouts page and the Statements page (GET /api/statements/:month): a
 * month picker (the last 24 months, the current London month first and by default, kept in ?month=),
 * the month's figures ending with the net to the clinic's balance, the dispute fees owed and card fees
 * paid by ClinicPay apart, and 'Download CSV' (?format=csv).
 */
export function ClinicStatementSection() {
  const { month, months, setMonth } = useStatementMonth();
  const statement = useClinicStatement(month);
  const label = monthLabel(month);

  return (
    <Card>
      <section aria-labelledby="statement-heading">
        <CardHeader>
          <h2 id="statement-heading" className="text-lg font-semibold leading-none">
            Monthly statement
          </h2>
          <p className="text-sm text-slate-600">
            What your patients paid in a month, and what refunds, disputes and ClinicPay's fee left in your
            balance.
          </p>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          <div className="flex flex-wrap items-end gap-3">
            <MonthSelect months={months} value={month} onChange={setMonth} />
            <DownloadCsvButton download={() => downloadClinicStatement(month)} />
          </div>
          {statement.isPending ? <Spinner label={`Loading the statement for ${label}...`} /> : null}
          {statement.isError ? <Alert tone="error">{statement.error.message}</Alert> : null}
          {statement.data ? (
            <div className="flex max-w-2xl flex-col gap-4">
              <h3 className="font-semibold">Statement for {label}</h3>
              <FigureList figures={clinicFigures(statement.data)} />
              <p className="text-sm text-slate-600">
                Net to your balance is your payments, less ClinicPay's fee, the refunds taken from your
                balance and the disputes taken back, plus the disputes paid back.
              </p>
              <h3 className="font-semibold">Not included in the net</h3>
              <FigureList figures={clinicSideFigures(statement.data)} />
              <ul className="list-disc pl-5 text-sm text-slate-600">
                <li>
                  Paid out to your bank: the payouts that reached your bank this month, whenever their
                  payments were made.
                </li>
                <li>
                  Dispute fees owed: the card provider's fees on disputes opened this month, yours to pay.
                </li>
                <li>
                  Card fees paid by ClinicPay: the card processing fees on your payments, not taken from you.
                </li>
              </ul>
              <p className="sr-only" role="status">
                Showing the statement for {label}
              </p>
            </div>
          ) : null}
        </CardContent>
      </section>
    </Card>
  );
}
