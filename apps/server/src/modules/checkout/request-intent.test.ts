/**
 * A payment request has one payment intent, reused by every tab and attempt (decision 0020), while a link
 * still gets one per attempt.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signedInAdmin } from '../../../test/accounts.js';
import { confirmWithCard, connectedClinic, sandboxOf } from '../../../test/sandbox.js';
import { createTestApp } from '../../../test/test-app.js';
import { paymentRequests, payments, sandboxPaymentIntents } from '../../db/schema/index.js';

describe("a payment request's one payment intent", () => {
  let app: FastifyInstance;
  let clinicId: string;
  let cookies: Record<string, string>;

  beforeAll(async () => {
    app = await createTestApp();
    const clinic = await connectedClinic(app);
    clinicId = clinic.user.clinicId;
    cookies = clinic.cookies;
  });
  afterAll(() => app.close());

  async function newRequest(customAmount = 12_000) {
    const [request] = await app.database.db
      .insert(paymentRequests)
      .values({ clinicId, customAmount, patientName: 'Grace Patient', patientEmail: 'grace@patient.example' })
      .returning();
    if (!request) throw new Error('no request');
    return request.id;
  }
  const checkout = (id: string, payer: object = {}) =>
    app.inject({
      method: 'POST',
      url: `/api/public/payments/${id}/payment-intents`,
      payload: { name: 'Grace Patient', email: 'grace@patient.example', attemptId: randomUUID(), ...payer },
    });
  const intentsOf = (requestId: string) =>
    app.database.db
      .select()
      .from(sandboxPaymentIntents)
      .where(sql`${sandboxPaymentIntents.metadata}->>'payment_request_id' = ${requestId}`);
  const storedIntentOf = async (requestId: string) =>
    (await app.database.db.select().from(paymentRequests).where(eq(paymentRequests.id, requestId)))[0]
      ?.paymentIntentId;

  it('gives every tab and attempt the same intent, with the latest payer on it', async () => {
    const id = await newRequest();
    const first = await checkout(id, { phone: '07700 900123' });
    const second = await checkout(id.toUpperCase(), {
      name: 'Grace P. Patient',
      email: 'gp@patient.example',
    });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await storedIntentOf(id)).toBe(first.json().paymentIntentId);

    const intents = await intentsOf(id);
    expect(intents).toHaveLength(1);
    // The request's key, ending in a digest of what was sent (decision 0083).
    expect(intents[0]?.idempotencyKey).toMatch(new RegExp(`^checkout:request:${id}:[0-9a-f]{16}$`));
    expect(intents[0]).toMatchObject({
      amount: 12_000,
      applicationFeeAmount: 360,
    });
    // ClinicPay sends its own receipt; the provider is given no address to send a second one to.
    expect(intents[0]).not.toHaveProperty('receiptEmail');
    // The second payer gave no phone: the first payer's is removed, not left to be recorded.
    expect(intents[0]?.metadata).toEqual({
      clinic_id: clinicId,
      payment_type: 'other',
      title: 'Custom Payment Request',
      payment_request_id: id,
      patient_name: 'Grace P. Patient',
      patient_email: 'gp@patient.example',
      // Where Pay Now came from, kept as dispute evidence (decision 0086).
      payer_ip: '127.0.0.1',
    });
  });

  it('charges the fee in force at each Pay Now on the one intent', async () => {
    const id = await newRequest(4500);
    const first = (await checkout(id)).json();
    const admin = await signedInAdmin(app);
    const setFee = (platformFeePercent: number) =>
      app.inject({
        method: 'PUT',
        url: '/api/admin/platform-settings/fee',
        cookies: admin.cookies,
        payload: { platformFeePercent },
      });
    await setFee(5.5);
    try {
      const again = (await checkout(id)).json();
      expect(again.paymentIntentId).toBe(first.paymentIntentId);
      const intent = await sandboxOf(app).retrievePaymentIntent(first.paymentIntentId);
      expect(intent).toMatchObject({ amount: 4500, applicationFeeAmount: 248 });
    } finally {
      await setFee(3);
    }
  });

  it('refuses a request whose intent was just paid, before the payment is recorded, with the paid message', async () => {
    const id = await newRequest();
    const events = sandboxOf(app).events;
    events.stop();
    try {
      const intent = (await checkout(id)).json();
      expect((await confirmWithCard(app, intent, '4242424242424242')).json().paymentIntent.status).toBe(
        'succeeded',
      );
      const again = await checkout(id);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('This payment request has already been paid. Thank you.');
    } finally {
      events.start();
    }
    await events.deliverDue();
    expect(
      await app.database.db.select().from(payments).where(eq(payments.paymentRequestId, id)),
    ).toHaveLength(1);
    expect((await checkout(id)).statusCode).toBe(409);
    expect(await intentsOf(id)).toHaveLength(1);
  });

  it("tells a Pay Now that raced another tab's payment that the request is paid", async () => {
    const id = await newRequest();
    const intent = (await checkout(id)).json();
    const before = await sandboxOf(app).retrievePaymentIntent(intent.paymentIntentId);
    // The payment's event waits, so that only the late tab's read is the stale one.
    const events = sandboxOf(app).events;
    events.stop();
    try {
      await confirmWithCard(app, intent, '4242424242424242');
      // The read happened before the other tab paid; the update comes after.
      const stale = vi.spyOn(app.gateway, 'retrievePaymentIntent').mockResolvedValueOnce(before);
      try {
        const raced = await checkout(id, { name: 'Someone Else' });
        expect(raced.statusCode).toBe(409);
        expect(raced.json().message).toBe('This payment request has already been paid. Thank you.');
      } finally {
        stale.mockRestore();
      }
    } finally {
      events.start();
    }
    // The provider took the late tab's details onto the paid intent, as Stripe takes metadata then; the
    // payment is still recorded for the payer who paid, from the event's snapshot.
    const paid = await sandboxOf(app).retrievePaymentIntent(intent.paymentIntentId);
    expect(paid.metadata.patient_name).toBe('Someone Else');
    await events.deliverDue();
    const [recorded] = await app.database.db.select().from(payments).where(eq(payments.paymentRequestId, id));
    expect(recorded).toMatchObject({ patientName: 'Grace Patient', status: 'paid' });
  });

  it('lets a declined card be followed by another card on the same intent', async () => {
    const id = await newRequest();
    const intent = (await checkout(id)).json();
    await confirmWithCard(app, intent, '4000000000000002');
    const retry = (await checkout(id)).json();
    expect(retry.paymentIntentId).toBe(intent.paymentIntentId);
    expect((await confirmWithCard(app, retry, '4242424242424242')).json().paymentIntent.status).toBe(
      'succeeded',
    );
    await sandboxOf(app).events.deliverDue();
    const recorded = await app.database.db.select().from(payments).where(eq(payments.paymentRequestId, id));
    expect(recorded).toMatchObject([{ status: 'paid', stripePaymentId: intent.paymentIntentId }]);
  });

  it('replaces an intent that was canceled at the provider, once', async () => {
    const id = await newRequest();
    const canceled = (await checkout(id)).json().paymentIntentId as string;
    await app.database.db
      .update(sandboxPaymentIntents)
      .set({ status: 'canceled' })
      .where(eq(sandboxPaymentIntents.id, canceled));
    const [first, second] = await Promise.all([checkout(id), checkout(id)]);
    const replacement = first.json().paymentIntentId;
    expect(replacement).not.toBe(canceled);
    expect(second.json().paymentIntentId).toBe(replacement);
    expect(await storedIntentOf(id)).toBe(replacement);
    expect(await intentsOf(id)).toHaveLength(2);
  });

  it('cancels the intent it replaces, so a tab still holding it can no longer pay it', async () => {
    const id = await newRequest();
    const old = (await checkout(id)).json();
    // The clinic's payments now go to another connected account than the stored intent's.
    await app.database.db
      .update(sandboxPaymentIntents)
      .set({ destinationAccountId: 'acct_sbx_before_reconnecting' })
      .where(eq(sandboxPaymentIntents.id, old.paymentIntentId));
    const replacement = (await checkout(id)).json().paymentIntentId as string;
    expect(replacement).not.toBe(old.paymentIntentId);
    expect(await storedIntentOf(id)).toBe(replacement);
    expect((await sandboxOf(app).retrievePaymentIntent(old.paymentIntentId)).status).toBe('canceled');
  });

  it('replaces an intent the provider does not know, and cancels the request all the same', async () => {
    const id = await newRequest();
    // As after going from the sandbox or test keys to live ones: the stored id is another key's.
    await app.database.db
      .update(paymentRequests)
      .set({ paymentIntentId: 'pi_made_under_other_keys' })
      .where(eq(paymentRequests.id, id));
    const answered = await checkout(id);
    expect(answered.statusCode).toBe(200);
    expect(await storedIntentOf(id)).toBe(answered.json().paymentIntentId);

    const other = await newRequest();
    await app.database.db
      .update(paymentRequests)
      .set({ paymentIntentId: 'pi_made_under_other_keys_too' })
      .where(eq(paymentRequests.id, other));
    const cancelled = await app.inject({
      method: 'POST',
      url: `/api/payment-requests/${other}/cancel`,
      cookies,
    });
    expect(cancelled.statusCode).toBe(200);
  });

  it('still gives each payer of a link an intent of their own', async () => {
    const link = (
      await app.inject({
        method: 'POST',
        url: '/api/payment-links',
        cookies,
        payload: { title: 'Check-up', amount: 4500 },
      })
    ).json().link;
    const [first, second] = await Promise.all([checkout(link.id), checkout(link.id)]);
    expect(first.json().paymentIntentId).not.toBe(second.json().paymentIntentId);
  });
});
