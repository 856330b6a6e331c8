/**
 * One payment, whatever the card provider (docs/product.md#payment-flow): the server creates the payment
 * intent from the link or request (the browser never sends an amount), the provider's browser side
 * confirms it, then the patient goes to the success page or the 3-D Secure challenge. A refused
 * attempt (a decline, a failed 3-D Secure, an intent the server would not make) keeps the patient on
 * the form, the reason in its alert, to try again (docs/decisions/0100-declines-keep-the-form.md).
 */
import { CHECKOUT_MESSAGES, type PublicPaymentData } from '@clinicpay/shared';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ApiError } from '@/lib/api-client';
import { createPaymentIntent } from '../api/create-payment-intent';
import { createSetupIntent } from '../api/create-setup-intent';
import { authenticationFailedIn } from './authentication-failed';
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
  /**
   * The provider's message and error code (docs.stripe.com/error-codes: 'card_declined',
   * 'payment_intent_authentication_failure'), or else the intent's final status.
   */
  | { status: 'failed'; message?: string; code?: string; intentStatus?: string };

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

/**
 * The failure's wording (decision 0059): 'Payment failed: {provider's message}', else 'Payment failed: {status}'
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

/** A part of the card field. */
export type CardPart = 'number' | 'expiry' | 'cvc';

/**
 * Why the last attempt was refused, for the form's alert: the whole text, and the part of the card
 * field it is about, when it is about the card (the field is then marked invalid and described by it).
 */
export interface CheckoutError {
  message: string;
  cardPart?: CardPart;
}

/** The id of the form's alert, which describes the card field a refusal is about. */
export const CHECKOUT_ERROR_ID = 'payment-error';

const AUTHENTICATION_FAILED: CheckoutError = { message: CHECKOUT_MESSAGES.authenticationFailed };

/**
 * A refused confirmation as the form shows it. A failed or cancelled 3-D Secure gets our own words
 * (Stripe's say only "We are unable to authenticate your payment method"); a decline (any failure with
 * the provider's error code), the provider's reason (`reason`, e.g. 'Payment failed: Your card was
 * declined.') and what to do, and is about the card part its code names
 * (docs.stripe.com/declines/codes); any other failure, `reason` alone.
 */
function refusal({ code }: { code?: string }, reason: string): CheckoutError {
  if (!code) return { message: reason };
  if (code.endsWith('_authentication_failure')) return { ...AUTHENTICATION_FAILED, cardPart: 'number' };
  const cardPart = code.includes('cvc') ? 'cvc' : code.includes('expir') ? 'expiry' : 'number';
  return { message: `${reason} ${CHECKOUT_MESSAGES.declinedAdvice}`, cardPart };
}

/**
 * The form's fields the server may refuse: the payer's details, the card-on-file consent box and the
 * payment terms box (docs/decisions/0107-payment-terms.md).
 */
export type RefusableField = keyof Billing | 'cardOnFileConsent' | 'termsAccepted';
const PAYER_FIELDS: readonly RefusableField[] = [
  'name',
  'email',
  'phone',
  'cardOnFileConsent',
  'termsAccepted',
];

/** The server's messages for the payer's details when it refused them (400 VALIDATION_FAILED), else null. */
function refusedDetails(error: unknown): Partial<Record<RefusableField, string>> | null {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_FAILED') return null;
  const refused = Object.fromEntries(
    PAYER_FIELDS.flatMap((field) => (error.fieldErrors[field] ? [[field, error.fieldErrors[field]]] : [])),
  );
  return Object.keys(refused).length > 0 ? refused : null;
}

/**
 * The form's checkout: `pay` and `save` share one path (createAndConfirm), and a refusal of either
 * leaves the patient on the form with `error` to show, what they typed kept, and Pay pressable again.
 * The same attempt id then gets the same intent back from the server, confirmed again with the card
 * now in the field (a declined intent awaits another payment method), so a retry is charged once.
 * Back from a failed 3-D Secure (the success page's navigation state), `error` says so at once.
 */
export function useCheckout(page: PublicPaymentData) {
  const navigate = useNavigate();
  const location = useLocation();
  // One per payment form: a double-clicked Pay button, a repeated wallet confirmation or a retry
  // after a decline reuses the intent.
  const [attemptId] = useState(() => crypto.randomUUID());
  const [processing, setProcessing] = useState(false);
  // The box under the clinic's payment terms (docs/decisions/0107-payment-terms.md): every Pay Now,
  // by card or wallet, sends it with the version the page shows.
  const [termsAccepted, setTermsAccepted] = useState(false);
  const termsAnswer = page.terms ? { termsAccepted, termsVersion: page.terms.version } : {};
  const [error, setError] = useState<CheckoutError | null>(() =>
    authenticationFailedIn(location.state) ? AUTHENTICATION_FAILED : null,
  );
  const linkQuery = `link_id=${encodeURIComponent(page.id)}`;
  useFailedPageOnUnhandledError(`/payment/failed?${linkQuery}`);
  // Said once: a reload, or coming back to this entry through the history, does not say it again.
  useEffect(() => {
    if (authenticationFailedIn(location.state)) navigate('.', { replace: true, state: null });
  }, [location.state, navigate]);

  /**
   * The steps a payment and a card saving share: the server makes the intent (`create`), the
   * provider's browser side confirms it, and a 3-D Secure page is gone to at once. A refusal is
   * shown on the form: the server's details by field (`onRefusedDetails`, its messages when it
   * refused the payer's details, 400 VALIDATION_FAILED), anything else in the alert, with `reason`'s
   * wording. Resolves to what was made when the provider confirmed it (or went on to 3-D Secure),
   * else null.
   */
  async function createAndConfirm<Made>(
    create: () => Promise<Made>,
    confirm: (made: Made, returnUrl: string) => Promise<ConfirmOutcome>,
    reason: (failure: { message?: string; intentStatus?: string }) => string,
    onRefusedDetails?: (fieldErrors: Partial<Record<RefusableField, string>>) => void,
  ): Promise<{ made: Made; outcome: ConfirmOutcome } | null> {
    setProcessing(true);
    setError(null);
    let made: Made;
    let outcome: ConfirmOutcome;
    try {
      made = await create();
    } catch (failure) {
      setProcessing(false);
      const refused = refusedDetails(failure);
      if (refused && onRefusedDetails) onRefusedDetails(refused);
      else
        setError({ message: reason({ message: errorMessage(failure, CHECKOUT_MESSAGES.unexpectedError) }) });
      return null;
    }
    try {
      outcome = await confirm(made, `${window.location.origin}/payment/success?${linkQuery}`);
    } catch (failure) {
      outcome = { status: 'failed', message: errorMessage(failure, '') || undefined };
    }
    if (outcome.status === 'failed') {
      setProcessing(false);
      setError(refusal(outcome, reason(outcome)));
      return null;
    }
    if (outcome.status === 'redirect') window.location.assign(outcome.url);
    else forgetPayer(page.id);
    return { made, outcome };
  }

  /**
   * Pays with `confirm`; `wallet` names the device wallet (e.g. 'Apple Pay') when one is used.
   * Resolves true when the payment went through or on to 3-D Secure, false when it was refused (the
   * form then shows why). `onRefusedDetails` gets the server's messages by field when it refuses one
   * of the payer's details (it alone normalises the phone). `consent` is the card-on-file consent
   * box, on a page that asks for it.
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
      () => createPaymentIntent(page.id, { ...billing, attemptId, ...consent, ...termsAnswer }),
      (intent, returnUrl) => confirm(intent, billing, returnUrl),
      (failure) => failureMessage(failure, wallet),
      onRefusedDetails,
    );
    if (done?.outcome.status !== 'succeeded') {
      // Only the wallet's own toast: dismissing with no id would take every toast away.
      if (progress !== undefined) toast.dismiss(progress);
      return done !== null;
    }
    // The success page shows the reference at once: the toast says no more than that it worked.
    toast.success(wallet ? `${wallet} payment successful!` : CHECKOUT_MESSAGES.paymentSuccessful, {
      id: progress,
    });
    navigate(`/payment/success?${linkQuery}&payment_id=${encodeURIComponent(done.made.paymentIntentId)}`);
    return true;
  }

  /**
   * Saves the card with `confirm` on a link that secures an appointment
   * (docs/decisions/0095-secure-your-appointment.md): nothing is paid. On success the patient goes to
   * the success page, which shows the card once the provider's event has recorded it; on a refusal
   * they stay on the form with the reason, as for pay. `onRefusedDetails` as for pay.
   */
  async function save(
    billing: Billing,
    confirm: ConfirmSetup,
    onRefusedDetails: (fieldErrors: Partial<Record<RefusableField, string>>) => void,
    consent: { cardOnFileConsent: boolean },
  ): Promise<boolean> {
    const done = await createAndConfirm(
      () => createSetupIntent(page.id, { ...billing, attemptId, ...consent }),
      (setup, returnUrl) => confirm(setup, billing, returnUrl),
      (failure) =>
        CHECKOUT_MESSAGES.cardNotSaved(
          failure.message ?? failure.intentStatus ?? CHECKOUT_MESSAGES.unexpectedError,
        ),
      onRefusedDetails,
    );
    if (done?.outcome.status !== 'succeeded') return done !== null;
    toast.success(CHECKOUT_MESSAGES.cardSavedToast);
    navigate(`/payment/success?${linkQuery}&setup_intent=${encodeURIComponent(done.made.setupIntentId)}`);
    return true;
  }

  return { pay, save, processing, error, termsAccepted, setTermsAccepted };
}
