import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.js';

describe("the sandbox's onboarding and 3-D Secure pages", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const query = '?return_url=http%3A%2F%2Flocalhost%3A3000%2Fx&refresh_url=x';

  // A malformed id answered 500 (issue #13): it is a link that is not valid, like an unknown one.
  it.each(['not-an-account', 'acct_sbx_XYZ', '__proto__', `acct_sbx_${'f'.repeat(40)}`])(
    'answers the onboarding link for %j with its not-valid page',
    async (accountId) => {
      const response = await app.inject({ url: `/sandbox/onboarding/${accountId}${query}` });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('This onboarding link is not valid');
    },
  );

  it.each(['not-an-intent', 'pi_sbx_XYZ', `pi_sbx_${'0'.repeat(24)}`])(
    'answers the 3-D Secure link for %j with its not-valid page',
    async (paymentIntentId) => {
      const response = await app.inject({
        url: `/sandbox/3ds/${paymentIntentId}?client_secret=x&return_url=x`,
      });
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('This authentication link is not valid');
    },
  );
});
