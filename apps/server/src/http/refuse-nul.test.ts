import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.js';
import { contactMessages } from '../db/schema/index.js';
import { NUL_MESSAGE } from './refuse-nul.js';

describe('a NUL character in a request', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it.each([
    ['a path parameter', { method: 'GET', url: '/api/public/payment-intents/%00/reference' }],
    ['a public page id', { method: 'GET', url: '/api/public/payments/abc%00' }],
    ['a query string', { method: 'GET', url: '/api/platform-settings/fee?x=%00' }],
    [
      'a JSON body',
      {
        method: 'POST',
        url: '/api/contact',
        payload: { name: 'Ada\u0000', email: 'ada@example.co.uk', subject: 'Hi', message: 'Hello there' },
      },
    ],
    [
      'a nested JSON body',
      {
        method: 'POST',
        url: '/api/sandbox/payment-intents/pi_sbx_1/confirm',
        payload: {
          clientSecret: 'x',
          card: { number: '4242\u0000', expMonth: 1, expYear: 2030, cvc: '1' },
          returnUrl: '/',
        },
      },
    ],
  ] as const)('in %s is refused with a 400, changing nothing', async (_where, request) => {
    const response = await app.inject(request);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(NUL_MESSAGE);
    expect(await app.database.db.select().from(contactMessages)).toEqual([]);
  });
});
