import {
  CARD_FEE_TEXT,
  DEFAULT_PLATFORM_FEE_BASIS_POINTS,
  DISPUTE_FEE,
  formatPence,
  PLATFORM_FEE_LOAD_ERROR,
  percentTextToBasisPoints,
} from '@clinicpay/shared';
import { Check } from 'lucide-react';
import { PageSection } from '@/components/layout/page-section';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useDocumentTitle } from '@/lib/use-document-title';
import { usePlatformFee } from './api/get-platform-fee';

const EXAMPLE_PENCE = 10_000;

const INCLUDED = [
  'No monthly fees and no set-up fees',
  'No charge on failed payments or refunds',
  'Card processing fees are included in the platform fee',
  'No charge for payment links or payment requests',
];

/**
 * The fees page (docs/product.md#public-pages): the platform fee percent loaded from platform settings,
 * and what a dispute costs the clinic (DISPUTE_FEE, as the terms say: decision 0086).
 */
export function FeesPage() {
  useDocumentTitle('Fees');
  const { percent, isLoading, isError } = usePlatformFee();
  // On £100.00 the fee in pence equals the fee in basis points, so no rounding is involved.
  const exampleFee = percentTextToBasisPoints(percent) ?? DEFAULT_PLATFORM_FEE_BASIS_POINTS;
  return (
    <PageSection
      title="Simple, transparent fees"
      lead="You pay a share of each payment a patient makes, and nothing else unless a payment is disputed."
    >
      {isError ? <Alert tone="error">{PLATFORM_FEE_LOAD_ERROR}</Alert> : null}
      <Card>
        <CardHeader>
          <CardTitle>Platform fee</CardTitle>
        </CardHeader>
        <CardContent>
          <p className="text-5xl font-bold text-brand-700" aria-busy={isLoading} data-testid="platform-fee">
            {percent}%
          </p>
          <p className="mt-2 text-slate-600">per successful transaction</p>
          <ul className="mt-6 space-y-2">
            {INCLUDED.map((item) => (
              <li key={item} className="flex items-center gap-2 [list-style:none]">
                <Check className="h-4 w-4 text-brand-700" aria-hidden />
                {item}
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
      <h2>How the fee works</h2>
      <p>
        The platform fee comes out of the payment amount, and your clinic receives the payment amount minus
        the platform fee. For a {formatPence(EXAMPLE_PENCE)} payment at {percent}%, the fee is{' '}
        {formatPence(exampleFee)} and you receive {formatPence(EXAMPLE_PENCE - exampleFee)}.
      </p>
      <p>
        Card processing fees charged by our payment provider ({CARD_FEE_TEXT.all}) are taken from the platform
        fee, not from your payment.
      </p>
      <p>The platform fee is not refunded when you refund a payment.</p>
      <h2>If a payment is disputed</h2>
      <p>
        When a patient disputes a payment with their card issuer, the card provider charges a dispute fee of{' '}
        {formatPence(DISPUTE_FEE.pence)}, which your clinic bears whatever the outcome, and the disputed
        amount is taken back until the dispute is won. The{' '}
        <a href="/terms" className="underline">
          terms
        </a>{' '}
        say how.
      </p>
    </PageSection>
  );
}
