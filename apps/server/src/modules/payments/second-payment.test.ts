/**
 * A payment request charged a second time (decision 0020): an intent made before the request
 * was paid (or before one intent per request) and confirmed after is recorded, refunded in full
 * automatically as a system action, and shown to the clinic as refunded; the patient is told of the
 * refund. The request never has two payments that count.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { confirmWithCard, connectedClinic, sandboxOf } from '../../../test/sandbox.js';
import { createTestApp } from '../../../test/test-app.js';
import {
  auditLog,
  clinics,
  devOutbox,
  notifications,
  paymentRequests,
  payments,
  refunds,
  sandboxRefunds,
  webhookEvents,
} from '../../db/schema/index.js';
import { GatewayOutcomeUnknownError } from '../../gateway/gateway.js';
import { refundSecondPayment, refundSecondPaymentJob } from '../refunds/index.js';

const PATIENT = { name: 'Grace Patient', email: 'grace@patient.example' };

describe('a second payment of a payment request', () => {
  let app: FastifyInstance;
  let clinic: Awaited<ReturnType<typeof connectedClinic>>;
  let accountId: string;

  beforeAll(async () => {
    app = await createTestApp();
    clinic = await connectedClinic(app);
    const [row] = await app.database.db.select().from(clinics).where(eq(clinics.id, clinic.user.clinicId));
    accountId = String(row?.stripeAccountId);
  });
  afterAll(() => app.close());

  async function newRequest(customAmount = 12_000) {
    const [request] = await app.database.db
      .insert(paymentRequests)
      .values({
        clinicId: clinic.user.clinicId,
        customAmount,
        patientName: PATIENT.name,
        patientEmail: PATIENT.email,
      })
      .returning();
    if (!request) throw new Error('no request');
    return request;
  }

  /** An intent for the request as checkout made them before decision 0020: one per attempt. */
  async function intentPerAttempt(request: { id: string; customAmount: number | null }) {
    const intent = await sandboxOf(app).createPaymentIntent({
      amount: Number(request.customAmount),
      applicationFeeAmount: Math.round(Number(request.customAmount) * 0.03),
      destinationAccountId: accountId,
      metadata: {
        clinic_id: clinic.user.clinicId,
        payment_type: 'other',
        title: 'Custom Payment Request',
        patient_name: PATIENT.name,
        patient_email: PATIENT.email,
        payment_request_id: request.id,
      },
      statementDescriptorSuffix: null,
      idempotencyKey: `checkout:${request.id}:${randomUUID()}:legacy`,
    });
    return { paymentIntentId: intent.id, clientSecret: intent.clientSecret };
  }

  /** Pays the request through today's checkout. */
  async function payRequest(requestId: string) {
    const intent = (
      await app.inject({
        method: 'POST',
        url: `/api/public/payments/${requestId}/payment-intents`,
        payload: { ...PATIENT, attemptId: randomUUID() },
      })
    ).json();
    await confirmWithCard(app, intent, '4242424242424242');
    return intent as { paymentIntentId: string; clientSecret: string };
  }

  const paymentsOf = (requestId: string) =>
    app.database.db.select().from(payments).where(eq(payments.paymentRequestId, requestId));
  const paymentOf = async (intentId: string) => {
    const [row] = await app.database.db.select().from(payments).where(eq(payments.stripePaymentId, intentId));
    if (!row) throw new Error(`no payment for ${intentId}`);
    return row;
  };
  const refundsOf = (paymentId: string) =>
    app.database.db.select().from(refunds).where(eq(refunds.paymentId, paymentId));
  const providerRefundsOf = (intentId: string) =>
    app.database.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentIntentId, intentId));
  /** Delivers the provider's events and runs every job (the automatic refund, notices) until none is left. */
  async function settle() {
    await sandboxOf(app).events.deliverDue();
    await app.jobs.drain();
    await sandboxOf(app).events.deliverDue();
  }

  it('an intent made before the request was paid and confirmed after is recorded, refunded in full and shown refunded', async () => {
    const request = await newRequest(12_000);
    const old = await intentPerAttempt(request);
    const paid = await payRequest(request.id);
    await sandboxOf(app).events.deliverDue();
    expect((await paymentOf(paid.paymentIntentId)).status).toBe('paid');

    expect((await confirmWithCard(app, old, '4242424242424242')).json().paymentIntent.status).toBe(
      'succeeded',
    );
    await sandboxOf(app).events.deliverDue();
    const recorded = await paymentOf(old.paymentIntentId);
    expect(recorded).toMatchObject({ status: 'pending', paymentRequestId: request.id, amountPaid: 12_000 });

    await settle();
    const second = await paymentOf(old.paymentIntentId);
    expect(second).toMatchObject({ status: 'refunded', refundAmount: 12_000 });
    expect(await paymentOf(paid.paymentIntentId)).toMatchObject({ status: 'paid', refundAmount: 0 });
    const [requestAfter] = await app.database.db
      .select()
      .from(paymentRequests)
      .where(eq(paymentRequests.id, request.id));
    expect(requestAfter?.status).toBe('paid');

    // One refund, made once at the provider under its own key, by no user.
    const made = await refundsOf(second.id);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      amount: 12_000,
      status: 'succeeded',
      createdBy: null,
      idempotencyKey: `second-payment:${second.id}`,
    });
    const atProvider = await providerRefundsOf(old.paymentIntentId);
    expect(atProvider).toHaveLength(1);
    expect(atProvider[0]).toMatchObject({ id: made[0]?.providerRefundId, amount: 12_000 });

    // Audited as the system's action.
    const audit = await app.database.db.select().from(auditLog).where(eq(auditLog.entityId, second.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorUserId: null,
      action: 'refund.succeeded',
      details: { amount: 12_000, by: 'system', reason: 'second_payment_of_request' },
    });

    // The patient is told of the refund (and gets no receipt for the second charge); the clinic is
    // told of one payment.
    const notices = await app.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.paymentId, second.id));
    expect(notices.map((row) => [row.type, row.recipientType, row.status])).toEqual([
      ['refund_confirmation', 'patient', 'sent'],
    ]);
    expect(notices[0]?.payload).toMatchObject({
      payment: { reference: second.paymentRef, refund_amount: 12_000 },
    });
    const mail = await app.database.db
      .select()
      .from(devOutbox)
      .where(
        and(
          eq(devOutbox.recipient, PATIENT.email),
          eq(devOutbox.subject, 'Refund from Harley Street Dental'),
        ),
      );
    expect(mail.some((row) => row.textBody.includes(second.paymentRef))).toBe(true);

    // The clinic sees it refunded in the history and the details.
    const history = (
      await app.inject({ url: `/api/payments?search=${second.paymentRef}`, cookies: clinic.cookies })
    ).json();
    expect(history.items).toMatchObject([
      { reference: second.paymentRef, status: 'refunded', refundedAmount: 12_000 },
    ]);
    const details = (await app.inject({ url: `/api/payments/${second.id}`, cookies: clinic.cookies })).json();
    expect(details).toMatchObject({
      status: 'refunded',
      refundedAmount: 12_000,
      refundableAmount: 0,
      refunds: [{ amount: 12_000, status: 'succeeded' }],
    });

    // Every event again, and the job again, change nothing.
    await sandboxOf(app).events.redeliver();
    await settle();
    expect(await refundSecondPayment(refundDeps(), second.id)).toBe('nothing_to_refund');
    expect(await refundsOf(second.id)).toHaveLength(1);
    expect(await providerRefundsOf(old.paymentIntentId)).toHaveLength(1);
    expect(await paymentsOf(request.id)).toHaveLength(2);
  });

  function refundDeps() {
    return { db: app.database.db, gateway: app.gateway, jobs: app.jobs, onError: () => {} };
  }

  it('two intents of one request paid at once leave one payment that counts and one refunded', async () => {
    const request = await newRequest(6000);
    const old = await intentPerAttempt(request);
    const current = (
      await app.inject({
        method: 'POST',
        url: `/api/public/payments/${request.id}/payment-intents`,
        payload: { ...PATIENT, attemptId: randomUUID() },
      })
    ).json();
    await Promise.all([
      confirmWithCard(app, old, '4242424242424242'),
      confirmWithCard(app, current, '4242424242424242'),
    ]);
    await settle();
    const recorded = await paymentsOf(request.id);
    expect(recorded.map((row) => row.status).sort()).toEqual(['paid', 'refunded']);
    const refunded = recorded.find((row) => row.status === 'refunded');
    expect(await providerRefundsOf(String(refunded?.stripePaymentId))).toHaveLength(1);
  });

  it('an automatic refund whose outcome was lost is asked again under the same key and made once', async () => {
    const request = await newRequest(3000);
    const old = await intentPerAttempt(request);
    await payRequest(request.id);
    await sandboxOf(app).events.deliverDue();
    await confirmWithCard(app, old, '4242424242424242');
    await sandboxOf(app).events.deliverDue();

    const lost = vi
      .spyOn(app.gateway, 'createRefund')
      .mockRejectedValueOnce(new GatewayOutcomeUnknownError('connection reset'));
    try {
      await app.jobs.drain({ only: [refundSecondPaymentJob] });
    } finally {
      lost.mockRestore();
    }
    const second = await paymentOf(old.paymentIntentId);
    expect(second.status).toBe('pending');
    expect(await refundsOf(second.id)).toMatchObject([{ status: 'pending', providerRefundId: null }]);

    await app.jobs.retryNow(refundSecondPaymentJob);
    await settle();
    expect(await paymentOf(old.paymentIntentId)).toMatchObject({ status: 'refunded', refundAmount: 3000 });
    expect(await refundsOf(second.id)).toMatchObject([{ status: 'succeeded' }]);
    expect(await providerRefundsOf(old.paymentIntentId)).toHaveLength(1);
  });

  it('a second payment refunded at the provider before its job ran ends refunded once', async () => {
    const request = await newRequest(2500);
    const old = await intentPerAttempt(request);
    await payRequest(request.id);
    await sandboxOf(app).events.deliverDue();
    await confirmWithCard(app, old, '4242424242424242');
    await sandboxOf(app).events.deliverDue();

    await sandboxOf(app).refundFromDashboard(old.paymentIntentId, 2500);
    await app.jobs.drain({ only: [refundSecondPaymentJob] });
    await settle();
    const second = await paymentOf(old.paymentIntentId);
    expect(second).toMatchObject({ status: 'refunded', refundAmount: 2500 });
    expect(await providerRefundsOf(old.paymentIntentId)).toHaveLength(1);
    // The automatic refund was refused (nothing left to refund) and recorded so; the dashboard's counts.
    expect((await refundsOf(second.id)).map((row) => row.status).sort()).toEqual(['failed', 'succeeded']);
  });

  it('a refunded second payment whose refund fails later goes back to pending, never paid', async () => {
    const request = await newRequest(2000);
    const old = await intentPerAttempt(request);
    const paid = await payRequest(request.id);
    await sandboxOf(app).events.deliverDue();
    await confirmWithCard(app, old, '4242424242424242');
    await settle();
    const second = await paymentOf(old.paymentIntentId);
    expect(second.status).toBe('refunded');

    const [refund] = await refundsOf(second.id);
    const failed = await app.inject({
      method: 'POST',
      url: `/api/sandbox/refunds/${refund?.providerRefundId}/fail`,
    });
    expect(failed.statusCode).toBe(200);
    await settle();
    expect(await paymentOf(old.paymentIntentId)).toMatchObject({ status: 'pending', refundAmount: 0 });
    expect(await paymentOf(paid.paymentIntentId)).toMatchObject({ status: 'paid' });
    const failedEvents = await app.database.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.type, 'refund.failed'));
    expect(failedEvents.length).toBeGreaterThan(0);
  });
});
