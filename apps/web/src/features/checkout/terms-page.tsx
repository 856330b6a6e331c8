import { CHECKOUT_MESSAGES } from '@clinicpay/shared';
import { useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatLongDate } from '@/lib/dates';
import { useDocumentTitle } from '@/lib/use-document-title';
import { usePaymentTerms } from './api/get-payment-terms';

/**
 * /payment/terms/:termsId (docs/decisions/0107-payment-terms.md): one version of a clinic's payment
 * terms, in the words the patient accepted, as their receipt links to it.
 */
export function TermsPage() {
  useDocumentTitle('Payment terms');
  const { termsId = '' } = useParams();
  const terms = usePaymentTerms(termsId);
  if (terms.isPending) return <Spinner label="Loading payment terms..." />;
  if (terms.isError)
    return (
      <div className="mx-auto max-w-xl">
        <Alert tone="error">{terms.error.message}</Alert>
      </div>
    );
  return (
    <Card className="mx-auto max-w-2xl">
      <CardHeader className="p-4 sm:p-6">
        <h1 className="text-xl font-semibold">{CHECKOUT_MESSAGES.termsHeading(terms.data.clinicName)}</h1>
        <p className="text-sm text-gray-600">
          Version {terms.data.version}, written {formatLongDate(terms.data.createdAt)}
        </p>
      </CardHeader>
      <CardContent className="whitespace-pre-line p-4 pt-0 sm:p-6 sm:pt-0">{terms.data.text}</CardContent>
    </Card>
  );
}
