import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin, signedInClinic } from '../../../test/accounts.js';
import { confirmWithCard, connectedClinic, sandboxOf } from '../../../test/sandbox.js';
import { createTestApp } from '../../../test/test-app.js';
import { notifications, paymentRequests, payments } from '../../db/schema/index.js';

describe('the public payment page and checkout', () => {
  let app: FastifyInstance;
  let cookies: Record<string, string>;
  let clinicId: string;

  beforeAll(async () => {
    app = await createTestApp();
    const clinic = await connectedClinic(app);
    cookies = clinic.cookies;
    clinicId = clinic.user.clinicId;
  });
  afterAll(() => app.close());

  const newLink = async (amount = 4500, title = 'Consultation deposit') =>
    (
      await app.inject({ method: 'POST', url: '/api/payment-links', cookies, payload: { title, amount } })
    ).json().link;
  const pageData = (id: string) => app.inject({ url: `/api/public/payments/${id}` });
  const checkout = (id: string, extra: object = {}) =>
    app.inject({
      method: 'POST',
      url: `/api/public/payments/${id}/payment-intents`,
      payload: { name: 'Ada Patient', email: 'ada@patient.example', attemptId: randomUUID(), ...extra },
    });
  const paymentsFor = (paymentIntentId: string) =>
    app.database.db.select().from(payments).where(eq(payments.stripePaymentId, paymentIntentId));
  const pay = async (id: string, card = '4242424242424242') => {
    const intent = (await checkout(id)).json();
    await confirmWithCard(app, intent, card);
    await sandboxOf(app).events.deliverDue();
    return intent;
  };

  it('shows what a link asks for, with the clinic', async () => {
    const link = await newLink();
    const response = await pageData(link.id);
    expect(response.json()).toMatchObject({
      id: link.id,
      amount: 4500,
      title: 'Consultation deposit',
      type: 'deposit',
      isRequest: false,
      payability: 'payable',
      clinic: { id: clinicId, name: 'Harley Street Dental', stripeStatus: 'connected', emailsReceipts: true },
      message: null,
    });
  });

  it("answers 'Payment link not found' for an unknown id", async () => {
    for (const id of [randomUUID(), 'not-an-id']) {
      const response = await pageData(id);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Payment link not found');
    }
  });

  it("charges the link's amount whatever the client sends, with the platform fee as the application fee", async () => {
    const link = await newLink(4500);
    const response = await checkout(link.id, { amount: 1 });
    expect(response.statusCode).toBe(200);
    const intent = await sandboxOf(app).retrievePaymentIntent(response.json().paymentIntentId);
    expect(intent).toMatchObject({ amount: 4500, applicationFeeAmount: 135 });
    expect(intent.metadata).toMatchObject({
      clinic_id: clinicId,
      payment_link_id: link.id,
      patient_name: 'Ada Patient',
    });
  });

  it('gives a repeated attempt the same payment intent', async () => {
    const link = await newLink();
    const attemptId = randomUUID();
    const [first, second] = await Promise.all([
      checkout(link.id, { attemptId }),
      checkout(link.id, { attemptId }),
    ]);
    expect(first.json().paymentIntentId).toBe(second.json().paymentIntentId);
  });

  it('gives the same attempt with other payer details its own intent, under any spelling of the id', async () => {
    const link = await newLink();
    const attemptId = randomUUID();
    const first = await checkout(link.id, { attemptId });
    const upperCase = await checkout(link.id.toUpperCase(), { attemptId });
    expect(upperCase.statusCode).toBe(200);
    expect(upperCase.json().paymentIntentId).toBe(first.json().paymentIntentId);
    const otherPayer = await checkout(link.id, { attemptId, name: 'Someone Else' });
    expect(otherPayer.json().paymentIntentId).not.toBe(first.json().paymentIntentId);
  });

  it('records a paid link exactly once, with its reference, fees and net amount', async () => {
    const link = await newLink(4500);
    const intent = await pay(link.id);
    const [payment] = await paymentsFor(intent.paymentIntentId);
    expect(payment).toMatchObject({
      clinicId,
      paymentLinkId: link.id,
      amountPaid: 4500,
      platformFee: 135,
      stripeFee: 166,
      netAmount: 4365,
      status: 'paid',
      type: 'deposit',
      title: 'Consultation deposit',
      patientName: 'Ada Patient',
    });
    expect(payment?.paymentRef).toMatch(/^CP-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    const reference = await app.inject({
      url: `/api/public/payment-intents/${intent.paymentIntentId}/reference`,
    });
    expect(reference.json()).toEqual({ reference: payment?.paymentRef });

    // The same event again, and two simultaneous confirmations, make no second payment.
    await sandboxOf(app).events.redeliver();
    await sandboxOf(app).events.deliverDue();
    await Promise.all([
      confirmWithCard(app, intent, '4242424242424242'),
      confirmWithCard(app, intent, '4242424242424242'),
    ]);
    await sandboxOf(app).events.deliverDue();
    expect(await paymentsFor(intent.paymentIntentId)).toHaveLength(1);

    // The patient's confirmation and the clinic's notice were queued once, with the reference.
    const queued = await app.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.paymentId, String(payment?.id)));
    expect(queued.map((row) => [row.type, row.recipientType, row.status]).sort()).toEqual([
      ['payment_confirmation', 'patient', 'pending'],
      ['payment_received', 'clinic', 'pending'],
    ]);
    expect(queued[0]?.payload).toMatchObject({
      patient: { name: 'Ada Patient', email: 'ada@patient.example' },
      payment: { reference: payment?.paymentRef, amount: 4500 },
      clinic: { name: 'Harley Street Dental' },
      clinic_id: clinicId,
    });
  });

  it('records nothing for a declined card', async () => {
    const link = await newLink();
    const intent = await pay(link.id, '4000000000000002');
    expect(await paymentsFor(intent.paymentIntentId)).toEqual([]);
    const reference = await app.inject({
      url: `/api/public/payment-intents/${intent.paymentIntentId}/reference`,
    });
    expect(reference.json()).toEqual({ reference: null });
  });

  it('prefills a request, takes its custom amount once, then refuses it as paid', async () => {
    const [request] = await app.database.db
      .insert(paymentRequests)
      .values({
        clinicId,
        customAmount: 12_000,
        patientName: 'Grace Patient',
        patientEmail: 'grace@patient.example',
        patientPhone: '07700900123',
        message: 'See you on Tuesday.',
      })
      .returning();
    const id = String(request?.id);
    expect((await pageData(id)).json()).toMatchObject({
      message: 'See you on Tuesday.',
      description: null,
      amount: 12_000,
      // The placeholder title is never shown to the patient: the page says 'Payment'.
      title: '',
      type: 'other',
      isRequest: true,
      patientName: 'Grace Patient',
      patientEmail: 'grace@patient.example',
      patientPhone: '07700900123',
      payability: 'payable',
    });
    const intent = await pay(id);
    const [payment] = await paymentsFor(intent.paymentIntentId);
    expect(payment).toMatchObject({
      paymentRequestId: id,
      amountPaid: 12_000,
      platformFee: 360,
      type: 'other',
    });
    const [paid] = await app.database.db.select().from(paymentRequests).where(eq(paymentRequests.id, id));
    expect(paid?.status).toBe('paid');
    expect(paid?.paidAt).not.toBeNull();

    expect((await pageData(id)).json().payability).toBe('paid');
    const again = await checkout(id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'REQUEST_ALREADY_PAID',
      message: 'This payment request has already been paid. Thank you.',
    });
  });

  it('refuses an archived link and a clinic that cannot take payments, changing nothing', async () => {
    const link = await newLink();
    await app.inject({
      method: 'PATCH',
      url: `/api/payment-links/${link.id}`,
      cookies,
      payload: { isActive: false },
    });
    const archived = await checkout(link.id);
    expect(archived.statusCode).toBe(409);
    expect(archived.json()).toEqual({
      code: 'LINK_ARCHIVED',
      message: 'This payment link is no longer active. Please contact the clinic for a new link.',
    });

    const unconnected = await signedInClinic(app);
    const theirLink = (
      await app.inject({
        method: 'POST',
        url: '/api/payment-links',
        cookies: unconnected.cookies,
        payload: { title: 'X', amount: 100 },
      })
    ).json().link;
    expect((await pageData(theirLink.id)).json().payability).toBe('not_connected');
    const refused = await checkout(theirLink.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'CLINIC_NOT_CONNECTED',
      message: 'This clinic does not have payment processing set up',
    });
  });

  it('applies the payment form rules', async () => {
    const link = await newLink();
    const short = await checkout(link.id, { name: 'Al' });
    expect(short.json().fieldErrors.name).toBe('Name must be at least 3 characters');
    const badEmail = await checkout(link.id, { email: 'nope' });
    expect(badEmail.json().fieldErrors.email).toBe('Please enter a valid email address');
  });

  it("keeps the payer's phone in E.164 if it reads as a number, else as typed (decision 0112)", async () => {
    const link = await newLink();
    const phoneOf = async (phone: string) => {
      const response = await checkout(link.id, { phone });
      expect(response.statusCode).toBe(200);
      const intent = await sandboxOf(app).retrievePaymentIntent(response.json().paymentIntentId);
      return intent.metadata.patient_phone;
    };
    expect(await phoneOf(' 07700 900123 ')).toBe('+447700900123');
    expect(await phoneOf('+1 202 555 0143')).toBe('+12025550143');
    expect(await phoneOf('ask for reception')).toBe('ask for reception');
    const tooLong = await checkout(link.id, { phone: '0'.repeat(31) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fieldErrors.phone).toBe('Please enter a valid phone number');
  });

  it('takes the fee percent in force when the intent is made', async () => {
    const admin = await signedInAdmin(app);
    const setFee = (platformFeePercent: number) =>
      app.inject({
        method: 'PUT',
        url: '/api/admin/platform-settings/fee',
        cookies: admin.cookies,
        payload: { platformFeePercent },
      });
    await setFee(5.5);
    // Put back whatever happens, so no other test of this file sees 5.5%.
    try {
      const link = await newLink(4500);
      const intent = await sandboxOf(app).retrievePaymentIntent(
        (await checkout(link.id)).json().paymentIntentId,
      );
      expect(intent.applicationFeeAmount).toBe(248);
    } finally {
      await setFee(3);
    }
  });
});
