/**
 * Whether an address has an account cannot be told from how long resend-verification, forgot-password
 * or sign-up take to answer (decision 0124): the first two queue the same job either way, and sign-up
 * answers no sooner than SIGN_UP_ANSWER_MS. Each route is timed alternately for an address with an
 * account and one without, and the medians compared.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signedInClinic, signUp, uniqueEmail } from '../../../test/accounts.js';
import { createTestApp } from '../../../test/test-app.js';

/** How far apart two medians may be and still be noise, in milliseconds. */
const NOISE_MS = 20;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

describe('answer times, with and without an account', () => {
  let app: FastifyInstance;
  let unverified: string;
  let verified: string;
  beforeAll(async () => {
    app = await createTestApp({ env: { SIGN_UP_ANSWER_MS: '300' } });
    verified = (await signedInClinic(app)).email;
    unverified = uniqueEmail('unverified');
    await signUp(app, unverified);
  });
  afterAll(() => app.close());

  /** Times `call` for the address with an account and without, alternately, `rounds` times each. */
  async function medians(rounds: number, call: (hasAccount: boolean) => Promise<number>) {
    const times = { with: [] as number[], without: [] as number[] };
    for (let round = 0; round < rounds; round++) {
      for (const hasAccount of [true, false]) {
        const started = performance.now();
        const status = await call(hasAccount);
        (hasAccount ? times.with : times.without).push(performance.now() - started);
        expect(status).toBeLessThan(500);
      }
    }
    return { with: median(times.with), without: median(times.without) };
  }

  const post = (url: string, payload: object) => app.inject({ method: 'POST', url, payload });

  it('resend-verification', async () => {
    const result = await medians(
      15,
      async (hasAccount) =>
        (await post('/api/auth/resend-verification', { email: hasAccount ? unverified : uniqueEmail() }))
          .statusCode,
    );
    expect(Math.abs(result.with - result.without)).toBeLessThan(NOISE_MS);
  });

  it('forgot-password', async () => {
    const result = await medians(
      15,
      async (hasAccount) =>
        (await post('/api/auth/forgot-password', { email: hasAccount ? verified : uniqueEmail() }))
          .statusCode,
    );
    expect(Math.abs(result.with - result.without)).toBeLessThan(NOISE_MS);
  });

  it('sign-up, which says when the address is taken but not by its timing', async () => {
    const result = await medians(
      7,
      async (hasAccount) => (await signUp(app, hasAccount ? verified : uniqueEmail(), PASSWORD)).statusCode,
    );
    expect(result.with).toBeGreaterThanOrEqual(299);
    expect(Math.abs(result.with - result.without)).toBeLessThan(NOISE_MS);
  });
});
