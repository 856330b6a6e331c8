/**
 * A request's and a link's lifetime (docs/decisions/0105-request-and-link-lifetimes.md): expiry,
 * cancellation, a link's most payments, the patient's page and the payment that comes too late; and
 * the reminders (docs/decisions/0106-request-reminders.md), with the clock moved instead of waited for.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMailTo, signedInClinic } from '../../../test/accounts.js';
import { confirmWithCard, connectedClinic, sandboxOf, startPayment } from '../../../test/sandbox.js';
import { createTestApp } from '../../../test/test-app.js';
import { notifications, paymentLinks, paymentRequests, payments } from '../../db/schema/index.js';
import { refundSecondPaymentJob } from '../refunds/index.js';
import { sendDueReminders } from './service.js';

const DAY = 86_400_000;

describe('request and link lifetimes', () => {
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

  const send = async (extra: object = {}, as = cookies) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/payment-requests',
      cookies: as,
      payload: {
        patientName: 'Grace Patient',
        patientEmail: `${randomUUID()}@patient.example`,
        customAmount: 5000,
        ...extra,
      },
    });
    return response;
  };
  const newRequest = async (extra: object = {}) => (await send(extra)).json().id as string;
  const requestRow = async (id: string) =>
    (await app.database.db.select().from(paymentRequests).where(eq(paymentRequests.id, id)))[0];
  const pageData = async (id: string) => (await app.inject({ url: `/api/public/payments/${id}` })).json();
  const post = (url: string, as = cookies) => app.inject({ method: 'POST', url, cookies: as });
  const pay = async (id: string) => {
    const intent = await startPayment(app, id);
    await confirmWithCard(app, intent, '4242424242424242');
    await sandboxOf(app).events.deliverDue();
    return intent;
  };
  const remindersOf = async (id: string) =>
    app.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.paymentRequestId, id), eq(notifications.type, 'payment_reminder')));
  const deps = () => ({ db: app.database.db, jobs: app.jobs, publicUrl: app.config.publicUrl });

  it('gives a request 30 days by default, or the last day the clinic chose', async () => {
    const before = Date.now();
    const byDefault = await requestRow(await newRequest());
    const expiresAt = byDefault?.expiresAt?.getTime() ?? 0;
    // The end of the London day 30 days on: between 30 and 31 days away.
    expect(expiresAt - before).toBeGreaterThan(30 * DAY - 60_000);
    expect(expiresAt - before).toBeLessThanOrEqual(31 * DAY + 3_600_000);

    const chosen = await requestRow(await newRequest({ expiresOn: '2099-06-30' }));
    // 1 July 2099 00:00 in London (BST) is 30 June 23:00 UTC.
    expect(chosen?.expiresAt?.toISOString()).toBe('2099-06-30T23:00:00.000Z');
  });

  it('refuses a last day in the past, a malformed one, and a link limit of 0, with field messages', async () => {
    const past = await send({ expiresOn: '2020-01-01' });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ fieldErrors: { expiresOn: 'Choose today or a later date' } });
    expect((await send({ expiresOn: '2026-02-30' })).statusCode).toBe(400);

    for (const maxPayments of [0, -1, 1.5]) {
      const link = await app.inject({
        method: 'POST',
        url: '/api/payment-links',
        cookies,
        payload: { title: 'Workshop', amount: 3000, maxPayments },
      });
      expect(link.statusCode).toBe(400);
      expect(link.json().fieldErrors.maxPayments).toBe('Enter a whole number of payments from 1 to 100000');
    }
    const pastLink = await app.inject({
      method: 'POST',
      url: '/api/payment-links',
      cookies,
      payload: { title: 'Workshop', amount: 3000, expiresOn: '2020-01-01' },
    });
    expect(pastLink.statusCode).toBe(400);
    expect(pastLink.json().fieldErrors.expiresOn).toBe('Choose today or a later date');
  });

  it('shows an expired request as expired, with the clinic’s message, and refuses to make its intent', async () => {
    await app.inject({
      method: 'PATCH',
      url: '/api/clinic/request-settings',
      cookies,
      payload: { closedPageText: 'Call us on 020 7946 0000 to pay.' },
    });
    const id = await newRequest();
    await app.database.db
      .update(paymentRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(paymentRequests.id, id));
    expect(await pageData(id)).toMatchObject({
      payability: 'expired',
      closedNote: 'Call us on 020 7946 0000 to pay.',
    });
    const intent = await app.inject({
      method: 'POST',
      url: `/api/public/payments/${id}/payment-intents`,
      payload: { name: 'Ada Patient', email: 'ada@patient.example', attemptId: randomUUID() },
    });
    expect(intent.statusCode).toBe(409);
    expect(intent.json()).toMatchObject({ code: 'PAYMENT_PAGE_CLOSED' });
    expect((await post(`/api/payment-requests/${id}/resend`)).json().code).toBe('PAYMENT_REQUEST_CLOSED');
    expect((await post(`/api/payment-requests/${id}/remind`)).statusCode).toBe(409);
    // An open page says nothing of the clinic's closed-page message.
    expect((await pageData(await newRequest())).closedNote).toBeNull();
  });

  it('cancels an unpaid request: its page says so, its open intent is cancelled at the provider, nothing more is sent', async () => {
    const id = await newRequest();
    const intent = await startPayment(app, id);
    const cancelled = await post(`/api/payment-requests/${id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toEqual({ message: 'Payment request cancelled' });
    expect((await pageData(id)).payability).toBe('cancelled');
    expect((await sandboxOf(app).retrievePaymentIntent(intent.paymentIntentId)).status).toBe('canceled');
    // The patient's open tab cannot pay the cancelled intent, and a new Pay Now is refused.
    const confirm = await confirmWithCard(app, intent, '4242424242424242');
    expect(confirm.json().paymentIntent.status).toBe('canceled');
    const again = await app.inject({
      method: 'POST',
      url: `/api/public/payments/${id}/payment-intents`,
      payload: { name: 'Ada Patient', email: 'ada@patient.example', attemptId: randomUUID() },
    });
    expect(again.json().code).toBe('PAYMENT_PAGE_CLOSED');
    expect((await post(`/api/payment-requests/${id}/resend`)).statusCode).toBe(409);
    // Cancelling again changes nothing.
    expect((await post(`/api/payment-requests/${id}/cancel`)).statusCode).toBe(200);
  });

  it('shows where a request stands and its timeline', async () => {
    const id = await newRequest({ patientPhone: '07700900123' });
    const detail = async () => (await app.inject({ url: `/api/payment-requests/${id}`, cookies })).json();
    expect(await detail()).toMatchObject({
      id,
      state: 'open',
      remindersOn: true,
      timeline: [{ kind: 'sent' }],
    });
    await post(`/api/payment-requests/${id}/resend`);
    await post(`/api/public/payments/${id}/viewed`, {});
    await post(`/api/payment-requests/${id}/remind`);
    await post(`/api/payment-requests/${id}/cancel`);
    const after = await detail();
    expect(after.state).toBe('cancelled');
    expect(after.timeline.map((step: { kind: string }) => step.kind)).toEqual([
      'sent',
      'resent',
      'viewed',
      'reminded',
      'cancelled',
    ]);
    const other = await signedInClinic(app);
    expect(
      (await app.inject({ url: `/api/payment-requests/${id}`, cookies: other.cookies })).statusCode,
    ).toBe(404);
  });

  it('refuses to cancel a paid request, or another clinic’s', async () => {
    const id = await newRequest();
    await pay(id);
    const paid = await post(`/api/payment-requests/${id}/cancel`);
    expect(paid.statusCode).toBe(409);
    expect(paid.json()).toMatchObject({
      code: 'PAYMENT_REQUEST_PAID',
      message: 'This request has already been paid, so it cannot be cancelled',
    });
    const other = await signedInClinic(app);
    expect((await post(`/api/payment-requests/${await newRequest()}/cancel`, other.cookies)).statusCode).toBe(
      404,
    );
    expect((await post('/api/payment-requests/not-an-id/cancel')).statusCode).toBe(404);
  });

  it('refunds a payment confirmed after the request expired, and tells the clinic', async () => {
    const id = await newRequest();
    const intent = await startPayment(app, id);
    // The clock passes the last day between Pay Now and the confirmation.
    await app.database.db
      .update(paymentRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(paymentRequests.id, id));
    await confirmWithCard(app, intent, '4242424242424242');
    await sandboxOf(app).events.deliverDue();
    const [payment] = await app.database.db
      .select()
      .from(payments)
      .where(eq(payments.stripePaymentId, intent.paymentIntentId));
    expect(payment?.status).toBe('pending');
    expect((await requestRow(id))?.status).toBe('sent');
    await app.jobs.drain({ only: [refundSecondPaymentJob] });
    await sandboxOf(app).events.deliverDue();
    const [after] = await app.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, payment?.id ?? ''));
    expect(after).toMatchObject({ status: 'refunded', refundAmount: 5000 });
    await app.jobs.drain();
    const mail = await lastMailTo(app, clinicEmail);
    expect(mail?.subject).toBe(`A payment was refunded automatically: ${payment?.paymentRef}`);
    expect(mail?.textBody).toContain('Ada Patient paid £50.00');
    expect(mail?.textBody).toContain('its last day to pay had passed');
    // A React Email document in ClinicPay's name, as every email ClinicPay sends.
    expect(mail?.htmlBody).toMatch(/<html[^>]* lang="en-GB"/);
    expect(mail?.htmlBody).toContain('A payment was refunded automatically</h1>');
  });

  it('closes a link after its most payments, refusing the next, and refunds one that got through', async () => {
    const link = (
      await app.inject({
        method: 'POST',
        url: '/api/payment-links',
        cookies,
        payload: { title: 'First aid workshop', amount: 3000, maxPayments: 1 },
      })
    ).json().link;
    expect(link).toMatchObject({ maxPayments: 1, expiresOn: null });
    // Two patients open the page and press Pay Now before either pays.
    const first = await startPayment(app, link.id);
    const second = await startPayment(app, link.id);
    await confirmWithCard(app, first, '4242424242424242');
    await sandboxOf(app).events.deliverDue();
    expect((await pageData(link.id)).payability).toBe('used_up');
    const refused = await app.inject({
      method: 'POST',
      url: `/api/public/payments/${link.id}/payment-intents`,
      payload: { name: 'Ada Patient', email: 'ada@patient.example', attemptId: randomUUID() },
    });
    expect(refused.json()).toMatchObject({
      code: 'PAYMENT_PAGE_CLOSED',
      message:
        'This payment link has taken all the payments it was set up for. Please contact the clinic for a new link.',
    });
    await confirmWithCard(app, second, '4242424242424242');
    await sandboxOf(app).events.deliverDue();
    const [late] = await app.database.db
      .select()
      .from(payments)
      .where(eq(payments.stripePaymentId, second.paymentIntentId));
    expect(late?.status).toBe('pending');
    await app.jobs.drain();
    const mail = await lastMailTo(app, clinicEmail);
    expect(mail?.subject).toBe(`A payment was refunded automatically: ${late?.paymentRef}`);
    expect(mail?.textBody).toContain('the payment link had already taken all the payments it was set up for');
  });

  it('shows a link past its last day as expired', async () => {
    const link = (
      await app.inject({
        method: 'POST',
        url: '/api/payment-links',
        cookies,
        payload: { title: 'Flu jab', amount: 2500, expiresOn: '2099-01-31' },
      })
    ).json().link;
    expect(link.expiresOn).toBe('2099-01-31');
    expect((await pageData(link.id)).payability).toBe('payable');
    await app.database.db
      .update(paymentLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(paymentLinks.id, link.id));
    expect((await pageData(link.id)).payability).toBe('expired');
  });

  it('records the first time the patient opens a request, and refuses any other id', async () => {
    const id = await newRequest();
    expect((await requestRow(id))?.viewedAt).toBeNull();
    // Reading the page's data writes nothing: only the page's POST does.
    await pageData(id);
    expect((await requestRow(id))?.viewedAt).toBeNull();
    expect((await post(`/api/public/payments/${id}/viewed`, {})).statusCode).toBe(204);
    const first = (await requestRow(id))?.viewedAt;
    expect(first).toBeInstanceOf(Date);
    await post(`/api/public/payments/${id}/viewed`, {});
    expect((await requestRow(id))?.viewedAt).toEqual(first);
    for (const other of ['not-an-id', randomUUID()]) {
      const response = await post(`/api/public/payments/${other}/viewed`, {});
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Payment link not found');
    }
  });

  it('lists the clinic’s requests, filtered by where they stand and searched on the server', async () => {
    const clinic = await connectedClinic(app);
    const sendAs = async (name: string, extra: object = {}) =>
      (await send({ patientName: name, ...extra }, clinic.cookies)).json().id as string;
    const open = await sendAs('Olive Open');
    const viewed = await sendAs('Vera Viewed');
    await post(`/api/public/payments/${viewed}/viewed`, {});
    const reminded = await sendAs('Rory Reminded');
    await post(`/api/payment-requests/${reminded}/remind`, clinic.cookies);
    const cancelled = await sendAs('Cora Cancelled');
    await post(`/api/payment-requests/${cancelled}/cancel`, clinic.cookies);
    const expired = await sendAs('Ezra Expired');
    await app.database.db
      .update(paymentRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(paymentRequests.id, expired));
    const paid = await sendAs('Pia Paid');
    await pay(paid);

    const list = async (query: string) =>
      (await app.inject({ url: `/api/payment-requests?${query}`, cookies: clinic.cookies })).json();
    const all = await list('');
    expect(all.total).toBe(6);
    expect(all.items[0]).toMatchObject({
      id: paid,
      state: 'paid',
      amount: 5000,
      title: 'Custom Payment Request',
    });
    const ids = async (status: string) =>
      (await list(`status=${status}`)).items.map((item: { id: string }) => item.id);
    expect(new Set(await ids('open'))).toEqual(new Set([open, viewed, reminded]));
    expect(await ids('viewed')).toEqual([viewed]);
    expect(await ids('reminded')).toEqual([reminded]);
    expect(await ids('paid')).toEqual([paid]);
    expect(await ids('cancelled')).toEqual([cancelled]);
    expect(await ids('expired')).toEqual([expired]);
    expect((await list('search=RORY')).items.map((item: { id: string }) => item.id)).toEqual([reminded]);
    expect((await list('search=100%25')).total).toBe(0);
    // Another clinic's requests are not listed, and a bad filter is refused.
    expect((await app.inject({ url: '/api/payment-requests', cookies })).json().items).not.toContainEqual(
      expect.objectContaining({ id: open }),
    );
    const bad = await app.inject({ url: '/api/payment-requests?status=lost', cookies: clinic.cookies });
    expect(bad.statusCode).toBe(400);
  });

  describe('reminders', () => {
    it('reminds on days 3 and 7 by the request’s channels, once each, and stops once paid', async () => {
      const id = await newRequest({ patientPhone: '07700900123' });
      // The request's own email goes first, so the newest email is the reminder.
      await app.jobs.drain();
      const sentAt = (await requestRow(id))?.sentAt.getTime() ?? 0;
      const at = (days: number) => new Date(sentAt + days * DAY + 1000);
      await sendDueReminders(deps(), at(2));
      expect(await remindersOf(id)).toHaveLength(0);
      await sendDueReminders(deps(), at(3));
      // Another process's sweep at the same moment finds nothing left to claim.
      await sendDueReminders(deps(), at(3));
      const first = await remindersOf(id);
      expect(first.map((row) => row.channel).sort()).toEqual(['email', 'sms']);
      await app.jobs.drain();
      const row = await requestRow(id);
      const mail = await lastMailTo(app, row?.patientEmail ?? '');
      expect(mail?.subject).toBe('Reminder: payment request from Harley Street Dental');
      expect(mail?.textBody).toContain(
        'This is a reminder that Harley Street Dental has asked you to pay £50.00',
      );
      expect(row).toMatchObject({ remindersSent: 1 });

      await sendDueReminders(deps(), at(7));
      expect(await remindersOf(id)).toHaveLength(4);
      await pay(id);
      await sendDueReminders(deps(), at(20));
      expect(await remindersOf(id)).toHaveLength(4);
    });

    it('sends one reminder when a sweep finds several days passed, and none once cancelled or expired', async () => {
      const late = await newRequest();
      const sentAt = (await requestRow(late))?.sentAt.getTime() ?? 0;
      await sendDueReminders(deps(), new Date(sentAt + 8 * DAY));
      expect(await remindersOf(late)).toHaveLength(1);
      expect((await requestRow(late))?.remindersSent).toBe(2);

      const cancelled = await newRequest();
      await post(`/api/payment-requests/${cancelled}/cancel`);
      const expired = await newRequest({
        expiresOn: new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10),
      });
      await sendDueReminders(deps(), new Date(Date.now() + 10 * DAY));
      expect(await remindersOf(cancelled)).toHaveLength(0);
      expect(await remindersOf(expired)).toHaveLength(0);
    });

    it('follows the clinic’s schedule, and sends none for a request sent without reminders', async () => {
      const clinic = await connectedClinic(app);
      const settings = await app.inject({
        method: 'PATCH',
        url: '/api/clinic/request-settings',
        cookies: clinic.cookies,
        payload: { reminderDays: [5, 1] },
      });
      expect(settings.json().clinic.reminderDays).toEqual([1, 5]);
      const id = (await send({}, clinic.cookies)).json().id;
      const quiet = (await send({ remindersOn: false }, clinic.cookies)).json().id;
      const sentAt = (await requestRow(id))?.sentAt.getTime() ?? 0;
      await sendDueReminders(deps(), new Date(sentAt + DAY + 1000));
      expect(await remindersOf(id)).toHaveLength(1);
      expect(await remindersOf(quiet)).toHaveLength(0);

      await app.inject({
        method: 'PATCH',
        url: '/api/clinic/request-settings',
        cookies: clinic.cookies,
        payload: { reminderDays: [] },
      });
      await sendDueReminders(deps(), new Date(sentAt + 20 * DAY));
      expect(await remindersOf(id)).toHaveLength(1);
    });

    it('moves the clock for one request through the dev tools, outside production', async () => {
      const id = await newRequest();
      const other = await newRequest();
      const sweep = (days: number) =>
        app.inject({ method: 'POST', url: '/dev/reminders', payload: { days, requestId: id } });
      expect((await sweep(1)).json()).toEqual({ reminded: 0 });
      expect((await sweep(4)).json()).toEqual({ reminded: 1 });
      expect(await remindersOf(id)).toHaveLength(1);
      expect(await remindersOf(other)).toHaveLength(0);
      expect(
        (await app.inject({ method: 'POST', url: '/dev/reminders', payload: { days: -1 } })).statusCode,
      ).toBe(400);
    });

    it('sends a reminder now at the clinic’s word, shown in the notification log', async () => {
      const id = await newRequest();
      const reminded = await post(`/api/payment-requests/${id}/remind`);
      expect(reminded.json()).toEqual({ message: 'Reminder sent to the patient', notices: 1 });
      expect(await remindersOf(id)).toHaveLength(1);
      expect((await requestRow(id))?.lastRemindedAt).toBeInstanceOf(Date);
      await pay(id);
      const paid = await post(`/api/payment-requests/${id}/remind`);
      expect(paid.statusCode).toBe(409);
      expect(paid.json().code).toBe('PAYMENT_REQUEST_PAID');
    });

    it('refuses bad schedules and messages with field messages, changing nothing', async () => {
      for (const payload of [
        { reminderDays: [0] },
        { reminderDays: [3, 3] },
        { reminderDays: [1, 2, 3, 4] },
        { reminderDays: [91] },
        { requestExpiryDays: 0 },
        { requestExpiryDays: 366 },
        { closedPageText: 'x'.repeat(501) },
        { closedPageText: 'Call us\u0007' },
      ]) {
        const response = await app.inject({
          method: 'PATCH',
          url: '/api/clinic/request-settings',
          cookies,
          payload,
        });
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      }
      const clinic = (await app.inject({ url: '/api/clinic', cookies })).json().clinic;
      expect(clinic).toMatchObject({ reminderDays: [3, 7], requestExpiryDays: 30 });
    });
  });
});
