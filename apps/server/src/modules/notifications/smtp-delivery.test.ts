/**
 * Notices delivered through the job queue to a real SMTP server on loopback (decision 0019):
 * the request, receipt, clinic notice and refund emails; a mail server that is down, answers 451 or
 * refuses an address; the clinic's preferences; and the signed webhook.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../../test/accounts.js';
import { connectedClinicWithLink, payPage, sandboxOf } from '../../../test/sandbox.js';
import { messagesTo, type SmtpPeer, startSmtpPeer } from '../../../test/smtp-peer.js';
import { createTestApp } from '../../../test/test-app.js';
import { notifications, payments } from '../../db/schema/index.js';
import { verifyWebhookSignature } from '../../mail/webhook-sender.js';
import { getWebhookSigningSecret } from '../platform-settings/index.js';

type Cookies = Record<string, string>;
const PATIENT = 'grace@patient.example';
/** The payer's address in payPage. */
const PAYER = 'ada@patient.example';

async function appWithSmtp(smtpUrl: string, env: Record<string, string> = {}) {
  return createTestApp({ env: { SMTP_URL: smtpUrl, JOB_RETRY_DELAY_SECONDS: '1', ...env } });
}

function sendRequest(app: FastifyInstance, cookies: Cookies, payload: object = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/payment-requests',
    cookies,
    payload: { patientName: 'Grace Patient', patientEmail: PATIENT, customAmount: 12_000, ...payload },
  });
}

async function noticesOfRequest(app: FastifyInstance, requestId: string) {
  return app.database.db.select().from(notifications).where(eq(notifications.paymentRequestId, requestId));
}

/** The clinic's payment notices among its mail (its account emails go to the same address). */
function paymentNotices(mails: ReturnType<typeof messagesTo>) {
  return mails.filter((mail) => mail.subject?.startsWith('Payment received'));
}

/** Runs due jobs until `done` holds, making each retry due at once instead of waiting out its back-off. */
async function drainUntil(app: FastifyInstance, done: () => boolean | Promise<boolean>) {
  for (let attempt = 0; attempt < 40; attempt++) {
    await app.jobs.drain();
    if (await done()) return;
    await app.jobs.retryNow();
  }
  throw new Error('the jobs did not finish in time');
}

describe('notices by email, through the job queue and a real SMTP server', () => {
  let peer: SmtpPeer;
  let app: FastifyInstance;
  beforeAll(async () => {
    peer = await startSmtpPeer();
    app = await appWithSmtp(peer.url);
  });
  afterAll(async () => {
    await app.close();
    await peer.close();
  });

  it('sends the request, the receipt, the clinic notice and the refund notice, each once', async () => {
    const clinic = await connectedClinicWithLink(app);
    await app.jobs.drain();
    const request = await sendRequest(app, clinic.cookies, { message: 'Balance for your implant' });
    expect(request.statusCode).toBe(201);
    const { id: requestId, paymentUrl } = request.json();
    await app.jobs.drain();

    const [requestEmail, ...more] = messagesTo(peer, PATIENT);
    expect(more).toEqual([]);
    expect(requestEmail?.subject).toBe('Payment request from Harley Street Dental');
    expect(requestEmail?.text).toContain('£120.00');
    expect(requestEmail?.text).toContain(paymentUrl);
    expect(requestEmail?.html).toContain(`href="${paymentUrl}"`);
    expect(requestEmail?.messageId).toMatch(/^<notification-[0-9a-f-]+@localhost>$/);

    await payPage(app, requestId);
    await sandboxOf(app).events.deliverDue();
    await app.jobs.drain();
    const [payment] = await app.database.db
      .select()
      .from(payments)
      .where(eq(payments.paymentRequestId, requestId));
    if (!payment) throw new Error('the payment was not recorded');

    const [receipt] = messagesTo(peer, PAYER);
    expect(receipt?.subject).toBe('Payment receipt from Harley Street Dental');
    expect(receipt?.text).toContain('£120.00');
    expect(receipt?.text).toContain(payment.paymentRef);
    // What the card statement shows, from the clinic's name (decision 0082).
    expect(receipt?.text).toContain('On your card statement: CLINICPAY* HARLEY');
    const clinicNotice = paymentNotices(messagesTo(peer, clinic.email))[0];
    expect(clinicNotice?.subject).toBe('Payment received: £120.00 from Ada Patient');
    expect(clinicNotice?.text).toContain(payment.paymentRef);
    // The notice links to the payment's own page in the dashboard.
    expect(clinicNotice?.text).toContain(`${app.config.publicUrl}/dashboard/payments/${payment.id}`);

    const refund = await app.inject({
      method: 'POST',
      url: `/api/payments/${payment.id}/refunds`,
      cookies: clinic.cookies,
      payload: { amount: 2_550 },
    });
    expect(refund.statusCode).toBe(200);
    await app.jobs.drain();
    const refundNotice = messagesTo(peer, PAYER).find((mail) => mail.subject?.startsWith('Refund'));
    expect(refundNotice?.subject).toBe('Refund from Harley Street Dental');
    expect(refundNotice?.text).toContain('£25.50');
    expect(refundNotice?.text).toContain(payment.paymentRef);

    // Running the queue again sends nothing twice.
    const count = peer.accepted.length;
    await app.jobs.drain();
    expect(peer.accepted).toHaveLength(count);
    const details = await app.inject({ url: `/api/payments/${payment.id}`, cookies: clinic.cookies });
    expect(details.json().notifications).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: 'payment_request',
          channel: 'email',
          recipient: PATIENT,
          status: 'sent',
        }),
        expect.objectContaining({
          type: 'payment_confirmation',
          channel: 'email',
          recipient: PAYER,
          status: 'sent',
        }),
        expect.objectContaining({
          type: 'payment_received',
          channel: 'email',
          recipient: clinic.email,
          status: 'sent',
        }),
        expect.objectContaining({
          type: 'refund_confirmation',
          channel: 'email',
          recipient: PAYER,
          status: 'sent',
        }),
      ]),
    );
  });

  it('marks a notice failed, with the reason, when the mail server refuses the address, and keeps the request', async () => {
    const clinic = await connectedClinicWithLink(app);
    const refused = uniqueEmail('refused');
    peer.refuse.add(refused);
    const response = await sendRequest(app, clinic.cookies, { patientEmail: refused });
    expect(response.statusCode).toBe(201);
    await app.jobs.drain();
    const [notice] = await noticesOfRequest(app, response.json().id);
    expect(notice).toMatchObject({ status: 'failed', attempts: 1 });
    expect(notice?.lastError).toContain('550');
    expect(messagesTo(peer, refused)).toEqual([]);
    const page = await app.inject({ url: `/api/public/payments/${response.json().id}` });
    expect(page.statusCode).toBe(200);
  });

  it('follows the clinic preferences: off, no clinic email; on, sent', async () => {
    const clinic = await connectedClinicWithLink(app);
    const toggle = (emailNotifications: boolean) =>
      app.inject({
        method: 'PATCH',
        url: '/api/clinic/notifications',
        cookies: clinic.cookies,
        payload: { emailNotifications },
      });
    expect((await toggle(false)).statusCode).toBe(200);
    await payPage(app, clinic.linkId);
    await sandboxOf(app).events.deliverDue();
    await app.jobs.drain();
    expect(paymentNotices(messagesTo(peer, clinic.email))).toEqual([]);

    expect((await toggle(true)).statusCode).toBe(200);
    await payPage(app, clinic.linkId);
    await sandboxOf(app).events.deliverDue();
    await app.jobs.drain();
    expect(paymentNotices(messagesTo(peer, clinic.email)).map((mail) => mail.subject)).toEqual([
      'Payment received: £45.00 from Ada Patient',
    ]);
  });
});

describe('a mail server that is down or busy', () => {
  let app: FastifyInstance | undefined;
  let peer: SmtpPeer | undefined;
  afterEach(async () => {
    await app?.close();
    await peer?.close();
  });

  it('retries while the server is down and delivers once it is back: none lost, none doubled', async () => {
    // A free port with nothing listening yet.
    const probe = await startSmtpPeer();
    const { port, url } = probe;
    await probe.close();
    app = await appWithSmtp(url);
    const clinic = await connectedClinicWithLink(app);
    const response = await sendRequest(app, clinic.cookies);
    await app.jobs.drain();
    const [waiting] = await noticesOfRequest(app, response.json().id);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting?.lastError).toMatch(/ECONNREFUSED|connect/i);

    peer = await startSmtpPeer(port);
    const started = peer;
    await drainUntil(app, () => messagesTo(started, PATIENT).length > 0);
    await app.jobs.drain();
    expect(messagesTo(started, PATIENT)).toHaveLength(1);
    const [sent] = await noticesOfRequest(app, response.json().id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });

  it('retries after a 451 answer and delivers once the server accepts', async () => {
    peer = await startSmtpPeer();
    peer.mode = 'try-later';
    app = await appWithSmtp(peer.url);
    const clinic = await connectedClinicWithLink(app);
    await app.jobs.drain();
    const response = await sendRequest(app, clinic.cookies);
    await app.jobs.drain();
    const [waiting] = await noticesOfRequest(app, response.json().id);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting?.lastError).toContain('451');

    peer.mode = 'accept';
    const started = peer;
    await drainUntil(app, () => messagesTo(started, PATIENT).length > 0);
    await app.jobs.drain();
    expect(messagesTo(started, PATIENT)).toHaveLength(1);
    expect((await noticesOfRequest(app, response.json().id))[0]).toMatchObject({
      status: 'sent',
      attempts: 2,
    });
  });
});

describe('the notification webhook', () => {
  it('posts the docs/product.md#notification-payload payload, signed, to the URL the admin set', async () => {
    const received: Array<{ body: string; signature: string | undefined }> = [];
    const receiver = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        received.push({ body, signature: request.headers['clinicpay-signature'] as string | undefined });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/clinicpay`;
    const peer = await startSmtpPeer();
    const app = await appWithSmtp(peer.url);
    try {
      const { signedInAdmin } = await import('../../../test/accounts.js');
      const admin = await signedInAdmin(app);
      const saved = await app.inject({
        method: 'PUT',
        url: '/api/admin/system-settings/webhooks',
        cookies: admin.cookies,
        payload: { patientNotificationWebhook: hookUrl, clinicNotificationWebhook: null },
      });
      expect(saved.statusCode).toBe(200);
      const clinic = await connectedClinicWithLink(app);
      const response = await sendRequest(app, clinic.cookies);
      await app.jobs.drain();

      expect(received).toHaveLength(1);
      const [delivery] = received;
      const secret = await getWebhookSigningSecret(app.database.db);
      expect(verifyWebhookSignature(secret, delivery?.signature, delivery?.body ?? '')).toBe(true);
      expect(verifyWebhookSignature(secret, delivery?.signature, `${delivery?.body} `)).toBe(false);
      expect(JSON.parse(delivery?.body ?? '{}')).toMatchObject({
        notification_type: 'payment_request',
        notification_method: { email: true, sms: false },
        patient: { name: 'Grace Patient', email: PATIENT },
        payment: { amount: 12_000, payment_link: response.json().paymentUrl },
        clinic: { name: 'Harley Street Dental' },
        clinic_id: clinic.user.clinicId,
      });
      const rows = await noticesOfRequest(app, response.json().id);
      expect(rows.map((row) => [row.channel, row.status]).sort()).toEqual([
        ['email', 'sent'],
        ['webhook', 'sent'],
      ]);
    } finally {
      await app.close();
      await peer.close();
      receiver.close();
    }
  });
});
