/**
 * CSRF protection for the API (decision 0005): a mutating request whose Origin header
 * names another site is refused. Together with JSON-only bodies (no form encodings are parsed, see
 * app.ts), a cross-site HTML form cannot reach a mutating route.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CROSS_SITE_MESSAGE = 'Cross-site requests are not allowed';

/** Builds the onRequest hook; publicUrl is the configured origin of the app. */
export function originCheck(publicUrl: string) {
  const configuredOrigin = new URL(publicUrl).origin;
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin === undefined) return;
    const ownOrigin = `${request.protocol}://${request.host}`;
    if (origin !== configuredOrigin && origin !== ownOrigin) {
      throw new AppError('FORBIDDEN', CROSS_SITE_MESSAGE);
    }
  };
}
