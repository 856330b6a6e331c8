import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMailTo, signedInClinic } from '../../../test/accounts.js';
import { createTestApp } from '../../../test/test-app.js';
import { openTestDatabase } from '../../../test/test-database.js';
import { devOutbox, notifications, paymentRequests } from '../../db/schema/index.js';
import { recordInDevOutbox } from '../../mail/dev-outbox.js';
import { sendPaymentRequest } from './service.js';

describe('POST /api/payment-requests', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const send = (cookies: Record<string, string>, payload: object) =>
    app.inject({ method: 'POST', url: '/api/payment-requests', cookies, payload });
  const base = { patientName: 'Grace Patient', patientEmail: 'grace@patient.example' };

  it("names the link in the email and SMS, with the clinic's message beside it", async () => {
    const { cookies } = await signedInClinic(app);
    const link = await app.inject({
      method: 'POST',
      url: '/api/payment-links',
      cookies,
      payload: { title: 'Hygiene appointment', amount: 6500 },
    });
    const response = await send(cookies, {
      ...base,
      patientEmail: 'named@patient.example',
      patientPhone: '07700900456',
      paymentLinkId: link.json().link.id,
      message: 'See you on Tuesday',
    });
    expect(response.statusCode).toBe(201);
    const mail = await lastMailTo(app, 'named@patient.example');
    expect(mail?.textBody).toMatch(/For\s*:?\s*Hygiene appointment/);
    expect(mail?.textBody).toMatch(/Message from Harley Street Dental\s*:?\s*See you on Tuesday/);
    const texts = await app.database.db
      .select()
      .from(devOutbox)
      .where(eq(devOutbox.recipient, '+447700900456'));
    expect(texts[0]?.textBody).toContain('Hygiene appointment');
  });

  it("says 'Payment request' for a custom request sent with no message, never its placeholder title", async () => {
    const { cookies } = await signedInClinic(app);
    const response = await send(cookies, {
      ...base,
      patientEmail: 'plain@patient.example',
      patientPhone: '07700900789',
      customAmount: 4_000,
    });
    expect(response.statusCode).toBe(201);
    const mail = await lastMailTo(app, 'plain@patient.example');
    expect(mail?.textBody).toMatch(/For\s*:?\s*Payment request/);
    expect(mail?.textBody).not.toContain('Custom Payment Request');
    const [sms] = await app.database.db
      .select()
      .from(devOutbox)
      .where(and(eq(devOutbox.channel, 'sms'), eq(devOutbox.recipient, '+447700900789')));
    expect(sms?.textBody).toContain('Payment request');
    expect(sms?.textBody).not.toContain('Custom Payment Request');
  });

  it('creates a sent request with a custom amount and emails and texts the patient its link', async () => {
    const { cookies, user } = await signedInClinic(app);
    const response = await send(cookies, {
      ...base,
      patientPhone: '07700900123',
      customAmount: 12_000,
      message: 'Balance for your treatment',
    });
    expect(response.statusCode).toBe(201);
    const { id, paymentUrl, warning } = response.json();
    expect(warning).toBeUndefined();
    expect(paymentUrl).toBe(`${app.config.publicUrl}/payment/${id}`);

    const [stored] = await app.database.db.select().from(paymentRequests).where(eq(paymentRequests.id, id));
    expect(stored).toMatchObject({
      clinicId: user.clinicId,
      customAmount: 12_000,
      paymentLinkId: null,
      patientPhone: '+447700900123',
      status: 'sent',
    });
    // Nothing goes out inside the request: the notice waits in the job queue until a worker runs it.
    expect(
      await app.database.db.select().from(devOutbox).where(eq(devOutbox.recipient, 'grace@patient.example')),
    ).toEqual([]);

    const mail = await lastMailTo(app, 'grace@patient.example');
    expect(mail?.subject).toBe('Payment request from Harley Street Dental');
    expect(mail?.textBody).toContain('£120.00');
    // A custom request has no title: its message says what it is for, never 'Custom Payment Request'.
    expect(mail?.textBody).toMatch(/For\s*:?\s*Balance for your treatment/);
    expect(mail?.textBody).not.toContain('Custom Payment Request');
    expect(mail?.textBody).toContain(paymentUrl);
    const [sms] = await app.database.db
      .select()
      .from(devOutbox)
      .where(and(eq(devOutbox.channel, 'sms'), eq(devOutbox.recipient, '+447700900123')));
    expect(sms).toMatchObject({ recipient: '+447700900123' });
    expect(sms?.textBody).toContain(paymentUrl);

    // One row per channel, each naming its channel and recording its own delivery.
    const notices = await app.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.paymentRequestId, id));
    expect(
      notices.map((row) => (row.payload as { notification_method: object }).notification_method),
    ).toEqual(
      expect.arrayContaining([
        { email: true, sms: false },
        { email: false, sms: true },
      ]),
    );
    expect(notices).toHaveLength(2);
    const [notice] = notices;
    for (const row of notices) {
      expect(row).toMatchObject({ type: 'payment_request', recipientType: 'patient', status: 'sent' });
    }
    expect(notice?.payload).toMatchObject({
      notification_type: 'payment_request',
      patient: { name: 'Grace Patient', email: 'grace@patient.example', phone: '+447700900123' },
      payment: { amount: 12_000, payment_link: paymentUrl, message: 'Balance for your treatment' },
      clinic: { name: 'Harley Street Dental' },
      clinic_id: user.clinicId,
    });
  });

  it('sends a request by email and text with both notification settings off, and never texts a landline', async () => {
    const { cookies } = await signedInClinic(app);
    const off = await app.inject({
      method: 'PATCH',
      url: '/api/clinic/notifications',
      cookies,
      payload: { emailNotifications: false, smsNotifications: false },
    });
    expect(off.json().clinic).toMatchObject({ emailNotifications: false, smsNotifications: false });

    const channelsOf = async (payload: object) => {
      const response = await send(cookies, { ...base, customAmount: 2500, ...payload });
      expect(response.statusCode).toBe(201);
      const rows = await app.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.paymentRequestId, response.json().id));
      return rows.map((row) => `${row.channel} ${row.recipient}`).sort();
    };
    expect(await channelsOf({ patientEmail: 'off@patient.example', patientPhone: '07700 900789' })).toEqual([
      'email off@patient.example',
      'sms +447700900789',
    ]);
    expect(await channelsOf({ patientEmail: 'desk@patient.example', patientPhone: '020 7946 0321' })).toEqual(
      ['email desk@patient.example'],
    );
    const mail = await lastMailTo(app, 'off@patient.example');
    expect(mail?.subject).toBe('Payment request from Harley Street Dental');
  });

  it("takes a chosen link's amount and ignores a custom amount", async () => {
    const { cookies } = await signedInClinic(app);
    const { link } = (
      await app.inject({
        method: 'POST',
        url: '/api/payment-links',
        cookies,
        payload: { title: 'Deposit', amount: 4500 },
      })
    ).json();
    const { id } = (await send(cookies, { ...base, paymentLinkId: link.id, customAmount: 999 })).json();
    const [stored] = await app.database.db.select().from(paymentRequests).where(eq(paymentRequests.id, id));
    expect(stored).toMatchObject({ paymentLinkId: link.id, customAmount: null });
    const page = (await app.inject({ url: `/api/public/payments/${id}` })).json();
    expect(page).toMatchObject({
      amount: 4500,
      title: 'Deposit',
      isRequest: true,
      patientName: 'Grace Patient',
    });
  });

  it.each([
    [{ patientEmail: 'g@p.example', customAmount: 100 }, 'patientName', 'Please fill in all required fields'],
    [{ patientName: 'G', customAmount: 100 }, 'patientEmail', 'Please fill in all required fields'],
    [{ ...base }, 'customAmount', 'Please either select a payment link or enter a custom amount'],
    [{ ...base, customAmount: 0 }, 'customAmount', 'Please enter a valid amount'],
    [{ ...base, customAmount: 29 }, 'customAmount', 'The smallest amount a card can be charged is £0.30'],
    [
      { ...base, customAmount: 100, patientEmail: 'nope' },
      'patientEmail',
      'Please enter a valid email address',
    ],
    [
      { ...base, customAmount: 100, patientPhone: '12345' },
      'patientPhone',
      'Please enter a valid phone number',
    ],
  ])('refuses %j with its message on %s, storing nothing', async (payload, field, message) => {
    const { cookies, user } = await signedInClinic(app);
    const response = await send(cookies, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[field]).toBe(message);
    expect(
      await app.database.db.select().from(paymentRequests).where(eq(paymentRequests.clinicId, user.clinicId)),
    ).toEqual([]);
  });

  it("refuses another clinic's link or an archived one", async () => {
    const mine = await signedInClinic(app);
    const theirs = await signedInClinic(app);
    const { link } = (
      await app.inject({
        method: 'POST',
        url: '/api/payment-links',
        cookies: theirs.cookies,
        payload: { title: 'T', amount: 100 },
      })
    ).json();
    const response = await send(mine.cookies, { ...base, paymentLinkId: link.id });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Link not found');
    await app.inject({
      method: 'PATCH',
      url: `/api/payment-links/${link.id}`,
      cookies: theirs.cookies,
      payload: { isActive: false },
    });
    expect((await send(theirs.cookies, { ...base, paymentLinkId: link.id })).statusCode).toBe(404);
  });

  it('keeps the request when the email fails: the text goes and the email waits for its retry', async () => {
    const database = await openTestDatabase();
    const failing = await createTestApp({
      database,
      mailer: {
        transport: 'smtp',
        send: async (mail) => {
          if (mail.to === 'grace@patient.example') throw new Error('SMTP is down');
          await recordInDevOutbox(database.db, {
            recipient: mail.to,
            subject: mail.subject,
            textBody: mail.text,
          });
        },
      },
    });
    const { cookies } = await signedInClinic(failing);
    const response = await failing.inject({
      method: 'POST',
      url: '/api/payment-requests',
      cookies,
      payload: { ...base, patientPhone: '07700900123', customAmount: 500 },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().warning).toBeUndefined();
    await failing.jobs.drain();
    const [stored] = await database.db
      .select()
      .from(paymentRequests)
      .where(eq(paymentRequests.id, response.json().id));
    expect(stored?.status).toBe('sent');
    // The email failed and the text went: each row says so, so the retry resends only the email.
    const notices = await database.db
      .select()
      .from(notifications)
      .where(eq(notifications.paymentRequestId, response.json().id));
    const byChannel = (channel: 'email' | 'sms') => notices.find((row) => row.channel === channel);
    expect(byChannel('email')).toMatchObject({ status: 'pending', attempts: 1, lastError: 'SMTP is down' });
    expect(byChannel('sms')).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    await failing.close();
  });

  it('keeps the request and shows the warning when its notice cannot be queued', async () => {
    const { user } = await signedInClinic(app);
    const errors: unknown[] = [];
    const result = await sendPaymentRequest(
      {
        db: app.database.db,
        jobs: { send: async () => Promise.reject(new Error('queue unavailable')) },
        publicUrl: app.config.publicUrl,
        onError: (error) => errors.push(error),
      },
      { clinicId: user.clinicId, actorUserId: user.id },
      {
        patientName: 'Grace Patient',
        patientEmail: 'grace@patient.example',
        patientPhone: null,
        paymentLinkId: null,
        customAmount: 700,
        treatmentTotal: null,
        message: null,
        requiresCardOnFile: false,
        expiresOn: null,
        remindersOn: true,
        clinicReference: null,
      },
    );
    expect(result.warning).toBe('Payment link was sent, but notification delivery might be delayed');
    expect(errors).toHaveLength(1);
    const [stored] = await app.database.db
      .select()
      .from(paymentRequests)
      .where(eq(paymentRequests.id, result.id));
    expect(stored).toMatchObject({ status: 'sent', customAmount: 700 });
    // The notice's rows went with its savepoint: none is left pending with no job to send it.
    expect(
      await app.database.db.select().from(notifications).where(eq(notifications.paymentRequestId, result.id)),
    ).toEqual([]);
  });
});

describe('POST /api/payment-requests/:requestId/resend', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ env: { PAYMENT_REQUESTS_PER_HOUR: '4' } });
  });
  afterAll(() => app.close());

  const resend = (cookies: Record<string, string>, id: string) =>
    app.inject({ method: 'POST', url: `/api/payment-requests/${id}/resend`, cookies });

  it('sends an unpaid request again on its channels, counts it against the hourly limit, and refuses a paid one', async () => {
    const { cookies } = await signedInClinic(app);
    const sent = await app.inject({
      method: 'POST',
      url: '/api/payment-requests',
      cookies,
      payload: {
        patientName: 'Grace Patient',
        patientEmail: 'again@patient.example',
        patientPhone: '07700900321',
        customAmount: 3000,
      },
    });
    const { id, paymentUrl } = sent.json();
    await app.jobs.drain();

    const again = await resend(cookies, id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: 'Payment request sent again', notices: 2 });
    await app.jobs.drain();
    const mails = await app.database.db
      .select()
      .from(devOutbox)
      .where(eq(devOutbox.recipient, 'again@patient.example'))
      .orderBy(asc(devOutbox.createdAt));
    expect(mails).toHaveLength(2);
    expect(mails[1]?.textBody).toContain(paymentUrl);
    expect(mails[1]?.textBody).toContain('£30.00');
    const rows = await app.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.paymentRequestId, id));
    expect(rows.map((row) => `${row.channel} ${row.status}`).sort()).toEqual([
      'email sent',
      'email sent',
      'sms sent',
      'sms sent',
    ]);

    // Another clinic's request, or a malformed id, is not found; nothing is queued.
    const other = await signedInClinic(app);
    expect((await resend(other.cookies, id)).statusCode).toBe(404);
    expect((await resend(cookies, 'not-a-request')).json()).toMatchObject({
      code: 'PAYMENT_REQUEST_NOT_FOUND',
      message: 'Payment request not found',
    });

    await app.database.db.update(paymentRequests).set({ status: 'paid' }).where(eq(paymentRequests.id, id));
    const paid = await resend(cookies, id);
    expect(paid.statusCode).toBe(409);
    expect(paid.json()).toMatchObject({
      code: 'PAYMENT_REQUEST_PAID',
      message: 'This request has already been paid, so there is nothing to resend',
    });
    // The send and three tries to resend used the clinic's four an hour: the next is refused.
    expect((await resend(cookies, id)).statusCode).toBe(429);
    expect(
      await app.database.db.select().from(notifications).where(eq(notifications.paymentRequestId, id)),
    ).toHaveLength(4);
  });
});

describe('sending payment requests in bulk', () => {
  it('stops a clinic at PAYMENT_REQUESTS_PER_HOUR, sending nothing more, and leaves other clinics alone', async () => {
    const app = await createTestApp({ env: { PAYMENT_REQUESTS_PER_HOUR: '2' } });
    const send = (cookies: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: '/api/payment-requests',
        cookies,
        payload: { patientName: 'Grace Patient', patientEmail: 'grace@patient.example', customAmount: 500 },
      });
    const sender = await signedInClinic(app);
    expect((await send(sender.cookies)).statusCode).toBe(201);
    expect((await send(sender.cookies)).statusCode).toBe(201);
    const refused = await send(sender.cookies);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many attempts. Please wait a few minutes and try again.');
    const stored = await app.database.db
      .select()
      .from(paymentRequests)
      .where(eq(paymentRequests.clinicId, sender.user.clinicId));
    expect(stored).toHaveLength(2);
    expect((await send((await signedInClinic(app)).cookies)).statusCode).toBe(201);
    await app.close();
  });
});
