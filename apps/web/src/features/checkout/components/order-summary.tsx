import { CHECKOUT_MESSAGES, formatPence, type PublicPaymentData } from '@clinicpay/shared';
import { Lock, ShieldCheck } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { useProviderConfig } from '@/lib/provider-config';
import { ClinicContact, ClinicLogo } from './clinic-summary';
import { StatementLine } from './statement-line';

/**
 * The clinic card (docs/product.md#payment-page): logo or initials, name, address, email, phone, payment type
 * (default 'Payment') and Amount Due, and, when the page can be paid, how the payment will read on the
 * patient's card statement (decision 0082). On a phone it is compact (clinic, what for, amount) so the form
 * follows at once; the contact details move below the form there (decision 0024).
 */
export function OrderSummary({ page, className }: { page: PublicPaymentData; className?: string }) {
  return (
    <Card className={className}>
      <CardContent className="flex flex-col gap-3 p-4 sm:p-6 md:gap-4">
        <div className="flex min-w-0 items-center gap-3 md:items-start md:gap-4">
          <ClinicLogo clinic={page.clinic} className="h-10 w-10 text-sm md:h-14 md:w-14 md:text-lg" />
          <div className="min-w-0">
            <p className="font-semibold text-slate-900 [overflow-wrap:anywhere] md:text-lg">
              {page.clinic.name}
            </p>
            <ClinicContact clinic={page.clinic} className="hidden md:flex" />
          </div>
        </div>
        <dl className="grid grid-cols-[auto_1fr] items-baseline gap-x-4 gap-y-1 border-t border-slate-100 pt-3 text-sm md:pt-4">
          <dt className="text-slate-700">For</dt>
          <dd className="text-right font-medium [overflow-wrap:anywhere]">{page.title || 'Payment'}</dd>
          <dt className="text-slate-700">Amount Due</dt>
          <dd className="text-right text-2xl font-bold" data-testid="amount-due">
            {formatPence(page.securesAppointment ? 0 : page.amount)}
          </dd>
          {page.clinicReference ? (
            <>
              <dt className="text-slate-700">{CHECKOUT_MESSAGES.clinicReference}</dt>
              <dd className="text-right [overflow-wrap:anywhere]">{page.clinicReference}</dd>
            </>
          ) : null}
        </dl>
        {page.securesAppointment ? (
          <p className="text-sm text-slate-700">
            {CHECKOUT_MESSAGES.securesNothingNow}{' '}
            {CHECKOUT_MESSAGES.securesTreatmentPrice(formatPence(page.amount))}
          </p>
        ) : null}
        {page.deposit ? (
          <p className="text-sm text-slate-700">
            {CHECKOUT_MESSAGES.balanceLater(
              formatPence(page.deposit.balanceDue),
              formatPence(page.deposit.treatmentTotal),
            )}
          </p>
        ) : null}
        {page.description ? (
          <p className="whitespace-pre-line text-sm text-slate-700 [overflow-wrap:anywhere]">
            {page.description}
          </p>
        ) : null}
        {page.message ? (
          <div className="rounded-md bg-slate-50 p-3 text-sm">
            <p className="font-medium">{CHECKOUT_MESSAGES.messageFromClinic}</p>
            <p className="mt-1 whitespace-pre-line text-slate-700 [overflow-wrap:anywhere]">{page.message}</p>
          </div>
        ) : null}
        {page.payability === 'payable' ? (
          <StatementLine text={page.clinic.cardStatementText} laterFees={page.securesAppointment} />
        ) : null}
      </CardContent>
    </Card>
  );
}

/**
 * The Secure Payment panel: the reassurance under the clinic card (under the form on a phone).
 * Each claim holds for this page (docs/decisions/0096-truthful-payment-pages.md): where the card details
 * go (Stripe, or the offline sandbox's test cards), a receipt only when the clinic emails one, who takes
 * the payment, and ClinicPay's terms and privacy notice. No claim of who else trusts ClinicPay.
 */
export function ReassurancePanel({ page, className }: { page: PublicPaymentData; className?: string }) {
  const config = useProviderConfig();
  const lines = [
    config.data?.provider === 'sandbox'
      ? CHECKOUT_MESSAGES.reassuranceSandbox
      : CHECKOUT_MESSAGES.reassuranceStripe,
    ...(page.clinic.emailsReceipts && !page.securesAppointment ? [CHECKOUT_MESSAGES.reassuranceReceipt] : []),
    CHECKOUT_MESSAGES.reassuranceTakenBy(page.clinic.name),
  ];
  return (
    <Card className={cn(className)}>
      <CardContent className="p-4 sm:p-6">
        <h2 className="mb-3 flex items-center gap-2 text-lg font-semibold">
          <Lock className="h-4 w-4 text-brand-700" aria-hidden /> Secure Payment
        </h2>
        <ul className="flex flex-col gap-2 text-sm text-slate-700">
          {lines.map((line) => (
            <li key={line} className="flex items-start gap-2">
              <ShieldCheck className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" aria-hidden /> {line}
            </li>
          ))}
        </ul>
        <p className="mt-3 text-sm">
          <a href="/terms" className="underline">
            Terms
          </a>{' '}
          ·{' '}
          <a href="/privacy" className="underline">
            Privacy
          </a>
        </p>
      </CardContent>
    </Card>
  );
}
