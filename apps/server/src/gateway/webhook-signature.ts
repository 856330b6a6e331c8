/**
 * Webhook signatures in Stripe's scheme (docs.stripe.com/webhooks#verify-events): both gateways use
 * the SDK's own verification, and the sandbox signs its events with the SDK's header generator, so one
 * endpoint and one handler serve both.
 */
import Stripe from 'stripe';
import { type ProviderEvent, WebhookSignatureError } from './gateway.js';

/** Seconds a signature stays valid (Stripe's default tolerance). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export function verifyStripeSignature(
  rawBody: Buffer,
  signature: string | undefined,
  secret: string,
): ProviderEvent {
  if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header');
  try {
    return Stripe.webhooks.constructEvent(
      rawBody,
      signature,
      secret,
      SIGNATURE_TOLERANCE_SECONDS,
    ) as unknown as ProviderEvent;
  } catch (error) {
    throw new WebhookSignatureError(error instanceof Error ? error.message : undefined);
  }
}

/** The Stripe-Signature header for a payload, as Stripe would send it. */
export function signLikeStripe(
  payload: string,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
}
