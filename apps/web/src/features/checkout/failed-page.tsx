import { XCircle } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useDocumentTitle } from '@/lib/use-document-title';
import { usePaymentPage } from './api/get-payment-page';
import { ClinicInformationCard } from './components/clinic-summary';

const REASONS = [
  'Insufficient funds in your account',
  'Card details entered incorrectly',
  'Card expired or cancelled',
  'Payment declined by your bank',
  'A temporary issue with the payment processor',
];

/**
 * The failed page (docs/product.md#failed-page): /payment/failed with an optional link_id, linked to when the
 * payment page cannot load and reached on an unexpected error while paying. A declined card no longer comes
 * here: the form keeps the patient and says why (docs/decisions/0100-declines-keep-the-form.md). Try Again
 * goes back to the form, which still holds the payer's name, email and phone (lib/remembered-payer.ts).
 */
export function FailedPage() {
  useDocumentTitle('Payment Failed');
  const [params] = useSearchParams();
  const linkId = params.get('link_id');
  const page = usePaymentPage(linkId ?? undefined);

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4 sm:gap-6">
      <div className="text-center">
        <XCircle className="mx-auto h-14 w-14 text-red-600" aria-hidden />
        <h1 className="mt-4 text-2xl font-bold">Payment Failed</h1>
        <p className="mt-2 text-slate-700">
          Your payment could not be processed. Please check your payment details and try again.
        </p>
      </div>
      <Button asChild size="lg">
        <Link to={linkId ? `/payment/${encodeURIComponent(linkId)}` : '/payment'}>Try Again</Link>
      </Button>
      <Card>
        <CardContent className="p-4 sm:p-6">
          <h2 className="mb-2 font-semibold">Possible reasons</h2>
          <ul className="list-disc pl-5 text-sm text-slate-700">
            {REASONS.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <p className="mt-4 text-sm text-slate-700">If the problem continues, please contact the clinic.</p>
        </CardContent>
      </Card>
      {page.data ? <ClinicInformationCard clinic={page.data.clinic} /> : null}
    </div>
  );
}
