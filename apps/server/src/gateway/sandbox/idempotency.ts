/**
 * Idempotent requests as Stripe keeps them (docs.stripe.com/api/idempotent_requests): a key used
 * again with the same parameters returns the first result; with other parameters it is refused with
 * 400 idempotency_error; a key is forgotten 24 hours after its first use, and a new request with it
 * then runs anew.
 */
import { createHash } from 'node:crypto';
import { GatewayError } from '../gateway.js';

/** How long Stripe remembers an idempotency key. */
export const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** A stable digest of a request's parameters: keys sorted at every level, so their order does not matter. */
export function requestFingerprint(parameters: Record<string, unknown>): string {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (value && typeof value === 'object')
      return Object.fromEntries(
        Object.keys(value)
          .sort()
          .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
      );
    return value ?? null;
  };
  return createHash('sha256')
    .update(JSON.stringify(canonical(parameters)))
    .digest('hex');
}

/** What to do with a row already stored under the request's idempotency key. */
export type ReusedKey = 'replay' | 'forgotten';

/**
 * Decides what a stored row under the same key means for a new request: 'replay' (return it),
 * 'forgotten' (older than 24 hours: run the request anew). Throws GatewayError 'idempotency_error'
 * when the key was used with other parameters, in Stripe's words.
 */
export function reuseOf(
  stored: { requestFingerprint: string; createdAt: Date },
  fingerprint: string,
  idempotencyKey: string,
  now = new Date(),
): ReusedKey {
  if (now.getTime() - stored.createdAt.getTime() >= IDEMPOTENCY_KEY_LIFETIME_MS) return 'forgotten';
  // Rows made before fingerprints were kept have none; they replay as before.
  if (stored.requestFingerprint && stored.requestFingerprint !== fingerprint) {
    throw new GatewayError(
      `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
      'idempotency_error',
    );
  }
  return 'replay';
}

/** The key a forgotten row is moved to, freeing the original key for a new request. */
export const forgottenKey = (idempotencyKey: string, rowId: string) => `${idempotencyKey}#forgotten#${rowId}`;

/**
 * Creates an object once per idempotency key, as Stripe does (reuseOf): the one stored under the key
 * when the request replays it; otherwise a new one, the stored one's key moved aside first when it was
 * forgotten. Of callers racing with one key, the insert that wins answers them all (`insert` resolves
 * to undefined on a key conflict). Throws GatewayError 'idempotency_error' for other parameters.
 */
export async function createOnce<Row extends { requestFingerprint: string; createdAt: Date }>(steps: {
  idempotencyKey: string;
  fingerprint: string;
  find: () => Promise<Row | undefined>;
  forget: (row: Row) => Promise<void>;
  insert: () => Promise<Row | undefined>;
}): Promise<Row> {
  const stored = await steps.find();
  if (stored) {
    if (reuseOf(stored, steps.fingerprint, steps.idempotencyKey) === 'replay') return stored;
    await steps.forget(stored);
  }
  const created = await steps.insert();
  if (created) return created;
  const existing = await steps.find();
  if (!existing) throw new GatewayError('The object could not be created');
  reuseOf(existing, steps.fingerprint, steps.idempotencyKey);
  return existing;
}
