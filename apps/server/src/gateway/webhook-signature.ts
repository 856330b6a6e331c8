/**
 * Webhook signatures in Stripe's scheme (docs.stripe.com/webhooks#verify-events): both gateways use
 * the SDK's own verification, and the sandbox signs its events with the SDK's header generator, so one
 * endpoint and one handler serve both.
 */
import Stripe from 'stripe';
import { z } from 'zod';
import { type ProviderEvent, WebhookSignatureError } from './gateway.js';

/** Seconds a signature stays valid (Stripe's default tolerance). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** The latest time PostgreSQL and Date both hold (9999-12-31T23:59:59Z), in seconds. */
const LAST_SECOND = 253_402_300_799;

/**
 * The envelope every Stripe event has (docs.stripe.com/api/events/object). A signed body of another
 * shape is refused like a bad signature, never handed on to fail as a 500 (decision 0042); what the object
 * itself holds is each handler's business.
 */
const eventEnvelopeSchema = z.looseObject({
  id: z.string().regex(/^[\x21-\x7e]{1,255}$/),
  // Stripe's event types are dotted lowercase words ('payment_intent.succeeded'), never a bare
  // '__proto__' or 'constructor'.
  type: z.string().regex(/^[a-z0-9_]+(\.[a-z0-9_]+)+$/),
  created: z.number().int().min(0).max(LAST_SECOND),
  account: z.string().nullish(),
  data: z.looseObject({ object: z.record(z.string(), z.unknown()) }),
});

/**
 * The header's signing time in seconds, read as the SDK reads it (the last `t=` wins), or NaN.
 */
function signedAt(signature: string): number {
  let timestamp = Number.NaN;
  for (const item of signature.split(',')) {
    const [name, value] = item.split('=');
    if (name === 't') timestamp = Number.parseInt(value ?? '', 10);
  }
  return timestamp;
}

/**
 * Verifies a Stripe-Signature header on the raw body and returns the event; throws
 * WebhookSignatureError for a missing, wrong, stale or future-dated signature, or a signed body that
 * is not an event.
 */
export function verifyStripeSignature(
  rawBody: Buffer,
  signature: string | undefined,
  secret: string,
  now = Date.now(),
): ProviderEvent {
  if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header');
  let event: unknown;
  try {
    event = Stripe.webhooks.constructEvent(
      rawBody,
      signature,
      secret,
      SIGNATURE_TOLERANCE_SECONDS,
      undefined,
      now,
    );
  } catch (error) {
    throw new WebhookSignatureError(error instanceof Error ? error.message : undefined);
  }
  // The SDK refuses only signatures older than the tolerance. One dated ahead would be accepted until
  // its date passed, so a request signed for next year could be replayed all year.
  if (signedAt(signature) - Math.floor(now / 1000) > SIGNATURE_TOLERANCE_SECONDS) {
    throw new WebhookSignatureError('Timestamp outside the tolerance zone');
  }
  // Checked, not copied: the event goes on exactly as signed.
  if (!eventEnvelopeSchema.safeParse(event).success) {
    throw new WebhookSignatureError('The signed body is not a Stripe event');
  }
  return event as ProviderEvent;
}

/** The Stripe-Signature header for a payload, as Stripe would send it. */
export function signLikeStripe(
  payload: string,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
}
