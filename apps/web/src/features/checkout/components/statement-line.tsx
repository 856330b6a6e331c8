import { STATEMENT_MESSAGES } from '@clinicpay/shared';
import { cn } from '@/lib/cn';

/**
 * How the payment will read on the patient's card statement, e.g. 'CLINICPAY* SMITH DENT'
 * (docs/decisions/0082-statement-descriptors.md): shown on the payment page and the receipt.
 */
export function StatementLine({ text, className }: { text: string; className?: string }) {
  return (
    <p className={cn('text-xs text-slate-600', className)} data-testid="statement-line">
      {STATEMENT_MESSAGES.patientStatement(text)}
    </p>
  );
}
