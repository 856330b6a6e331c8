/**
 * One helper for the limits some routes keep on top of the API-wide limit per address: a window per
 * key (a page, a clinic, an account), counted in the shared store every process uses (decision 0021).
 * Every refusal, the API-wide one included, is RATE_LIMITED (429) with the one RATE_LIMITED_MESSAGE.
 */
import { RATE_LIMITED_MESSAGE } from '@clinicpay/shared';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { AppError } from './app-error.js';
import type { CountRequest } from './rate-limit-store.js';

export interface KeyedLimit {
  /** Names the limit, so equal keys of two limits never share a counter. */
  name: string;
  /** Requests allowed per window and key. */
  max: number;
  /** The window, as @fastify/rate-limit reads it: '1 minute', '15 minutes', '1 hour'. */
  timeWindow: string;
  /** What the limit counts by: a page id, a clinic id, an account and address. */
  key: (request: FastifyRequest) => string;
}

/** The refusal every limit answers with. */
export function rateLimited(): AppError {
  return new AppError('RATE_LIMITED', RATE_LIMITED_MESSAGE);
}

/**
 * A preHandler that counts the request under `limit.key(request)` and refuses it with RATE_LIMITED
 * (429) once the window's `max` is used up. Needs @fastify/rate-limit registered in the scope.
 */
export function limitPerKey(app: FastifyInstance, limit: KeyedLimit) {
  const check = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.timeWindow,
    keyGenerator: (request: FastifyRequest) => `${limit.name}:${limit.key(request)}`,
  });
  return async (request: FastifyRequest) => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) throw rateLimited();
  };
}

export interface ApiWideLimit {
  /** Requests allowed per address and window. */
  max: number;
  /** The window in milliseconds. */
  timeWindowMs: number;
  /** The shared store's API-wide counter (`sharedRateLimitStore(...).countApiRequest`). */
  count: CountRequest;
}

/**
 * The API-wide limit per address (decisions 0021, 0140): an onRequest hook on every route of `api`
 * that keeps no limit of its own (`config.rateLimit` unset; `rateLimit: false` opts out, and a route's
 * own limit replaces it, as @fastify/rate-limit's global limit does). It counts the address as the
 * plugin does (`normalizeIP`, IPv6 by its /64) in the same shared row, sets the plugin's
 * x-ratelimit-limit, -remaining and -reset headers (seconds), and refuses with RATE_LIMITED (429) and
 * retry-after once the window's `max` is used up. The hook is synchronous: a count held ahead lets the
 * request through with no promise. Must be called before the scope's routes are declared.
 */
export function apiWideRateLimit(api: FastifyInstance, limit: ApiWideLimit): void {
  const { max, timeWindowMs, count } = limit;
  const hook: onRequestHookHandler = (request, reply, done) => {
    count(normalizeIP(request.ip), timeWindowMs, max, (error, counter) => {
      if (error || !counter) return done(error ?? new Error('the rate-limit counter was not written'));
      const reset = Math.ceil(counter.ttl / 1000);
      reply.header('x-ratelimit-limit', max);
      reply.header('x-ratelimit-remaining', Math.max(0, max - counter.current));
      reply.header('x-ratelimit-reset', reset);
      if (counter.current <= max) return done();
      reply.header('retry-after', reset);
      done(rateLimited());
    });
  };
  api.addHook('onRoute', (route) => {
    if (route.config?.rateLimit != null) return;
    route.onRequest = [route.onRequest ?? []].flat().concat(hook);
  });
}
