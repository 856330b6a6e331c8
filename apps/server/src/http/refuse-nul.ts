/**
 * Refuses any request whose parameters, query or parsed body hold text that cannot be stored: a NUL
 * character (U+0000), or an unpaired UTF-16 surrogate (JSON's "\ud800" alone). PostgreSQL cannot store
 * NUL in text or jsonb, nor a lone surrogate in jsonb (a notice's payload), so such input would
 * otherwise fail deep inside a query as a 500, or store a request whose email can never be queued.
 * Raw bodies (webhooks) are left to their verifier.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';

export const NUL_MESSAGE = 'The request contains characters that are not allowed';

// A high surrogate not followed by a low one, or a low one not preceded by a high one (what ES2024's
// String.prototype.isWellFormed finds; the project's TypeScript lib is ES2023).
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text that can be stored: no NUL, and every UTF-16 surrogate paired. */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

/**
 * The path of the first string (or key) in `value` that cannot be stored: [] for `value` itself,
 * ['name'] for a body's name field; null when everything can be stored.
 */
function refusedPath(value: unknown, depth = 0): string[] | null {
  if (typeof value === 'string') return isStorableText(value) ? null : [];
  if (depth > 32 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  for (const [key, entry] of Object.entries(value)) {
    if (!isStorableText(key)) return [key];
    const inner = refusedPath(entry, depth + 1);
    if (inner) return [key, ...inner];
  }
  return null;
}

/**
 * preValidation hook: 400 before any handler runs. A body field that holds such text is named in
 * `fieldErrors` (its top-level field, as forms name them), so the form shows the message at it.
 * Synchronous, so a request with nothing to check (most GETs) costs no promise.
 */
export function refuseNul(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: (error?: AppError) => void,
): void {
  if (refusedPath(request.params) || refusedPath(request.query)) {
    done(new AppError('BAD_REQUEST', NUL_MESSAGE));
    return;
  }
  const inBody = refusedPath(request.body);
  if (inBody) {
    const [field] = inBody;
    done(
      field
        ? new AppError('VALIDATION_FAILED', NUL_MESSAGE, { [field]: NUL_MESSAGE })
        : new AppError('BAD_REQUEST', NUL_MESSAGE),
    );
    return;
  }
  done();
}
