import { CHARGE_CONFIRMATION_MESSAGES, type ChargeConfirmation, formatPence } from '@clinicpay/shared';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useProviderConfig } from '@/lib/provider-config';
import { useDocumentTitle } from '@/lib/use-document-title';
import { confirmSandboxSavedCard, useChargeConfirmation } from './api/get-charge-confirmation';
import { stripeFor } from './stripe/load-stripe';

/**
 * /payment/confirm-charge/:chargeId?token= (docs/decisions/0093-charging-saved-cards.md): the page a
 * patient's email and text link to when their bank asks them to confirm a charge of their saved card.
 * It names the clinic, the fee, the amount and the card; Confirm payment confirms the same payment
 * intent with the saved card (Stripe.js's confirmCardPayment, or the sandbox's stand-in), going
 * through the bank's 3-D Secure, which returns here.
 */
export function ConfirmChargePage() {
  useDocumentTitle(CHARGE_CONFIRMATION_MESSAGES.heading);
  const { chargeId = '' } = useParams();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const charge = useChargeConfirmation(chargeId, token);
  const returned = search.get('redirect_status');

  return (
    <div className="mx-auto flex max-w-lg flex-col gap-4 px-4 py-10">
      <h1 className="text-2xl font-semibold">{CHARGE_CONFIRMATION_MESSAGES.heading}</h1>
      {charge.isPending ? <Spinner label="Loading payment information..." /> : null}
      {charge.isError ? <Alert tone="error">{CHARGE_CONFIRMATION_MESSAGES.notValid}</Alert> : null}
      {charge.data ? <ChargeDetails charge={charge.data} returned={returned} /> : null}
    </div>
  );
}

function ChargeDetails({ charge, returned }: { charge: ChargeConfirmation; returned: string | null }) {
  const config = useProviderConfig();
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(
    returned === 'failed' && charge.status === 'requires_authentication'
      ? CHARGE_CONFIRMATION_MESSAGES.authenticationFailed
      : null,
  );
  // What the bank's confirmation in this page gave: succeeded, or taken and still processing.
  const [confirmed, setConfirmed] = useState<'succeeded' | 'processing' | null>(null);
  const amount = formatPence(charge.amount);
  const processing =
    confirmed === 'processing' || (charge.status === 'processing' && !confirmed && returned !== 'succeeded');
  const done = confirmed !== null || charge.status === 'succeeded' || processing || returned === 'succeeded';

  async function confirm() {
    if (!charge.paymentIntentId || !charge.clientSecret || !charge.paymentMethodId || !config.data) return;
    setWorking(true);
    setError(null);
    try {
      if (config.data.provider === 'sandbox') {
        const result = await confirmSandboxSavedCard(charge.paymentIntentId, {
          clientSecret: charge.clientSecret,
          paymentMethodId: charge.paymentMethodId,
          returnUrl: window.location.href,
        });
        if (result.nextAction) {
          window.location.assign(result.nextAction.redirectUrl);
          return;
        }
        const status = result.paymentIntent.status;
        if (status === 'succeeded' || status === 'processing') setConfirmed(status);
        else setError(result.error?.message ?? CHARGE_CONFIRMATION_MESSAGES.failed);
      } else {
        const stripe = await stripeFor(config.data.publishableKey ?? '');
        const result = await stripe?.confirmCardPayment(charge.clientSecret, {
          payment_method: charge.paymentMethodId,
        });
        const status = result?.paymentIntent?.status;
        if (status === 'succeeded' || status === 'processing') setConfirmed(status);
        else setError(result?.error?.message ?? CHARGE_CONFIRMATION_MESSAGES.failed);
      }
    } catch {
      setError(CHARGE_CONFIRMATION_MESSAGES.failed);
    } finally {
      setWorking(false);
    }
  }

  return (
    <>
      <p>
        {charge.clinicName} has charged <strong>{amount}</strong> ({charge.title}) to your {charge.cardBrand}{' '}
        card ending {charge.cardLast4}, under the policy you agreed to. Your bank asks you to confirm it.
      </p>
      <div aria-live="polite">
        {done ? (
          <Alert tone="success">
            {processing ? CHARGE_CONFIRMATION_MESSAGES.processing : CHARGE_CONFIRMATION_MESSAGES.confirmed}
          </Alert>
        ) : null}
        {!done && charge.status === 'failed' ? (
          <Alert tone="error">{CHARGE_CONFIRMATION_MESSAGES.failed}</Alert>
        ) : null}
        {error && !done ? <Alert tone="error">{error}</Alert> : null}
      </div>
      {!done && charge.status === 'requires_authentication' ? (
        <Button size="lg" onClick={confirm} disabled={working || !config.data} className="self-start">
          {working ? 'Confirming...' : `Confirm ${amount}`}
        </Button>
      ) : null}
    </>
  );
}
