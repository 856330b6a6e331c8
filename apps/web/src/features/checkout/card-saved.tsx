import { CHECKOUT_MESSAGES } from '@clinicpay/shared';
import { CheckCircle2 } from 'lucide-react';
import { useEffect } from 'react';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/lib/use-document-title';
import { usePaymentPage } from './api/get-payment-page';
import { useSavedCard } from './api/get-saved-card';
import { CardOnFileTerms } from './components/card-on-file-terms';
import { ClinicInformationCard } from './components/clinic-summary';
import { forgetPayer } from './lib/remembered-payer';

/**
 * The success page after Save card on a link that secures an appointment
 * (docs/decisions/0095-secure-your-appointment.md): /payment/success?link_id&setup_intent. Until the
 * provider's event has recorded the card it says only that the card is being confirmed; then it says
 * the appointment is secured with nothing charged, names the card, and repeats the policies as the
 * patient agreed to them (the recorded consents, not the clinic's current terms).
 */
export function CardSaved({ linkId, setupIntentId }: { linkId: string | undefined; setupIntentId: string }) {
  const page = usePaymentPage(linkId);
  const { saved, gaveUp } = useSavedCard(setupIntentId);
  useDocumentTitle(saved ? CHECKOUT_MESSAGES.cardSavedTitle : CHECKOUT_MESSAGES.cardSavedPendingTitle);

  useEffect(() => {
    if (linkId) forgetPayer(linkId);
  }, [linkId]);

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4 sm:gap-6">
      <div className="text-center">
        {saved ? <CheckCircle2 className="mx-auto h-14 w-14 text-green-700" aria-hidden /> : null}
        <h1 className="mt-4 text-2xl font-bold">
          {saved ? CHECKOUT_MESSAGES.cardSavedTitle : CHECKOUT_MESSAGES.cardSavedPendingTitle}
        </h1>
        {saved && page.data ? (
          <p className="mt-2 text-slate-700">{CHECKOUT_MESSAGES.cardSavedBody(page.data.clinic.name)}</p>
        ) : null}
      </div>
      <Card>
        <CardContent className="flex flex-col gap-4 p-4 sm:p-6">
          <div className="text-center">
            {saved ? (
              <p className="text-lg font-semibold" data-testid="saved-card">
                {saved.card}
              </p>
            ) : gaveUp ? (
              <Alert tone="info">{CHECKOUT_MESSAGES.cardSavedLater}</Alert>
            ) : (
              <Spinner label={CHECKOUT_MESSAGES.cardSavedPending} className="justify-center" />
            )}
          </div>
          {saved?.consents.length ? <CardOnFileTerms terms={saved.consents} securing /> : null}
        </CardContent>
      </Card>
      {page.data ? <ClinicInformationCard clinic={page.data.clinic} /> : null}
    </div>
  );
}
