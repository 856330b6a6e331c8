import { CHECKOUT_MESSAGES } from '@clinicpay/shared';
import { CheckCircle2, Printer } from 'lucide-react';
import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/use-document-title';
import { usePaymentPage } from './api/get-payment-page';
import { usePaymentReference } from './api/get-payment-reference';
import { CardSaved } from './card-saved';
import { ClinicInformationCard } from './components/clinic-summary';
import { Receipt } from './components/receipt';
import { AUTHENTICATION_FAILED_STATE } from './lib/authentication-failed';
import { forgetPayer } from './lib/remembered-payer';

const NO_REFERENCE = CHECKOUT_MESSAGES.noReference;
const INFO_UNAVAILABLE = CHECKOUT_MESSAGES.infoUnavailableTitle;
const INFO_UNAVAILABLE_TEXT = CHECKOUT_MESSAGES.infoUnavailable;

/** Prints the page; the print styles leave only the receipt (decision 0024). */
function printReceipt() {
  toast.dismiss();
  window.print();
}

/**
 * The success page (docs/product.md#success-page): /payment/success?link_id&payment_id. After 3-D Secure the
 * provider returns here with payment_intent (or setup_intent) and redirect_status; a failed or cancelled
 * challenge goes back to the payment form, which says why (docs/decisions/0100-declines-keep-the-form.md).
 * Opened without a payment it says only 'Payment Information Unavailable', never 'Payment Successful!' The
 * receipt can be printed. Back from saving a card with nothing paid (setup_intent), it shows the card saved
 * instead (docs/decisions/0095-secure-your-appointment.md).
 */
export function SuccessPage() {
  const [params] = useSearchParams();
  const linkId = params.get('link_id') ?? undefined;
  const setupIntentId = params.get('setup_intent');
  if (params.get('redirect_status') === 'failed') {
    return (
      <Navigate
        to={linkId ? `/payment/${encodeURIComponent(linkId)}` : '/payment/failed'}
        state={AUTHENTICATION_FAILED_STATE}
        replace
      />
    );
  }
  if (setupIntentId) return <CardSaved linkId={linkId} setupIntentId={setupIntentId} />;
  return <PaymentSuccess linkId={linkId} />;
}

function PaymentSuccess({ linkId }: { linkId: string | undefined }) {
  const [params] = useSearchParams();
  const paymentIntentId = params.get('payment_id') ?? params.get('payment_intent');
  useDocumentTitle(paymentIntentId ? 'Payment Successful' : INFO_UNAVAILABLE);
  const page = usePaymentPage(linkId);
  const { reference, gaveUp } = usePaymentReference(paymentIntentId);

  useEffect(() => {
    if (gaveUp && paymentIntentId) toast.error(NO_REFERENCE);
  }, [gaveUp, paymentIntentId]);

  // Paid: the details kept in this tab for Try Again are no longer needed.
  useEffect(() => {
    if (linkId && paymentIntentId) forgetPayer(linkId);
  }, [linkId, paymentIntentId]);

  // Back from 3-D Secure: the form's own success toast did not get to show.
  const backFromChallenge = params.get('redirect_status') === 'succeeded';
  useEffect(() => {
    if (backFromChallenge) toast.success(CHECKOUT_MESSAGES.paymentSuccessful, { id: 'payment-successful' });
  }, [backFromChallenge]);

  if (!paymentIntentId) {
    return (
      <div className="mx-auto flex max-w-xl flex-col gap-4 sm:gap-6">
        <div className="rounded-md border border-slate-200 bg-white p-6 text-center">
          <h1 className="text-2xl font-bold">{INFO_UNAVAILABLE}</h1>
          <p className="mt-2 text-slate-700">{INFO_UNAVAILABLE_TEXT}</p>
        </div>
        {page.data ? <ClinicInformationCard clinic={page.data.clinic} /> : null}
      </div>
    );
  }

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4 sm:gap-6">
      <div className="text-center">
        <CheckCircle2 className="mx-auto h-14 w-14 text-green-700 print:hidden" aria-hidden />
        <h1 className="mt-4 text-2xl font-bold print:mt-0">Payment Successful!</h1>
        <p className="mt-2 text-slate-700">
          {CHECKOUT_MESSAGES.processed}
          {page.data
            ? ` ${page.data.clinic.emailsReceipts ? CHECKOUT_MESSAGES.confirmationEmailSent : CHECKOUT_MESSAGES.keepReference}`
            : null}
        </p>
      </div>
      {page.isError || !linkId ? (
        <Alert tone="info">
          <p className="font-semibold">{INFO_UNAVAILABLE}</p>
          <p>{INFO_UNAVAILABLE_TEXT}</p>
        </Alert>
      ) : null}
      <Receipt page={page.data} reference={reference} gaveUp={gaveUp} />
      {page.data ? <ClinicInformationCard clinic={page.data.clinic} className="print:shadow-none" /> : null}
      <Button type="button" variant="outline" className="self-center print:hidden" onClick={printReceipt}>
        <Printer className="h-4 w-4" aria-hidden /> Print receipt
      </Button>
    </div>
  );
}
