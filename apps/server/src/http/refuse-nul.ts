/**
 * Refuses any request whose parameters, query or parsed body hold a NUL character (U+0000).
 * PostgreSQL cannot store NUL in text or jsonb, so such input would otherwise fail deep inside a
 * query as a 500, possibly after a provider call. Raw bodies (webhooks) are left to their verifier.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';

export const NUL_MESSAGE = 'The request contains characters that are not allowed';

function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  for (const [key, entry] of Object.entries(value)) {
    if (key.includes('\u0000') || holdsNul(entry, depth + 1)) return true;
  }
  return false;
}

/**
 * preValidation hook: 400 before any handler runs. Synchronous, so a request with nothing to check
 * (most GETs) costs no promise (issue #15).
 */
export function refuseNul(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: (error?: AppError) => void,
): void {
  if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body)) {
    done(new AppError('BAD_REQUEST', NUL_MESSAGE));
    return;
  }
  done();
}
