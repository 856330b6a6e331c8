/**
 * One payment, whatever the card provider (spec §4 "Payment flow"): the server creates the payment
 * intent from the link or request (the browser never sends an amount), the provider's browser side
 * confirms it, then the patient goes to the success page, the 3-D Secure challenge or the failed page.
 * A failure of the payment step goes to the failed page at once; any other error after 1 second.
 */
import { CHECKOUT_MESSAGES, type PublicPaymentData } from '@clinicpay/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ApiError } from '@/lib/api-client';
import { createPaymentIntent } from '../api/create-payment-intent';
import { createSetupIntent } from '../api/create-setup-intent';
import { failedPageState } from './failure-reason';
import { forgetPayer } from './remembered-payer';
import { useFailedPageOnUnhandledError } from './use-failed-page-on-unhandled-error';

/** The payer's details, sent with the intent and to the provider as billing details. */
export interface Billing {
  name: string;
  email: string;
  phone: string | null;
}

export interface IntentForConfirmation {
  paymentIntentId: string;
  clientSecret: string;
}

/** What the provider's browser side made of a confirmation. */
export type ConfirmOutcome =
  | { status: 'succeeded' }
  /** The sandbox's 3-D Secure page; Stripe.js runs its challenge in a modal instead. */
  | { status: 'redirect'; url: string }
  /** The provider's message, or else the intent's final status. */
  | { status: 'failed'; message?: string; intentStatus?: string };

/** Confirms the intent with the provider's browser side, for the payer `billing`. */
export type Confirm = (
  intent: IntentForConfirmation,
  billing: Billing,
  returnUrl: string,
) => Promise<ConfirmOutcome>;

/** A SetupIntent to confirm with the card, on a link that secures an appointment. */
export interface SetupForConfirmation {
  setupIntentId: string;
  clientSecret: string;
}

/**
 * Confirms the SetupIntent with the provider's browser side: the card is saved, nothing is paid
 * (Stripe.js confirmCardSetup, or the sandbox's stand-in).
 */
export type ConfirmSetup = (
  setup: SetupForConfirmation,
  billing: Billing,
  returnUrl: string,
) => Promise<ConfirmOutcome>;

const FAILURE_REDIRECT_MS = 1000;

/**
 * The failure toast (spec §8): 'Payment failed: {provider's message}', else 'Payment failed: {status}'
 * ('Payment status: processing' for an intent still processing), else 'Payment failed'. A wallet
 * payment names the wallet instead: 'Apple Pay payment failed: …'.
 */
export function failureMessage(failure: { message?: string; intentStatus?: string }, wallet?: string) {
  const subject = wallet ? `${wallet} payment` : 'Payment';
  if (failure.message) return `${subject} failed: ${failure.message}`;
  if (failure.intentStatus === 'processing') return `${subject} status: processing`;
  if (failure.intentStatus) return `${subject} failed: ${failure.intentStatus}`;
  return `${subject} failed`;
}

function errorMessage(error: unknown, fallback: string) {
  return error instanceof Error && error.message ? error.message : fallback;
}

/** The form's fields the server may refuse: the payer's details, and the card-on-file consent box. */
export type RefusableField = keyof Billing | 'cardOnFileConsent';
const PAYER_FIELDS: readonly RefusableField[] = ['name', 'email', 'phone', 'cardOnFileConsent'];

/** The server's messages for the payer's details when it refused them (400 VALIDATION_FAILED), else null. */
function refusedDetails(error: unknown): Partial<Record<RefusableField, string>> | null {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_FAILED') return null;
  const refused = Object.fromEntries(
    PAYER_FIELDS.flatMap((field) => (error.fieldErrors[field] ? [[field, error.fieldErrors[field]]] : [])),
  );
  return Object.keys(refused).length > 0 ? refused : null;
}

export function useCheckout(page: PublicPaymentData) {
  const navigate = useNavigate();
  // One per payment form: a double-clicked Pay button or a repeated wallet confirmation reuses the intent.
  const [attemptId] = useState(() => crypto.randomUUID());
  const [processing, setProcessing] = useState(false);
  const linkQuery = `link_id=${encodeURIComponent(page.id)}`;
  const failedPage = `/payment/failed?${linkQuery}`;
  useFailedPageOnUnhandledError(failedPage);

  /**
   * The steps a payment and a card saving share: the server makes the intent (`create`), the
   * provider's browser side confirms it, and a 3-D Secure page is gone to at once. Resolves to what
   * was made and the outcome, or null when `create` failed (`onCreateFailed` has the error).
   */
  async function createAndConfirm<Made>(
    create: () => Promise<Made>,
    confirm: (made: Made, returnUrl: string) => Promise<ConfirmOutcome>,
    onCreateFailed: (error: unknown) => void,
  ): Promise<{ made: Made; outcome: ConfirmOutcome } | null> {
    setProcessing(true);
    let made: Made;
    try {
      made = await create();
    } catch (error) {
      setProcessing(false);
      onCreateFailed(error);
      return null;
    }
    let outcome: ConfirmOutcome;
    try {
      outcome = await confirm(made, `${window.location.origin}/payment/success?${linkQuery}`);
    } catch (error) {
      outcome = { status: 'failed', message: errorMessage(error, '') || undefined };
    }
    if (outcome.status === 'redirect') window.location.assign(outcome.url);
    return { made, outcome };
  }

  /**
   * Pays with `confirm`; `wallet` names the device wallet (e.g. 'Apple Pay') when one is used.
   * Resolves true when the payment went through or on to 3-D Secure, false when it failed. When the
   * server refuses one of the payer's details (it alone normalises the phone, issue #15) and
   * `onRefusedDetails` is given, that gets the server's messages by field and the patient stays on
   * the form to mend them. `consent` is the card-on-file consent box, on a page that asks for it.
   */
  async function pay(
    billing: Billing,
    confirm: Confirm,
    wallet?: string,
    onRefusedDetails?: (fieldErrors: Partial<Record<RefusableField, string>>) => void,
    consent?: { cardOnFileConsent: boolean },
  ): Promise<boolean> {
    const progress = wallet ? toast.loading(`Processing ${wallet} payment...`) : undefined;
    const done = await createAndConfirm(
      () => createPaymentIntent(page.id, { ...billing, attemptId, ...consent }),
      (intent, returnUrl) => confirm(intent, billing, returnUrl),
      (error) => {
        const refused = refusedDetails(error);
        if (refused && onRefusedDetails) {
          if (progress !== undefined) toast.dismiss(progress);
          onRefusedDetails(refused);
          return;
        }
        toast.error(
          failureMessage({ message: errorMessage(error, CHECKOUT_MESSAGES.unexpectedError) }, wallet),
          { id: progress },
        );
        setTimeout(() => navigate(failedPage), FAILURE_REDIRECT_MS);
      },
    );
    if (!done) return false;
    const { made: intent, outcome } = done;
    if (outcome.status === 'redirect') {
      if (progress !== undefined) toast.dismiss(progress);
      return true;
    }
    if (outcome.status === 'succeeded') {
      forgetPayer(page.id);
      // The success page shows the reference at once: the toast says no more than that it worked.
      toast.success(wallet ? `${wallet} payment successful!` : CHECKOUT_MESSAGES.paymentSuccessful, {
        id: progress,
      });
      navigate(`/payment/success?${linkQuery}&payment_id=${encodeURIComponent(intent.paymentIntentId)}`);
      return true;
    }
    toast.error(failureMessage(outcome, wallet), { id: progress });
    navigate(failedPage, { state: failedPageState(outcome.message) });
    return false;
  }

  /**
   * Saves the card with `confirm` on a link that secures an appointment
   * (docs/decisions/0095-secure-your-appointment.md): nothing is paid. On success the patient goes to
   * the success page, which shows the card once the provider's event has recorded it; on a refusal
   * they stay on the form with the reason, to try another card. `onRefusedDetails` as for pay.
   */
  async function save(
    billing: Billing,
    confirm: ConfirmSetup,
    onRefusedDetails: (fieldErrors: Partial<Record<RefusableField, string>>) => void,
    consent: { cardOnFileConsent: boolean },
  ): Promise<boolean> {
    const notSaved = (reason: string) => toast.error(CHECKOUT_MESSAGES.cardNotSaved(reason));
    const done = await createAndConfirm(
      () => createSetupIntent(page.id, { ...billing, attemptId, ...consent }),
      (setup, returnUrl) => confirm(setup, billing, returnUrl),
      (error) => {
        const refused = refusedDetails(error);
        if (refused) onRefusedDetails(refused);
        else notSaved(errorMessage(error, CHECKOUT_MESSAGES.unexpectedError));
      },
    );
    if (!done) return false;
    const { made: setup, outcome } = done;
    if (outcome.status === 'redirect') return true;
    if (outcome.status === 'succeeded') {
      forgetPayer(page.id);
      toast.success(CHECKOUT_MESSAGES.cardSavedToast);
      navigate(`/payment/success?${linkQuery}&setup_intent=${encodeURIComponent(setup.setupIntentId)}`);
      return true;
    }
    setProcessing(false);
    notSaved(outcome.message ?? outcome.intentStatus ?? CHECKOUT_MESSAGES.unexpectedError);
    return false;
  }

  return { pay, save, processing };
}
