/**
 * On PostgreSQL (real concurrent transactions, decision 0020): 20 payers open one payment request at once
 * and all press Pay Now, then all confirm a card. The request gets exactly one payment intent, one
 * charge and one payment.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmWithCard, connectedClinic, sandboxOf } from '../../../test/sandbox.js';
import { createTestApp } from '../../../test/test-app.js';
import { paymentRequests, payments, refunds, sandboxPaymentIntents } from '../../db/schema/index.js';

const PAYERS = 20;

describe('one payment request, 20 payers at once, on PostgreSQL', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
    expect(app.database.kind).toBe('postgres');
  });
  afterAll(() => app.close());

  it('makes exactly one payment intent, one charge and one payment', async () => {
    const clinic = await connectedClinic(app);
    const [request] = await app.database.db
      .insert(paymentRequests)
      .values({
        clinicId: clinic.user.clinicId,
        customAmount: 8000,
        patientName: 'Grace Patient',
        patientEmail: 'grace@patient.example',
      })
      .returning();
    const requestId = String(request?.id);

    // Each payer from their own address, as 20 people (or tabs behind 20 networks) would be.
    const answers = await Promise.all(
      Array.from({ length: PAYERS }, (_, payer) =>
        app.inject({
          method: 'POST',
          url: `/api/public/payments/${requestId}/payment-intents`,
          remoteAddress: `10.0.0.${payer + 1}`,
          payload: {
            name: `Payer Number ${payer}`,
            email: `payer${payer}@patient.example`,
            attemptId: randomUUID(),
          },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(PAYERS).fill(200));
    const intentIds = new Set(answers.map((answer) => answer.json().paymentIntentId as string));
    expect(intentIds.size).toBe(1);

    const confirmations = await Promise.all(
      answers.map((answer) => confirmWithCard(app, answer.json(), '4242424242424242')),
    );
    const outcomes = confirmations.map((confirmation) => confirmation.json().paymentIntent.status);
    // Every tab sees the intent succeeded: one by its own confirmation, the rest as already paid.
    expect(outcomes).toEqual(Array(PAYERS).fill('succeeded'));
    expect(confirmations.filter((confirmation) => !confirmation.json().error)).toHaveLength(1);

    await sandboxOf(app).events.deliverDue();
    await app.jobs.drain();

    const db = app.database.db;
    const intents = await db
      .select()
      .from(sandboxPaymentIntents)
      .where(sql`${sandboxPaymentIntents.metadata}->>'payment_request_id' = ${requestId}`);
    expect(intents).toHaveLength(1);
    expect(intents.filter((intent) => intent.status === 'succeeded')).toHaveLength(1);
    const recorded = await db.select().from(payments).where(eq(payments.paymentRequestId, requestId));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      status: 'paid',
      amountPaid: 8000,
      stripePaymentId: [...intentIds][0],
    });
    expect(
      await db
        .select()
        .from(refunds)
        .where(eq(refunds.paymentId, String(recorded[0]?.id))),
    ).toEqual([]);

    const again = await app.inject({
      method: 'POST',
      url: `/api/public/payments/${requestId}/payment-intents`,
      remoteAddress: '10.0.1.1',
      payload: { name: 'Late Payer', email: 'late@patient.example', attemptId: randomUUID() },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This payment request has already been paid. Thank you.');
  });
});
