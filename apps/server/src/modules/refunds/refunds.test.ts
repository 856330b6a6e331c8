/**
 * Refunds through the real app and the sandbox gateway: full and partial refunds, every refused input
 * changing nothing, the audit entry and the patient's notice, and refunds made or failing at the
 * provider's side arriving as events.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin, signedInClinic } from '../../../test/accounts.js';
import {
  connectedClinicWithLink,
  payPage,
  pendingRefund,
  recordedPayment,
  sandboxOf,
} from '../../../test/sandbox.js';
import { createTestApp } from '../../../test/test-app.js';
import {
  auditLog,
  notifications,
  payments,
  refunds,
  sandboxEvents,
  sandboxRefunds,
  webhookEvents,
} from '../../db/schema/index.js';
import { sandboxWebhookSecrets } from '../../gateway/sandbox/sandbox-gateway.js';
import { signLikeStripe } from '../../gateway/webhook-signature.js';

type Cookies = Record<string, string>;

describe('POST /api/payments/:paymentId/refunds', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  /** A clinic with one recorded payment of `amount` pence, paid through the sandbox checkout. */
  const paidPayment = (amount = 4500) => recordedPayment(app, amount);

  const refund = (cookies: Cookies | undefined, paymentId: string, payload: unknown) =>
    app.inject({
      method: 'POST',
      url: `/api/payments/${paymentId}/refunds`,
      ...(cookies ? { cookies } : {}),
      payload: payload as Record<string, unknown>,
    });

  /** Everything a refund could change about one payment. */
  async function stateOf(paymentId: string) {
    const db = app.database.db;
    const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
    return {
      payment,
      refunds: await db.select().from(refunds).where(eq(refunds.paymentId, paymentId)),
      audit: await db.select().from(auditLog).where(eq(auditLog.entityId, paymentId)),
      notices: await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.paymentId, paymentId), eq(notifications.type, 'refund_confirmation'))),
    };
  }

  it('refunds the whole payment: refunded, one gateway refund, audited, patient told', async () => {
    const { clinic, payment, intentId } = await paidPayment(4500);
    const response = await refund(clinic.cookies, payment.id, { amount: 4500 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      refund: { amount: 4500, status: 'succeeded' },
      payment: { id: payment.id, status: 'refunded', refundedAmount: 4500 },
    });

    const state = await stateOf(payment.id);
    expect(state.payment).toMatchObject({ status: 'refunded', refundAmount: 4500, platformFee: 135 });
    expect(state.refunds).toHaveLength(1);
    expect(state.refunds[0]).toMatchObject({
      status: 'succeeded',
      amount: 4500,
      createdBy: clinic.user.id,
      idempotencyKey: `refund:${state.refunds[0]?.id}`,
    });
    expect(state.refunds[0]?.providerRefundId).toMatch(/^re_sbx_/);
    const gatewayRefunds = await app.database.db
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.paymentIntentId, intentId));
    expect(gatewayRefunds).toHaveLength(1);
    expect(gatewayRefunds[0]?.metadata).toMatchObject({ clinicpay_refund_id: state.refunds[0]?.id });

    expect(state.audit).toHaveLength(1);
    expect(state.audit[0]).toMatchObject({
      actorUserId: clinic.user.id,
      action: 'refund.succeeded',
      entityType: 'payment',
      details: { amount: 4500, refundId: state.refunds[0]?.id, by: 'clinic' },
    });
    expect(state.notices).toHaveLength(1);
    expect(state.notices[0]).toMatchObject({ status: 'pending', recipientType: 'patient' });
    expect(state.notices[0]?.payload).toMatchObject({
      notification_type: 'refund_confirmation',
      notification_method: { email: true, sms: false },
      patient: { name: 'Ada Patient', email: 'ada@patient.example', phone: null },
      payment: { reference: payment.paymentRef, amount: 4500, refund_amount: 4500 },
      clinic_id: payment.clinicId,
    });

    // The provider's own events about this refund change nothing more.
    await sandboxOf(app).events.deliverDue();
    const after = await stateOf(payment.id);
    expect(after.payment).toEqual(state.payment);
    expect(after.refunds).toEqual(state.refunds);
    expect(after.audit).toHaveLength(1);
    expect(after.notices).toHaveLength(1);
  });

  it('refunds part, then the rest: partially refunded, then refunded', async () => {
    const { clinic, payment } = await paidPayment(10000);
    const first = await refund(clinic.cookies, payment.id, { amount: 2500 });
    expect(first.statusCode).toBe(200);
    expect(first.json().payment).toEqual({
      id: payment.id,
      status: 'partially_refunded',
      refundedAmount: 2500,
    });

    const tooMuch = await refund(clinic.cookies, payment.id, { amount: 7501 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toMatchObject({
      code: 'REFUND_EXCEEDS_PAYMENT',
      message: 'Refund amount cannot exceed the payment amount (£75.00)',
    });

    const rest = await refund(clinic.cookies, payment.id, { amount: 7500 });
    expect(rest.statusCode).toBe(200);
    expect(rest.json().payment).toEqual({ id: payment.id, status: 'refunded', refundedAmount: 10000 });
    const state = await stateOf(payment.id);
    expect(state.refunds.map((row) => [row.amount, row.status]).sort()).toEqual([
      [2500, 'succeeded'],
      [7500, 'succeeded'],
    ]);
    expect(state.audit).toHaveLength(2);
    expect(
      state.notices
        .map((row) => (row.payload as { payment: { refund_amount: number } }).payment.refund_amount)
        .sort(),
    ).toEqual([2500, 7500]);
  });

  it('refuses every bad input with its message and changes nothing', async () => {
    const { clinic, payment } = await paidPayment(3000);
    const other = await signedInClinic(app);
    const before = await stateOf(payment.id);
    const invalidAmount = 'Please enter a valid amount greater than 0';

    const cases: Array<[string, Cookies | undefined, string, unknown, number, string, string]> = [
      ['zero', clinic.cookies, payment.id, { amount: 0 }, 400, 'VALIDATION_FAILED', invalidAmount],
      ['negative', clinic.cookies, payment.id, { amount: -100 }, 400, 'VALIDATION_FAILED', invalidAmount],
      [
        'not whole pence',
        clinic.cookies,
        payment.id,
        { amount: 10.5 },
        400,
        'VALIDATION_FAILED',
        invalidAmount,
      ],
      ['not a number', clinic.cookies, payment.id, { amount: '10' }, 400, 'VALIDATION_FAILED', invalidAmount],
      ['missing', clinic.cookies, payment.id, {}, 400, 'VALIDATION_FAILED', invalidAmount],
      [
        'above the payment',
        clinic.cookies,
        payment.id,
        { amount: 3001 },
        400,
        'REFUND_EXCEEDS_PAYMENT',
        'Refund amount cannot exceed the payment amount (£30.00)',
      ],
      [
        "another clinic's payment",
        other.cookies,
        payment.id,
        { amount: 100 },
        404,
        'PAYMENT_NOT_FOUND',
        'Payment not found',
      ],
      [
        'unknown id',
        clinic.cookies,
        randomUUID(),
        { amount: 100 },
        404,
        'PAYMENT_NOT_FOUND',
        'Payment not found',
      ],
      [
        'malformed id',
        clinic.cookies,
        'not-a-payment',
        { amount: 100 },
        404,
        'PAYMENT_NOT_FOUND',
        'Payment not found',
      ],
    ];
    for (const [label, cookies, paymentId, body, status, code, message] of cases) {
      const response = await refund(cookies, paymentId, body);
      expect({ label, status: response.statusCode, ...response.json() }).toMatchObject({
        label,
        status,
        code,
        message,
      });
    }
    const anonymous = await refund(undefined, payment.id, { amount: 100 });
    expect(anonymous.statusCode).toBe(401);
    const admin = await signedInAdmin(app);
    expect((await refund(admin.cookies, payment.id, { amount: 100 })).statusCode).toBe(403);
    expect(await stateOf(payment.id)).toEqual(before);
  });

  it('refuses a pending or an already refunded payment, changing nothing', async () => {
    const { clinic, payment } = await paidPayment(2000);
    await app.database.db.update(payments).set({ status: 'pending' }).where(eq(payments.id, payment.id));
    const pendingBefore = await stateOf(payment.id);
    const pending = await refund(clinic.cookies, payment.id, { amount: 100 });
    expect(pending.statusCode).toBe(409);
    expect(pending.json()).toMatchObject({
      code: 'PAYMENT_NOT_REFUNDABLE',
      message: 'Only a paid payment can be refunded',
    });
    expect(await stateOf(payment.id)).toEqual(pendingBefore);

    await app.database.db.update(payments).set({ status: 'paid' }).where(eq(payments.id, payment.id));
    expect((await refund(clinic.cookies, payment.id, { amount: 2000 })).statusCode).toBe(200);
    const refundedBefore = await stateOf(payment.id);
    const again = await refund(clinic.cookies, payment.id, { amount: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'PAYMENT_NOT_REFUNDABLE' });
    expect(await stateOf(payment.id)).toEqual(refundedBefore);
  });

  it("records the provider's refusal as a failed refund and says why", async () => {
    const { clinic, payment, intentId } = await paidPayment(5000);
    // The provider already holds a refund ClinicPay has not heard of: its events are not delivered yet.
    const events = sandboxOf(app).events;
    events.stop();
    try {
      await sandboxOf(app).refundFromDashboard(intentId, 5000);
      const response = await refund(clinic.cookies, payment.id, { amount: 1000 });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({
        code: 'REFUND_FAILED',
        message: 'Failed to refund payment: Refund amount is greater than the unrefunded amount.',
      });
      const state = await stateOf(payment.id);
      expect(state.refunds).toHaveLength(1);
      expect(state.refunds[0]).toMatchObject({ amount: 1000, status: 'failed', providerRefundId: null });
      expect(state.payment).toMatchObject({ status: 'paid', refundAmount: 0 });
      expect(state.audit).toMatchObject([{ action: 'refund.failed', actorUserId: clinic.user.id }]);
      expect(state.notices).toHaveLength(0);
    } finally {
      events.start();
    }
  });
});

describe("refunds at the provider's side", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const paidPayment = (amount: number) => recordedPayment(app, amount);

  const paymentRow = async (id: string) =>
    (await app.database.db.select().from(payments).where(eq(payments.id, id)))[0];
  const refundRows = (paymentId: string) =>
    app.database.db
      .select()
      .from(refunds)
      .where(eq(refunds.paymentId, paymentId))
      .orderBy(asc(refunds.createdAt));

  it('a dashboard refund shows on the payment after one delivery, and counts once when delivered twice', async () => {
    const { clinic, payment, intentId } = await paidPayment(6000);
    const response = await app.inject({
      method: 'POST',
      url: `/api/sandbox/payment-intents/${intentId}/refunds`,
      payload: { amount: 1500 },
    });
    expect(response.statusCode).toBe(200);
    const providerRefundId = response.json().id as string;
    expect((await paymentRow(payment.id))?.refundAmount).toBe(0);

    await sandboxOf(app).events.deliverDue();
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'partially_refunded', refundAmount: 1500 });
    const rows = await refundRows(payment.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount: 1500, status: 'succeeded', providerRefundId, createdBy: null });

    // Every event delivered again: each is recognised, nothing is counted twice.
    expect(await sandboxOf(app).events.redeliver()).toBeGreaterThan(1);
    await sandboxOf(app).events.deliverDue();
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'partially_refunded', refundAmount: 1500 });
    expect(await refundRows(payment.id)).toHaveLength(1);
    const audit = await app.database.db.select().from(auditLog).where(eq(auditLog.entityId, payment.id));
    expect(audit).toMatchObject([
      { action: 'refund.succeeded', actorUserId: null, details: { by: 'provider' } },
    ]);

    // What the clinic may still refund is what the provider left.
    const over = await app.inject({
      method: 'POST',
      url: `/api/payments/${payment.id}/refunds`,
      cookies: clinic.cookies,
      payload: { amount: 4501 },
    });
    expect(over.json()).toMatchObject({ message: 'Refund amount cannot exceed the payment amount (£45.00)' });
  });

  it('a refund that later fails gives the amount back and reverts the status', async () => {
    const { clinic, payment } = await paidPayment(8000);
    const made = await app.inject({
      method: 'POST',
      url: `/api/payments/${payment.id}/refunds`,
      cookies: clinic.cookies,
      payload: { amount: 8000 },
    });
    expect(made.json().payment).toMatchObject({ status: 'refunded', refundedAmount: 8000 });
    const [row] = await refundRows(payment.id);
    if (!row?.providerRefundId) throw new Error('the refund has no provider id');

    const failed = await app.inject({
      method: 'POST',
      url: `/api/sandbox/refunds/${row.providerRefundId}/fail`,
    });
    expect(failed.statusCode).toBe(200);
    expect(failed.json()).toMatchObject({ status: 'failed' });
    await sandboxOf(app).events.deliverDue();

    expect(await paymentRow(payment.id)).toMatchObject({ status: 'paid', refundAmount: 0 });
    expect(await refundRows(payment.id)).toMatchObject([{ id: row.id, status: 'failed' }]);
    const audit = await app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, payment.id))
      .orderBy(asc(auditLog.createdAt));
    expect(audit.map((entry) => entry.action)).toEqual(['refund.succeeded', 'refund.failed']);

    // The money is refundable again.
    const again = await app.inject({
      method: 'POST',
      url: `/api/payments/${payment.id}/refunds`,
      cookies: clinic.cookies,
      payload: { amount: 8000 },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().payment).toMatchObject({ status: 'refunded', refundedAmount: 8000 });
  });

  it('a refund left pending by a crash is settled by the provider event, once', async () => {
    const { clinic, payment, intentId } = await paidPayment(3000);
    // As if the process died after the gateway call: the pending row exists, the provider refunded.
    const id = await pendingRefund(app, { payment, amount: 1000, createdBy: clinic.user.id });
    await sandboxOf(app).createRefund({
      paymentIntentId: intentId,
      amount: 1000,
      idempotencyKey: `refund:${id}`,
      metadata: { clinicpay_refund_id: id },
    });
    // While in flight it is reserved: only £20.00 may be refunded.
    const over = await app.inject({
      method: 'POST',
      url: `/api/payments/${payment.id}/refunds`,
      cookies: clinic.cookies,
      payload: { amount: 2001 },
    });
    expect(over.json()).toMatchObject({ message: 'Refund amount cannot exceed the payment amount (£20.00)' });

    await sandboxOf(app).events.deliverDue();
    expect(await refundRows(payment.id)).toMatchObject([{ id, status: 'succeeded', amount: 1000 }]);
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'partially_refunded', refundAmount: 1000 });
  });

  it('a refund stuck pending is made once, or just recorded, before the next refund on that payment', async () => {
    const { clinic, payment, intentId } = await paidPayment(3000);
    const events = sandboxOf(app).events;
    events.stop();
    try {
      const longAgo = new Date(Date.now() - 10 * 60 * 1000);
      const stuck = async (made: boolean) => {
        const id = await pendingRefund(app, {
          payment,
          amount: 1000,
          createdBy: clinic.user.id,
          createdAt: longAgo,
        });
        // `made`: the provider refunded, then the process died before recording it.
        if (made)
          await sandboxOf(app).createRefund({
            paymentIntentId: intentId,
            amount: 1000,
            idempotencyKey: `refund:${id}`,
            metadata: { clinicpay_refund_id: id },
          });
        return id;
      };
      const neverAsked = await stuck(false);
      const answerLost = await stuck(true);

      const response = await app.inject({
        method: 'POST',
        url: `/api/payments/${payment.id}/refunds`,
        cookies: clinic.cookies,
        payload: { amount: 1000 },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().payment).toMatchObject({ status: 'refunded', refundedAmount: 3000 });
      const rows = await refundRows(payment.id);
      expect(rows.map((row) => row.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
      expect(rows.map((row) => row.id)).toEqual(expect.arrayContaining([neverAsked, answerLost]));
      const atGateway = await app.database.db
        .select()
        .from(sandboxRefunds)
        .where(eq(sandboxRefunds.paymentIntentId, intentId));
      expect(atGateway.map((row) => row.idempotencyKey).sort()).toEqual(
        rows.map((row) => row.idempotencyKey).sort(),
      );
    } finally {
      events.start();
    }
    await events.deliverDue();
    expect(await refundRows(payment.id)).toHaveLength(3);
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'refunded', refundAmount: 3000 });
  });

  it('a refund event that overtakes its payment is refused for redelivery, then recorded', async () => {
    const clinic = await connectedClinicWithLink(app, 2500);
    const events = sandboxOf(app).events;
    events.stop();
    try {
      const intentId = await payPage(app, clinic.linkId);
      await events.deliverDue();
      // Rewind to before payment_intent.succeeded was processed, and hold it back.
      const db = app.database.db;
      await db.delete(payments).where(eq(payments.stripePaymentId, intentId));
      const succeeded = await db
        .update(sandboxEvents)
        .set({ deliveredAt: null })
        .where(
          and(
            like(sandboxEvents.payload, '%"payment_intent.succeeded"%'),
            like(sandboxEvents.payload, `%${intentId}%`),
          ),
        )
        .returning({ id: sandboxEvents.id });
      expect(succeeded).toHaveLength(1);
      await db.delete(webhookEvents).where(eq(webhookEvents.id, succeeded[0]?.id ?? ''));
      await sandboxOf(app).refundFromDashboard(intentId, 500);
      await events.deliverDue();
      const refused = await app.database.db
        .select()
        .from(sandboxEvents)
        .where(
          and(
            like(sandboxEvents.payload, '%"refund.created"%'),
            like(sandboxEvents.payload, `%${intentId}%`),
          ),
        );
      expect(refused).toMatchObject([{ deliveredAt: null, attempts: 1, lastError: 'HTTP 503' }]);
      expect(
        await app.database.db.select().from(payments).where(eq(payments.stripePaymentId, intentId)),
      ).toHaveLength(0);

      // The payment's own event arrives, then the refund events are delivered again.
      await events.redeliver(succeeded.map((row) => row.id));
      await events.retryNow();
      await events.deliverDue();
      await events.retryNow();
      await events.deliverDue();
      const [payment] = await app.database.db
        .select()
        .from(payments)
        .where(eq(payments.stripePaymentId, intentId));
      expect(payment).toMatchObject({ status: 'partially_refunded', refundAmount: 500 });
      expect(await refundRows(payment?.id ?? '')).toMatchObject([{ amount: 500, status: 'succeeded' }]);
    } finally {
      events.start();
    }
  });

  it('acknowledges a refund event about a payment intent the provider does not know, recording nothing', async () => {
    const { webhookSecret } = sandboxOf(app);
    const payload = JSON.stringify({
      id: `evt_test_${randomUUID()}`,
      object: 'event',
      created: Math.floor(Date.now() / 1000),
      type: 'refund.created',
      data: { object: { id: 're_unknown', object: 'refund', payment_intent: 'pi_sbx_unknown', amount: 100 } },
    });
    const before = await app.database.db.select().from(refunds);
    const response = await app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      payload,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signLikeStripe(payload, sandboxWebhookSecrets(webhookSecret).platform),
      },
    });
    expect(response.statusCode).toBe(200);
    expect(await app.database.db.select().from(refunds)).toEqual(before);
  });
});
