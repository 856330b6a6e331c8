/**
 * The clinic's reference on links, requests and payments (docs/decisions/0108-clinic-reference.md):
 * kept, shown to the patient, carried to the provider and the payment, found by search, and written in
 * the CSV and the emails; and how the history names requests that can no longer be paid (0105).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMailTo } from '../../../test/accounts.js';
import { confirmWithCard, connectedClinic, sandboxOf, startPayment } from '../../../test/sandbox.js';
import { createTestApp } from '../../../test/test-app.js';
import { paymentRequests, payments } from '../../db/schema/index.js';

describe('the clinic’s reference', () => {
  let app: FastifyInstance;
  let cookies: Record<string, string>;
  let clinicEmail: string;

  beforeAll(async () => {
    app = await createTestApp();
    const clinic = await connectedClinic(app);
    cookies = clinic.cookies;
    clinicEmail = clinic.email;
  });
  afterAll(() => app.close());

  const post = (url: string, payload: object = {}) => app.inject({ method: 'POST', url, cookies, payload });
  const get = (url: string) => app.inject({ url, cookies });
  const sendRequest = (extra: object) =>
    post('/api/payment-requests', {
      patientName: 'Grace Patient',
      patientEmail: `${randomUUID()}@patient.example`,
      customAmount: 5000,
      ...extra,
    });
  const pay = async (pageId: string) => {
    const intent = await startPayment(app, pageId);
    await confirmWithCard(app, intent, '4242424242424242');
    await sandboxOf(app).events.deliverDue();
    return intent.paymentIntentId;
  };
  const paymentOf = async (paymentIntentId: string) =>
    (await app.database.db.select().from(payments).where(eq(payments.stripePaymentId, paymentIntentId)))[0];

  it('goes from a request to the patient’s page, the provider, the payment, the search, the CSV and the receipt', async () => {
    const patientEmail = `${randomUUID()}@patient.example`;
    const sent = await sendRequest({ patientEmail, clinicReference: '  INV-2041  ' });
    expect(sent.statusCode).toBe(201);
    const requestId = sent.json().id as string;

    // Kept trimmed, and shown to the patient, in the request email too.
    const [row] = await app.database.db
      .select()
      .from(paymentRequests)
      .where(eq(paymentRequests.id, requestId));
    expect(row?.clinicReference).toBe('INV-2041');
    expect((await app.inject({ url: `/api/public/payments/${requestId}` })).json().clinicReference).toBe(
      'INV-2041',
    );
    expect((await lastMailTo(app, patientEmail))?.textBody).toContain('Clinic reference: INV-2041');

    // The Requests page finds it by the reference, in any case.
    const listed = (await get('/api/payment-requests?search=inv-2041')).json();
    expect(listed.items.map((item: { id: string }) => item.id)).toEqual([requestId]);
    expect(listed.items[0].clinicReference).toBe('INV-2041');

    const intentId = await pay(requestId);
    const intent = await sandboxOf(app).retrievePaymentIntent(intentId);
    expect(intent?.metadata.clinic_reference).toBe('INV-2041');
    const payment = await paymentOf(intentId);
    expect(payment?.clinicReference).toBe('INV-2041');

    // The history finds the payment by it, and shows it in the list and the details.
    const history = (await get('/api/payments?search=INV-2041')).json();
    expect(history.items).toHaveLength(1);
    expect(history.items[0]).toMatchObject({ id: payment?.id, clinicReference: 'INV-2041' });
    expect((await get(`/api/payments/${payment?.id}`)).json().clinicReference).toBe('INV-2041');

    // The CSV's last column; the receipt and the clinic's notice.
    const csv = (await get('/api/payments/export?search=INV-2041')).body;
    const [header, line] = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(header?.split(',').at(-1)).toBe('Clinic Reference');
    expect(line?.split(',').at(-1)).toBe('INV-2041');
    expect((await lastMailTo(app, 'ada@patient.example'))?.textBody).toContain('Clinic reference: INV-2041');
    expect((await lastMailTo(app, clinicEmail))?.textBody).toContain('Your reference: INV-2041');
  });

  it('takes a link’s reference on the link’s page and on a request of the link sent without one', async () => {
    const link = await post('/api/payment-links', {
      title: 'Check-up',
      amount: 4000,
      clinicReference: 'PN-77',
    });
    expect(link.statusCode).toBe(201);
    const linkId = link.json().link.id as string;
    expect(link.json().link.clinicReference).toBe('PN-77');
    expect((await app.inject({ url: `/api/public/payments/${linkId}` })).json().clinicReference).toBe(
      'PN-77',
    );

    const ofLink = (await sendRequest({ customAmount: null, paymentLinkId: linkId })).json().id as string;
    const own = (
      await sendRequest({ customAmount: null, paymentLinkId: linkId, clinicReference: 'INV-9' })
    ).json().id as string;
    const references = async (id: string) =>
      (await app.database.db.select().from(paymentRequests).where(eq(paymentRequests.id, id)))[0]
        ?.clinicReference;
    expect(await references(ofLink)).toBe('PN-77');
    expect(await references(own)).toBe('INV-9');

    const linkPayment = await paymentOf(await pay(linkId));
    expect(linkPayment?.clinicReference).toBe('PN-77');
  });

  it('refuses a reference that is too long or runs over two lines, on its field, and stores nothing', async () => {
    const patientEmail = `${randomUUID()}@patient.example`;
    for (const clinicReference of ['X'.repeat(101), 'INV\n2041', 'INV\u00072041']) {
      const refused = await sendRequest({ patientEmail, clinicReference });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fieldErrors.clinicReference).toBe(
        'Enter a reference of up to 100 characters on one line',
      );
    }
    const stored = await app.database.db
      .select()
      .from(paymentRequests)
      .where(eq(paymentRequests.patientEmail, patientEmail));
    expect(stored).toHaveLength(0);
    const link = await post('/api/payment-links', {
      title: 'Check-up',
      amount: 4000,
      clinicReference: 'X'.repeat(101),
    });
    expect(link.statusCode).toBe(400);
    expect(link.json().fieldErrors.clinicReference).toBe(
      'Enter a reference of up to 100 characters on one line',
    );
  });
});

describe('unpaid requests in the payment history', () => {
  let app: FastifyInstance;
  let cookies: Record<string, string>;

  beforeAll(async () => {
    app = await createTestApp();
    cookies = (await connectedClinic(app)).cookies;
  });
  afterAll(() => app.close());

  const send = async (patientName: string) =>
    (
      await app.inject({
        method: 'POST',
        url: '/api/payment-requests',
        cookies,
        payload: { patientName, patientEmail: `${randomUUID()}@patient.example`, customAmount: 2500 },
      })
    ).json().id as string;
  const statuses = async (filter = 'all') => {
    const page = (await app.inject({ url: `/api/payments?status=${filter}`, cookies })).json();
    return Object.fromEntries(
      page.items.map((item: { patientName: string; status: string }) => [item.patientName, item.status]),
    );
  };

  it('names a request sent, expired or cancelled, filters by each, and tells which in its details', async () => {
    await send('Wendy Waiting');
    const expired = await send('Eddie Expired');
    const cancelled = await send('Carla Cancelled');
    await app.database.db
      .update(paymentRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(paymentRequests.id, expired));
    expect(
      (await app.inject({ method: 'POST', url: `/api/payment-requests/${cancelled}/cancel`, cookies }))
        .statusCode,
    ).toBe(200);

    expect(await statuses()).toEqual({
      'Wendy Waiting': 'sent',
      'Eddie Expired': 'expired',
      'Carla Cancelled': 'cancelled',
    });
    expect(await statuses('sent')).toEqual({ 'Wendy Waiting': 'sent' });
    expect(await statuses('expired')).toEqual({ 'Eddie Expired': 'expired' });
    expect(await statuses('cancelled')).toEqual({ 'Carla Cancelled': 'cancelled' });

    const details = (await app.inject({ url: `/api/payments/${expired}`, cookies })).json();
    expect(details).toMatchObject({ status: 'expired', isRequest: true });
    const csv = (await app.inject({ url: '/api/payments/export?status=cancelled', cookies })).body;
    expect(csv).toContain('Carla Cancelled');
    expect(csv).toContain(',Cancelled,');
  });

  it('says a paid request needs no reminder when the clinic asks to send one', async () => {
    const id = await send('Petra Paid');
    const intent = await startPayment(app, id);
    await confirmWithCard(app, intent, '4242424242424242');
    await sandboxOf(app).events.deliverDue();
    const remind = await app.inject({ method: 'POST', url: `/api/payment-requests/${id}/remind`, cookies });
    expect(remind.statusCode).toBe(409);
    expect(remind.json()).toMatchObject({
      code: 'PAYMENT_REQUEST_PAID',
      message: 'This request has already been paid, so the patient needs no reminder',
    });
  });
});
