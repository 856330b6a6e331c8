import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClinic } from '../../test/accounts.js';
import { createTestApp } from '../../test/test-app.js';
import { contactMessages, paymentRequests } from '../db/schema/index.js';
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

  it.each([
    ['a lone high surrogate', 'Ada \ud800'],
    ['a lone low surrogate', '\udc00 Ada'],
    ['a NUL', 'Ada\u0000'],
  ])(
    'in a payment request’s patient name (%s) is refused at the field, storing nothing',
    async (_what, name) => {
      const { cookies } = await signedInClinic(app);
      const response = await app.inject({
        method: 'POST',
        url: '/api/payment-requests',
        cookies,
        payload: { patientName: name, patientEmail: 'ada@example.co.uk', customAmount: 4500 },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        fieldErrors: { patientName: NUL_MESSAGE },
      });
      expect(await app.database.db.select().from(paymentRequests)).toEqual([]);
    },
  );

  it('lets paired surrogates (an emoji) through', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Ada 😀', email: 'ada@example.co.uk', subject: 'Hi', message: 'Hello there 😀' },
    });
    expect(response.statusCode).not.toBe(400);
  });
});
