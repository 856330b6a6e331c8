/**
 * A correctly signed payment event about a payment intent the provider does not know is acknowledged
 * with nothing recorded, so the provider does not retry it for days (decision 0020); a provider that cannot
 * answer now is the one case answered 503, for the event to come again.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sandboxOf } from '../../../test/sandbox.js';
import { createTestApp } from '../../../test/test-app.js';
import { payments, webhookEvents } from '../../db/schema/index.js';
import { GatewayOutcomeUnknownError } from '../../gateway/gateway.js';
import { sandboxWebhookSecrets } from '../../gateway/sandbox/sandbox-gateway.js';
import { signLikeStripe } from '../../gateway/webhook-signature.js';

describe('payment events about an unknown payment intent', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  function send(type: string, object: Record<string, unknown>) {
    const { webhookSecret } = sandboxOf(app);
    const id = `evt_test_${randomUUID()}`;
    const payload = JSON.stringify({
      id,
      object: 'event',
      created: Math.floor(Date.now() / 1000),
      type,
      data: { object },
    });
    const response = app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      payload,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signLikeStripe(payload, sandboxWebhookSecrets(webhookSecret).platform),
      },
    });
    return { id, response };
  }
  const storedEvent = (id: string) =>
    app.database.db.select().from(webhookEvents).where(eq(webhookEvents.id, id));

  it('acknowledges payment_intent.succeeded and charge.updated with 200, recording nothing', async () => {
    const before = await app.database.db.select().from(payments);
    const succeeded = send('payment_intent.succeeded', {
      id: 'pi_sbx_unknown',
      object: 'payment_intent',
      status: 'succeeded',
      amount: 4500,
      metadata: { clinic_id: randomUUID() },
    });
    expect((await succeeded.response).statusCode).toBe(200);
    const updated = send('charge.updated', {
      id: 'ch_sbx_unknown',
      object: 'charge',
      payment_intent: 'pi_sbx_unknown',
    });
    expect((await updated.response).statusCode).toBe(200);
    expect(await app.database.db.select().from(payments)).toEqual(before);
    // Acknowledged once: the event is kept as processed, so a repeat is a duplicate.
    expect(await storedEvent(succeeded.id)).toHaveLength(1);
  });

  it('answers 503, storing nothing, while the provider cannot say', async () => {
    const unreachable = vi
      .spyOn(app.gateway, 'retrievePaymentIntent')
      .mockRejectedValueOnce(new GatewayOutcomeUnknownError('connection reset'));
    try {
      const event = send('payment_intent.succeeded', { id: 'pi_sbx_later', object: 'payment_intent' });
      const response = await event.response;
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toBe(
        "The card provider's payment could not be read; deliver this event again later",
      );
      expect(await storedEvent(event.id)).toHaveLength(0);
    } finally {
      unreachable.mockRestore();
    }
  });
});
