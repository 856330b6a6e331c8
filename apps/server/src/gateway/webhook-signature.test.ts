import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxOf } from '../../test/sandbox.js';
import { createTestApp } from '../../test/test-app.js';
import { webhookEvents } from '../db/schema/index.js';
import { WebhookSignatureError } from './gateway.js';
import { sandboxWebhookSecrets } from './sandbox/sandbox-gateway.js';
import { SIGNATURE_TOLERANCE_SECONDS, signLikeStripe, verifyStripeSignature } from './webhook-signature.js';

const SECRET = 'whsec_test_signature';
const nowSeconds = () => Math.floor(Date.now() / 1000);
const event = (overrides: object = {}) =>
  JSON.stringify({
    id: 'evt_signature',
    object: 'event',
    type: 'account.updated',
    created: nowSeconds(),
    data: { object: { id: 'acct_1' } },
    ...overrides,
  });
const verify = (payload: string, signature: string) =>
  verifyStripeSignature(Buffer.from(payload), signature, SECRET);

describe('verifying Stripe signatures', () => {
  it('accepts a signature made now, or a little ahead of our clock', () => {
    const payload = event();
    expect(verify(payload, signLikeStripe(payload, SECRET)).id).toBe('evt_signature');
    expect(verify(payload, signLikeStripe(payload, SECRET, nowSeconds() + 60)).type).toBe('account.updated');
  });

  it('refuses a signature dated beyond the tolerance, in the past or in the future', () => {
    const payload = event();
    const later = nowSeconds() + SIGNATURE_TOLERANCE_SECONDS + 5;
    const earlier = nowSeconds() - SIGNATURE_TOLERANCE_SECONDS - 5;
    expect(() => verify(payload, signLikeStripe(payload, SECRET, later))).toThrow(WebhookSignatureError);
    expect(() => verify(payload, signLikeStripe(payload, SECRET, nowSeconds() + 365 * 86_400))).toThrow(
      WebhookSignatureError,
    );
    expect(() => verify(payload, signLikeStripe(payload, SECRET, earlier))).toThrow(WebhookSignatureError);
  });

  it('reads the signing time as the SDK does, so an extra t= cannot hide a future date', () => {
    const payload = event();
    const future = signLikeStripe(payload, SECRET, nowSeconds() + 86_400);
    expect(() => verify(payload, `t=${nowSeconds()},${future}`)).toThrow(WebhookSignatureError);
  });

  it.each([
    ['an empty object', '{}'],
    ['an array', '[]'],
    ['null', 'null'],
    ['a string', '"evt"'],
    ['an event without data', event({ data: undefined })],
    ['an event whose type is a prototype name', event({ type: 'constructor' })],
    ['an event whose type is __proto__', event({ type: '__proto__' })],
    ['an event with a numeric id', event({ id: 123 })],
    ['an event with a NUL in its id', event({ id: 'evt_\u0000' })],
    ['an event created after year 9999', event({ created: 1e20 })],
    ['an event with a text date', event({ created: 'yesterday' })],
  ])('refuses a correctly signed body that is not an event: %s', (_name, payload) => {
    expect(() => verify(payload, signLikeStripe(payload, SECRET))).toThrow(WebhookSignatureError);
  });
});

describe('the webhook endpoints and odd signed bodies (decision 0042)', () => {
  let app: FastifyInstance;
  let secrets: ReturnType<typeof sandboxWebhookSecrets>;
  beforeAll(async () => {
    app = await createTestApp();
    secrets = sandboxWebhookSecrets(sandboxOf(app).webhookSecret);
  });
  afterAll(() => app.close());

  const send = (url: string, payload: string, signature: string) =>
    app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });

  it('answers a future-dated signature with 400 and stores nothing', async () => {
    const payload = event({ id: 'evt_future' });
    const response = await send(
      '/api/webhooks/stripe-connect',
      payload,
      signLikeStripe(payload, secrets.connect, nowSeconds() + 3600),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Invalid webhook signature');
    expect(
      await app.database.db.select().from(webhookEvents).where(eq(webhookEvents.id, 'evt_future')),
    ).toEqual([]);
  });

  it.each([
    ['/api/webhooks/stripe', '{}'],
    ['/api/webhooks/stripe', event({ type: 'toString' })],
    ['/api/webhooks/stripe-connect', event({ type: 'constructor' })],
    ['/api/webhooks/stripe', event({ id: 'evt_\u0000' })],
    ['/api/webhooks/stripe-connect', event({ created: 1e20 })],
  ])('answers a signed body that is not an event on %s with 400: %s', async (url, payload) => {
    const secret = url.endsWith('connect') ? secrets.connect : secrets.platform;
    expect((await send(url, payload, signLikeStripe(payload, secret))).statusCode).toBe(400);
  });
});
