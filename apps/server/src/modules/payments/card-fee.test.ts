import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectedClinicWithLink, payPage, sandboxOf } from '../../../test/sandbox.js';
import { createTestApp } from '../../../test/test-app.js';
import { payments, webhookEvents } from '../../db/schema/index.js';
import { sandboxWebhookSecrets } from '../../gateway/sandbox/sandbox-gateway.js';
import { signLikeStripe } from '../../gateway/webhook-signature.js';

describe('the card fee from charge.updated', () => {
  let app: FastifyInstance;
  let linkId: string;
  beforeAll(async () => {
    app = await createTestApp();
    linkId = (await connectedClinicWithLink(app, 10_000)).linkId;
  });
  afterAll(() => app.close());

  const paidIntent = () => payPage(app, linkId);
  const chargeUpdated = (paymentIntentId: string) => {
    const secret = sandboxOf(app).webhookSecret;
    const eventId = `evt_${randomUUID()}`;
    const payload = JSON.stringify({
      id: eventId,
      object: 'event',
      type: 'charge.updated',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: `ch_${paymentIntentId}`, object: 'charge', payment_intent: paymentIntentId } },
    });
    return {
      eventId,
      send: () =>
        app.inject({
          method: 'POST',
          url: '/api/webhooks/stripe',
          headers: {
            'content-type': 'application/json',
            'stripe-signature': signLikeStripe(payload, sandboxWebhookSecrets(secret).platform),
          },
          payload,
        }),
    };
  };
  const paymentOf = async (paymentIntentId: string) =>
    (await app.database.db.select().from(payments).where(eq(payments.stripePaymentId, paymentIntentId)))[0];

  it('fills in a card fee that was not known when the payment was recorded', async () => {
    const paymentIntentId = await paidIntent();
    await sandboxOf(app).events.deliverDue();
    await app.database.db
      .update(payments)
      .set({ stripeFee: null })
      .where(eq(payments.stripePaymentId, paymentIntentId));
    expect((await chargeUpdated(paymentIntentId).send()).statusCode).toBe(200);
    // £100.00 on 4242…, a US card: 3.25% + 20p (decision 0085).
    expect((await paymentOf(paymentIntentId))?.stripeFee).toBe(345);
  });

  it('is refused for a retry when it overtakes the succeeded event, so the fee is never lost', async () => {
    const paymentIntentId = await paidIntent();
    await sandboxOf(app).events.deliverDue();
    // Wind back to the moment before payment_intent.succeeded was processed: no payment, the event due.
    const { db } = app.database;
    await db.delete(payments).where(eq(payments.stripePaymentId, paymentIntentId));
    const [succeeded] = await db
      .select()
      .from(webhookEvents)
      .where(
        and(
          eq(webhookEvents.type, 'payment_intent.succeeded'),
          sql`${webhookEvents.payload}->'data'->'object'->>'id' = ${paymentIntentId}`,
        ),
      );
    await db.delete(webhookEvents).where(eq(webhookEvents.id, succeeded?.id ?? ''));
    await sandboxOf(app).events.redeliver([succeeded?.id ?? '']);

    const early = chargeUpdated(paymentIntentId);
    expect((await early.send()).statusCode).toBe(503);
    expect(await db.select().from(webhookEvents).where(eq(webhookEvents.id, early.eventId))).toEqual([]);

    await sandboxOf(app).events.deliverDue();
    expect((await early.send()).statusCode).toBe(200);
    expect((await paymentOf(paymentIntentId))?.stripeFee).toBe(345);
  });
});
