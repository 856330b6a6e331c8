import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClinic } from '../../../test/accounts.js';
import { confirmWithCard, connectedClinic, sandboxOf } from '../../../test/sandbox.js';
import { createTestApp } from '../../../test/test-app.js';
import { clinics, paymentRequests, payments, sandboxEvents } from '../../db/schema/index.js';

describe('GET /api/payments', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  /** A new connected clinic's payment link (`amount` in pence) and a payer's intent for it. */
  async function clinicLinkAndIntent(
    linkFields: { title: string; amount: number },
    payer: { name: string; email: string },
  ) {
    const clinic = await connectedClinic(app);
    const { link } = (
      await app.inject({
        method: 'POST',
        url: '/api/payment-links',
        cookies: clinic.cookies,
        payload: linkFields,
      })
    ).json();
    const intent = (
      await app.inject({
        method: 'POST',
        url: `/api/public/payments/${link.id}/payment-intents`,
        payload: { ...payer, attemptId: randomUUID() },
      })
    ).json();
    return { clinic, link, intent };
  }

  it('dates a payment when it was paid, not when its event was delivered days later', async () => {
    const { clinic, intent } = await clinicLinkAndIntent(
      { title: 'Late event', amount: 2500 },
      {
        name: 'Late Patient',
        email: 'late@patient.example',
      },
    );
    // The provider makes the event two days ago (in whole seconds, as Stripe's `created`), and the
    // endpoint takes no event until the outage is over.
    const paidAt = new Date(Math.floor(Date.now() / 1000 - 2 * 86_400) * 1000);
    const events = sandboxOf(app).events;
    events.stop();
    try {
      await confirmWithCard(app, intent, '4242424242424242');
      const [event] = await app.database.db
        .select()
        .from(sandboxEvents)
        .where(
          and(
            like(sandboxEvents.payload, '%"payment_intent.succeeded"%'),
            like(sandboxEvents.payload, `%${intent.paymentIntentId}%`),
          ),
        );
      if (!event) throw new Error('no succeeded event');
      await app.database.db
        .update(sandboxEvents)
        .set({ payload: JSON.stringify({ ...JSON.parse(event.payload), created: paidAt.getTime() / 1000 }) })
        .where(eq(sandboxEvents.id, event.id));
    } finally {
      events.start();
    }
    await events.deliverDue();

    const [payment] = await app.database.db
      .select({ paidAt: payments.paidAt })
      .from(payments)
      .where(eq(payments.stripePaymentId, intent.paymentIntentId));
    // Within the provider's second, at its end: the event says no more than the second.
    const lastOfTheSecond = new Date(paidAt.getTime() + 999).toISOString();
    expect(payment?.paidAt.toISOString()).toBe(lastOfTheSecond);
    const page = (await app.inject({ url: '/api/payments', cookies: clinic.cookies })).json();
    expect(page.items[0]).toMatchObject({ patientName: 'Late Patient', status: 'paid' });
    expect(new Date(page.items[0].date).toISOString()).toBe(lastOfTheSecond);
  });

  it('takes the events of an intent ClinicPay did not make at once, recording a payment only for a clinic of ours', async () => {
    const clinic = await connectedClinic(app);
    const [row] = await app.database.db.select().from(clinics).where(eq(clinics.id, clinic.user.clinicId));
    // A request of another clinic, which an intent naming this one must not pay.
    const stranger = await connectedClinic(app);
    const [othersRequest] = await app.database.db
      .insert(paymentRequests)
      .values({
        clinicId: stranger.user.clinicId,
        customAmount: 1500,
        patientName: 'Other Patient',
        patientEmail: 'other@patient.example',
      })
      .returning();
    const cases = [
      { clinicId: 'not-a-clinic', recorded: false },
      { clinicId: randomUUID(), recorded: false },
      { clinicId: clinic.user.clinicId, recorded: true },
    ];
    for (const { clinicId, recorded } of cases) {
      const made = await sandboxOf(app).createPaymentIntent({
        amount: 1500,
        applicationFeeAmount: 45,
        destinationAccountId: String(row?.stripeAccountId),
        // A link and a request that are none of the clinic's.
        metadata: {
          clinic_id: clinicId,
          payment_link_id: randomUUID(),
          payment_request_id: String(othersRequest?.id),
        },
        statementDescriptorSuffix: null,
        idempotencyKey: `elsewhere:${randomUUID()}`,
      });
      await confirmWithCard(
        app,
        { paymentIntentId: made.id, clientSecret: made.clientSecret },
        '4242424242424242',
      );
      await sandboxOf(app).events.deliverDue();
      const events = await app.database.db
        .select()
        .from(sandboxEvents)
        .where(like(sandboxEvents.payload, `%${made.id}%`));
      // For an intent of no clinic of ours, payment_intent.succeeded, charge.succeeded and charge.updated
      // are each acknowledged at their first delivery: a 500 or a 503 would have the provider send them
      // again for days. (Ours may see charge.updated before its payment is recorded, and retry it.)
      expect(events.length).toBeGreaterThanOrEqual(3);
      if (!recorded)
        for (const event of events)
          expect(event, `${clinicId}: ${JSON.parse(event.payload).type}`).toMatchObject({
            attempts: 1,
            lastError: null,
          });
      const payment = await app.database.db
        .select()
        .from(payments)
        .where(eq(payments.stripePaymentId, made.id));
      expect(payment).toMatchObject(
        recorded ? [{ clinicId, paymentLinkId: null, paymentRequestId: null, status: 'paid' }] : [],
      );
    }
    const [untouched] = await app.database.db
      .select()
      .from(paymentRequests)
      .where(eq(paymentRequests.id, String(othersRequest?.id)));
    expect(untouched).toMatchObject({ status: 'sent', paidAt: null });
  });

  it('lists paid payments and unpaid requests as sent, newest first, for this clinic only', async () => {
    const { clinic, link, intent } = await clinicLinkAndIntent(
      { title: 'Deposit', amount: 4500 },
      {
        name: 'Ada Patient',
        email: 'ada@patient.example',
      },
    );
    await confirmWithCard(app, intent, '4242424242424242');
    await sandboxOf(app).events.deliverDue();
    await app.database.db.insert(paymentRequests).values({
      clinicId: clinic.user.clinicId,
      customAmount: 9900,
      patientName: 'Grace Patient',
      patientEmail: 'grace@patient.example',
    });

    const page = (await app.inject({ url: '/api/payments', cookies: clinic.cookies })).json();
    expect(page.total).toBe(2);
    expect(page.items[0]).toMatchObject({
      patientName: 'Grace Patient',
      amount: 9900,
      status: 'sent',
      type: 'other',
      linkTitle: 'Custom Payment Request',
      reference: null,
      isRequest: true,
    });
    expect(page.items[1]).toMatchObject({
      patientName: 'Ada Patient',
      amount: 4500,
      platformFee: 135,
      status: 'paid',
      type: 'deposit',
      linkTitle: 'Deposit',
      paymentLinkId: link.id,
      isRequest: false,
    });
    expect(page.items[1].reference).toMatch(/^CP-/);

    const second = (
      await app.inject({ url: '/api/payments?page=2&pageSize=1', cookies: clinic.cookies })
    ).json();
    expect(second.items.map((item: { patientName: string }) => item.patientName)).toEqual(['Ada Patient']);

    const other = await signedInClinic(app);
    expect((await app.inject({ url: '/api/payments', cookies: other.cookies })).json()).toMatchObject({
      total: 0,
      items: [],
    });
    expect((await app.inject({ url: '/api/payments' })).statusCode).toBe(401);
  });
});
