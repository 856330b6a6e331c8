import { formatPence, paymentTypeLabel } from '@clinicpay/shared';
import { CheckCircle2 } from 'lucide-react';
import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/dates';
import { useDocumentTitle } from '@/lib/use-document-title';
import { usePaymentPage } from './api/get-payment-page';
import { usePaymentReference } from './api/get-payment-reference';
import { ClinicInformationCard } from './components/clinic-summary';

const NO_REFERENCE = 'Could not retrieve payment reference. Please contact the clinic for assistance.';

/**
 * Spec §2 "Success page": /payment/success?link_id&payment_id. After 3-D Secure the provider returns
 * here with payment_intent and redirect_status; a failed challenge goes on to the failed page.
 */
export function SuccessPage() {
  useDocumentTitle('Payment Successful');
  const [params] = useSearchParams();
  const linkId = params.get('link_id') ?? undefined;
  const paymentIntentId = params.get('payment_id') ?? params.get('payment_intent');
  const page = usePaymentPage(linkId);
  const { reference, gaveUp } = usePaymentReference(paymentIntentId);

  useEffect(() => {
    if (gaveUp && paymentIntentId) toast.error(NO_REFERENCE);
  }, [gaveUp, paymentIntentId]);

  // Back from 3-D Secure: the form's own success toast did not get to show.
  const backFromChallenge = params.get('redirect_status') === 'succeeded';
  useEffect(() => {
    if (backFromChallenge) toast.success('Payment successful!', { id: 'payment-successful' });
  }, [backFromChallenge]);

  if (params.get('redirect_status') === 'failed') {
    return (
      <Navigate to={`/payment/failed${linkId ? `?link_id=${encodeURIComponent(linkId)}` : ''}`} replace />
    );
  }

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6">
      <div className="text-center">
        <CheckCircle2 className="mx-auto h-14 w-14 text-green-600" aria-hidden />
        <h1 className="mt-4 text-2xl font-bold">Payment Successful!</h1>
        <p className="mt-2 text-slate-600">
          Your payment has been processed successfully. A confirmation email has been sent to your email
          address.
        </p>
      </div>
      {page.isError || !linkId ? (
        <Alert tone="error">
          <p className="font-semibold">Payment Information Unavailable</p>
          <p>We couldn't retrieve your payment information. Please contact the clinic for assistance.</p>
        </Alert>
      ) : null}
      {page.data ? (
        <Card>
          <CardContent className="pt-6">
            <dl className="grid grid-cols-2 gap-2 text-sm">
              <dt className="text-slate-600">Amount Paid</dt>
              <dd className="text-right font-semibold">{formatPence(page.data.amount)}</dd>
              <dt className="text-slate-600">Date</dt>
              <dd className="text-right">{formatDate(new Date().toISOString())}</dd>
              <dt className="text-slate-600">Clinic</dt>
              <dd className="text-right">{page.data.clinic.name}</dd>
              {page.data.title ? (
                <>
                  <dt className="text-slate-600">Payment For</dt>
                  <dd className="text-right">{page.data.title}</dd>
                </>
              ) : null}
              <dt className="text-slate-600">Payment Type</dt>
              <dd className="text-right">{paymentTypeLabel(page.data.type)}</dd>
            </dl>
          </CardContent>
        </Card>
      ) : null}
      <Card>
        <CardContent className="pt-6 text-center">
          <p className="text-sm text-slate-600">Payment reference</p>
          {reference ? (
            <p className="text-xl font-bold tracking-wider" data-testid="payment-reference">
              {reference}
            </p>
          ) : gaveUp ? (
            <p className="text-sm text-red-600">
              Your payment succeeded, but we could not retrieve its reference. Please contact the clinic.
            </p>
          ) : (
            <Spinner label="Generating payment reference..." className="justify-center" />
          )}
        </CardContent>
      </Card>
      {page.data ? <ClinicInformationCard clinic={page.data.clinic} /> : null}
    </div>
  );
}
