/**
 * Confirming with Stripe.js (docs/product.md#server-calls: "the card provider's browser client confirms
 * the card payment with the client secret, using either the card element with billing details or a
 * wallet payment method id").
 * Each returns a ConfirmOutcome; Stripe.js runs any 3-D Secure challenge in its own modal first.
 * docs.stripe.com/js/payment_intents/confirm_card_payment
 */
import type { PaymentIntentResult, Stripe, StripeCardElement, StripeElements } from '@stripe/stripe-js';
import type {
  Billing,
  ConfirmOutcome,
  IntentForConfirmation,
  SetupForConfirmation,
} from '../lib/use-checkout';

function outcomeOf(result: PaymentIntentResult): ConfirmOutcome {
  // A payment request's one intent, already paid from another tab (decision 0020): Stripe.js refuses
  // the confirmation, but the request is paid, so this tab goes to the success page as the sandbox's does.
  if (result.error?.payment_intent?.status === 'succeeded') return { status: 'succeeded' };
  if (result.error) return { status: 'failed', message: result.error.message, code: result.error.code };
  if (!result.paymentIntent) return { status: 'failed', message: 'No payment intent returned' };
  if (result.paymentIntent.status === 'succeeded') return { status: 'succeeded' };
  return { status: 'failed', intentStatus: result.paymentIntent.status };
}

/** Confirms with the card Element and the payer's billing details. */
export async function confirmStripeCard(
  stripe: Stripe,
  card: StripeCardElement,
  intent: IntentForConfirmation,
  billing: Billing,
): Promise<ConfirmOutcome> {
  return outcomeOf(
    await stripe.confirmCardPayment(intent.clientSecret, {
      payment_method: {
        card,
        billing_details: { name: billing.name, email: billing.email, phone: billing.phone ?? undefined },
      },
    }),
  );
}

/**
 * Saves the card in the card Element with the SetupIntent, nothing paid, on a link that secures an
 * appointment (docs.stripe.com/js/setup_intents/confirm_card_setup); Stripe.js runs any 3-D Secure
 * challenge in its own modal first.
 */
export async function confirmStripeSetup(
  stripe: Stripe,
  card: StripeCardElement,
  setup: SetupForConfirmation,
  billing: Billing,
): Promise<ConfirmOutcome> {
  const result = await stripe.confirmCardSetup(setup.clientSecret, {
    payment_method: {
      card,
      billing_details: { name: billing.name, email: billing.email, phone: billing.phone ?? undefined },
    },
  });
  if (result.error) return { status: 'failed', message: result.error.message, code: result.error.code };
  if (result.setupIntent?.status === 'succeeded') return { status: 'succeeded' };
  return { status: 'failed', intentStatus: result.setupIntent?.status };
}

/**
 * After the Express Checkout Element's confirm event: validates the wallet sheet and turns it into a
 * payment method (the Elements group is created with paymentMethodCreation 'manual').
 * docs.stripe.com/js/elements/submit, docs.stripe.com/js/payment_methods/create_payment_method_elements
 */
export async function createWalletPaymentMethod(
  stripe: Stripe,
  elements: StripeElements,
): Promise<{ paymentMethodId: string } | { message: string }> {
  const submitted = await elements.submit();
  if (submitted.error) return { message: submitted.error.message || 'Invalid payment data' };
  const created = await stripe.createPaymentMethod({ elements });
  if (created.error || !created.paymentMethod) {
    return { message: created.error?.message || 'Payment details are missing' };
  }
  return { paymentMethodId: created.paymentMethod.id };
}

/**
 * Confirms with the wallet's payment method id. As Stripe advises for wallets, the first confirmation
 * leaves next actions alone so the wallet sheet can close; a card that still needs 3-D Secure is then
 * confirmed again, which runs the challenge.
 */
export async function confirmStripeWallet(
  stripe: Stripe,
  intent: IntentForConfirmation,
  paymentMethodId: string,
): Promise<ConfirmOutcome> {
  const first = await stripe.confirmCardPayment(
    intent.clientSecret,
    { payment_method: paymentMethodId },
    { handleActions: false },
  );
  if (first.paymentIntent?.status === 'requires_action') {
    return outcomeOf(await stripe.confirmCardPayment(intent.clientSecret));
  }
  return outcomeOf(first);
}
