/**
 * When the app asks the server again after a failed read. TanStack Query retries every failed query
 * three times by default, waiting 1, 2 and 4 s (tanstack.com/query/latest/docs/framework/react/guides/query-retries),
 * so a page the server had refused (a payout of another clinic, Payouts before the clinic is connected)
 * showed its spinner for seven seconds before saying why. A refusal is the server's answer and will not
 * change by itself: it is shown at once. A read that got no answer (the network), a server error (5xx),
 * a timeout (408) or a rate limit (429) may succeed later, and is retried as before (decision 0133).
 */
import { ApiError } from './api-client';

/** Tries in all for a read that may succeed later: TanStack Query's default of three retries. */
const RETRIES = 3;

/** Statuses under 500 that mean "not now" rather than "no". */
const TRANSIENT = new Set([408, 429]);

/**
 * The query client's `retry`: true to ask again after `failureCount` failures ending in `error`.
 * False at once for a 4xx the server answered (but 408 and 429).
 */
export function retryUnlessRefused(failureCount: number, error: unknown): boolean {
  if (failureCount >= RETRIES) return false;
  if (error instanceof ApiError && error.answered && error.status < 500) return TRANSIENT.has(error.status);
  return true;
}
