/**
 * Idempotency keys for payment intents (decision 0083). Stripe refuses a key used again with other
 * parameters (400 idempotency_error: docs.stripe.com/api/idempotent_requests), so every key ends in a
 * digest of what the request sends: a new amount, fee, destination, statement suffix, payer or Customer saving the card makes a
 * new key, and the same request sent again (a double click, a retry after a timeout) reuses the key and
 * gets the same intent.
 */
import { createHash } from 'node:crypto';
import type { CreatePaymentIntentInput } from '../../gateway/gateway.js';

/** `base` followed by a 16-hex-digit digest of the intent's parameters (keys sorted). */
export function intentIdempotencyKey(
  base: string,
  terms: Omit<CreatePaymentIntentInput, 'idempotencyKey'>,
): string {
  const metadata = Object.fromEntries(Object.entries(terms.metadata).sort(([a], [b]) => a.localeCompare(b)));
  const digest = createHash('sha256')
    .update(
      JSON.stringify([
        terms.amount,
        terms.applicationFeeAmount,
        terms.destinationAccountId,
        terms.statementDescriptorSuffix,
        metadata,
        // Only when a card is saved, so the keys of other intents are as they were.
        ...(terms.saveCardForCustomerId ? [terms.saveCardForCustomerId] : []),
      ]),
    )
    .digest('hex')
    .slice(0, 16);
  return `${base}:${digest}`;
}
