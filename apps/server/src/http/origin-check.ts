/**
 * CSRF protection for the API (decision 0005): a mutating request whose Origin header
 * names another site is refused. Together with JSON-only bodies (no form encodings are parsed, see
 * app.ts), a cross-site HTML form cannot reach a mutating route.
 */
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { AppError } from './app-error.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CROSS_SITE_MESSAGE = 'Cross-site requests are not allowed';

/**
 * Builds the onRequest hook; publicUrl is the configured origin of the app. Synchronous, so a request
 * it lets through (every GET) costs no promise.
 */
export function originCheck(publicUrl: string) {
  const configuredOrigin = new URL(publicUrl).origin;
  return (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const origin = request.headers.origin;
    if (origin === undefined || SAFE_METHODS.has(request.method)) return done();
    const ownOrigin = `${request.protocol}://${request.host}`;
    if (origin !== configuredOrigin && origin !== ownOrigin) {
      return done(new AppError('FORBIDDEN', CROSS_SITE_MESSAGE));
    }
    done();
  };
}
