/**
 * One helper for the limits some routes keep on top of the API-wide limit per address: a window per
 * key (a page, a clinic, an account), counted in the shared store every process uses (decision 0021).
 * Every refusal, the API-wide one included, is RATE_LIMITED (429) with the one RATE_LIMITED_MESSAGE.
 */
import { RATE_LIMITED_MESSAGE } from '@clinicpay/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';

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
