import {
  CARD_FEE_TEXT,
  DEFAULT_PLATFORM_FEE_BASIS_POINTS,
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
  'Unlimited payment links and payment requests',
];

/** The fees page (docs/product.md#public-pages): the platform fee percent loaded from platform settings. */
export function FeesPage() {
  useDocumentTitle('Fees');
  const { percent, isLoading, isError } = usePlatformFee();
  // On £100.00 the fee in pence equals the fee in basis points, so no rounding is involved.
  const exampleFee = percentTextToBasisPoints(percent) ?? DEFAULT_PLATFORM_FEE_BASIS_POINTS;
  return (
    <PageSection title="Simple, transparent fees" lead="You pay only when a patient pays you.">
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
    </PageSection>
  );
}
