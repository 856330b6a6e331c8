import { CHECKOUT_MESSAGES, STATEMENT_MESSAGES } from '@clinicpay/shared';
import { cn } from '@/lib/cn';

/**
 * How the payment will read on the patient's card statement, e.g. 'CLINICPAY* SMITH DENT'
 * (docs/decisions/0082-statement-descriptors.md): shown on the payment page and the receipt.
 */
export function StatementLine({
  text,
  laterFees = false,
  className,
}: {
  text: string;
  /** On a page that takes no payment now (docs/decisions/0095-secure-your-appointment.md): of fees later. */
  laterFees?: boolean;
  className?: string;
}) {
  return (
    <p className={cn('text-xs text-slate-600', className)} data-testid="statement-line">
      {laterFees ? CHECKOUT_MESSAGES.laterFeesStatement(text) : STATEMENT_MESSAGES.patientStatement(text)}
    </p>
  );
}
