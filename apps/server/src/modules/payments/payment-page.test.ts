import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClinic } from '../../../test/accounts.js';
import {
  confirmWithCard,
  connectedClinicWithLink,
  payPage,
  sandboxOf,
  startPayment,
} from '../../../test/sandbox.js';
import { createTestApp } from '../../../test/test-app.js';
import { clinics, notifications, sandboxRefunds } from '../../db/schema/index.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

type Clinic = Awaited<ReturnType<typeof connectedClinicWithLink>>;

const details = (clinic: { cookies: Record<string, string> }, id: string) =>
  app.inject({ url: `/api/payments/${id}`, cookies: clinic.cookies });

/** The clinic's payment made by this intent, once the sandbox's events are delivered. */
async function paymentOf(clinic: Clinic, paymentIntentId: string) {
  await sandboxOf(app).events.deliverDue();
  const page = await app.inject({ url: '/api/payments', cookies: clinic.cookies });
  const ids: string[] = page.json().items.map((item: { id: string }) => item.id);
  for (const id of ids) {
    const payment = (await details(clinic, id)).json();
    const intent = await sandboxOf(app).retrievePaymentIntent(paymentIntentId);
    if (
      payment.reference &&
      intent.metadata.clinic_id === clinic.user.clinicId &&
      payment.amount === intent.amount
    )
      return payment;
  }
  throw new Error('payment not recorded');
}

describe('the payment page: the card, 3-D Secure, refund reasons and the receipt sent again', () => {
  it('shows the card that paid, with no 3-D Secure for a card that needs none', async () => {
    const clinic = await connectedClinicWithLink(app, 4500);
    const payment = await paymentOf(clinic, await payPage(app, clinic.linkId));
    expect(payment.card).toEqual({ brand: 'visa', last4: '4242', threeDSecure: null });
    expect(payment.requestSentAt).toBeNull();
    expect(payment.disputeOpenedAt).toBeNull();
    expect(new Date(payment.date).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it("records 3-D Secure as passed when the patient's bank confirmed them (4000 0025 0000 3155)", async () => {
    const clinic = await connectedClinicWithLink(app, 6000);
    const intent = await startPayment(app, clinic.linkId);
    const confirmed = (await confirmWithCard(app, intent, '4000002500003155')).json();
    expect(confirmed.paymentIntent.status).toBe('requires_action');
    const challenge = new URL(confirmed.nextAction.redirectUrl);
    const answer = await app.inject({
      method: 'POST',
      url: challenge.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.config.publicUrl },
      payload: new URLSearchParams({
        decision: 'approve',
        client_secret: intent.clientSecret,
        return_url: `${app.config.publicUrl}/payment/success`,
      }).toString(),
    });
    expect(answer.statusCode).toBe(303);
    const payment = await paymentOf(clinic, intent.paymentIntentId);
    expect(payment.card).toEqual({ brand: 'visa', last4: '3155', threeDSecure: 'authenticated' });
  });

  it('keeps why the clinic refunded, at ClinicPay and at the provider, and refuses an unknown reason', async () => {
    const clinic = await connectedClinicWithLink(app, 5000);
    const payment = await paymentOf(clinic, await payPage(app, clinic.linkId));
    const refund = (payload: object) =>
      app.inject({
        method: 'POST',
        url: `/api/payments/${payment.id}/refunds`,
        cookies: clinic.cookies,
        payload,
      });

    const unknown = await refund({ amount: 1000, reason: 'changed_mind' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Choose a reason from the list');
    expect((await details(clinic, payment.id)).json().refunds).toEqual([]);

    expect((await refund({ amount: 1000, reason: 'duplicate' })).statusCode).toBe(200);
    expect((await refund({ amount: 500 })).statusCode).toBe(200);
    const after = (await details(clinic, payment.id)).json();
    expect(after.refunds.map((made: { reason: string | null }) => made.reason)).toEqual(['duplicate', null]);
    const atProvider = await app.database.db
      .select({ reason: sandboxRefunds.reason })
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.amount, 1000));
    expect(atProvider.map((row) => row.reason)).toContain('duplicate');
  });

  it('sends the receipt again on the clinic’s channels, and says so when they are all off', async () => {
    const clinic = await connectedClinicWithLink(app, 4000);
    const payment = await paymentOf(clinic, await payPage(app, clinic.linkId));
    const receipts = async () =>
      (
        await app.database.db
          .select({ id: notifications.id })
          .from(notifications)
          .where(and(eq(notifications.paymentId, payment.id), eq(notifications.type, 'payment_confirmation')))
      ).length;
    const before = await receipts();
    const resend = () =>
      app.inject({ method: 'POST', url: `/api/payments/${payment.id}/receipt`, cookies: clinic.cookies });

    const sent = await resend();
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ message: 'Receipt sent again to the patient', notices: 1 });
    expect(await receipts()).toBe(before + 1);

    await app.database.db
      .update(clinics)
      .set({ emailNotifications: false, smsNotifications: false })
      .where(eq(clinics.id, clinic.user.clinicId));
    const off = await resend();
    expect(off.statusCode).toBe(409);
    expect(off.json()).toMatchObject({ code: 'RECEIPT_NOT_SENT' });
    expect(await receipts()).toBe(before + 1);
  });

  it("refuses a receipt for another clinic's payment, an unknown id or a malformed one", async () => {
    const clinic = await connectedClinicWithLink(app, 4000);
    const payment = await paymentOf(clinic, await payPage(app, clinic.linkId));
    const other = await signedInClinic(app);
    for (const [who, id] of [
      [other, payment.id],
      [clinic, randomUUID()],
      [clinic, 'not-an-id'],
    ] as const) {
      const response = await app.inject({
        method: 'POST',
        url: `/api/payments/${id}/receipt`,
        cookies: who.cookies,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Payment not found');
    }
  });
});
