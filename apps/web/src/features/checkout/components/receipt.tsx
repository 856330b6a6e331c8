import { CHECKOUT_MESSAGES, formatPence, type PublicPaymentData, paymentTypeLabel } from '@clinicpay/shared';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/dates';
import { StatementLine } from './statement-line';

/**
 * The success page's summary (docs/product.md#success-page): Amount Paid, Date (today), Clinic, Payment For
 * (when titled), Payment Type, how the payment reads on the card statement (decision 0082), and the payment
 * reference ('Generating payment reference...' while it is awaited).
 */
export function Receipt({
  page,
  reference,
  gaveUp,
}: {
  page: PublicPaymentData | undefined;
  reference: string | null;
  gaveUp: boolean;
}) {
  return (
    <Card className="print:border-slate-400 print:shadow-none">
      <CardContent className="flex flex-col gap-4 p-4 sm:p-6">
        {page ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-slate-700">Amount Paid</dt>
            <dd className="text-right font-semibold">{formatPence(page.amount)}</dd>
            <dt className="text-slate-700">Date</dt>
            <dd className="text-right">{formatDate(new Date().toISOString())}</dd>
            <dt className="text-slate-700">Clinic</dt>
            <dd className="text-right [overflow-wrap:anywhere]">{page.clinic.name}</dd>
            {page.title ? (
              <>
                <dt className="text-slate-700">Payment For</dt>
                <dd className="text-right [overflow-wrap:anywhere]">{page.title}</dd>
              </>
            ) : null}
            <dt className="text-slate-700">Payment Type</dt>
            <dd className="text-right">{paymentTypeLabel(page.type)}</dd>
            {page.deposit ? (
              <>
                <dt className="text-slate-700">Balance still to pay</dt>
                <dd className="text-right">{formatPence(page.deposit.balanceDue)}</dd>
              </>
            ) : null}
          </dl>
        ) : null}
        {page ? <StatementLine text={page.clinic.cardStatementText} /> : null}
        <div className={page ? 'border-t border-slate-100 pt-4 text-center' : 'text-center'}>
          <p className="text-sm text-slate-700">Payment reference</p>
          {reference ? (
            <p className="text-xl font-bold tracking-wider" data-testid="payment-reference">
              {reference}
            </p>
          ) : gaveUp ? (
            <p className="text-sm text-red-700">{CHECKOUT_MESSAGES.referenceMissing}</p>
          ) : (
            <Spinner label={CHECKOUT_MESSAGES.generatingReference} className="justify-center" />
          )}
        </div>
      </CardContent>
    </Card>
  );
}
