/**
 * Idempotency keys for payment intents (decision 0083). Stripe refuses a key used again with other
 * parameters (400 idempotency_error: docs.stripe.com/api/idempotent_requests), so every key ends in a
 * digest of what the request sends: a new amount, fee, destination, statement suffix, payer or Customer saving the card makes a
 * new key, and the same request sent again (a double click, a retry after a timeout) reuses the key and
 * gets the same intent.
 */
import { createHash } from 'node:crypto';
import type { CreatePaymentIntentInput } from '../../gateway/gateway.js';

function sorted(metadata: Record<string, string>) {
  return Object.fromEntries(Object.entries(metadata).sort(([a], [b]) => a.localeCompare(b)));
}

function keyOf(base: string, parameters: unknown[]): string {
  return `${base}:${createHash('sha256').update(JSON.stringify(parameters)).digest('hex').slice(0, 16)}`;
}

/** `base` followed by a 16-hex-digit digest of the intent's parameters (keys sorted). */
export function intentIdempotencyKey(
  base: string,
  terms: Omit<CreatePaymentIntentInput, 'idempotencyKey'>,
): string {
  return keyOf(base, [
    terms.amount,
    terms.applicationFeeAmount,
    terms.destinationAccountId,
    terms.statementDescriptorSuffix,
    sorted(terms.metadata),
    // Only when a card is saved, so the keys of other intents are as they were.
    ...(terms.saveCardForCustomerId ? [terms.saveCardForCustomerId] : []),
  ]);
}

/** The same for a SetupIntent: `base` and a digest of its Customer and metadata. */
export function setupIdempotencyKey(
  base: string,
  setup: { customerId: string; metadata: Record<string, string> },
): string {
  return keyOf(base, [setup.customerId, sorted(setup.metadata)]);
}
