/**
 * Text delivery reports (docs/decisions/0109-text-delivery-reports.md): Twilio's status callbacks,
 * signed as the real SDK signs and checks them, mark a sent text delivered or failed; an unsigned or
 * forged one changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClinic } from '../../../test/accounts.js';
import { createTestApp } from '../../../test/test-app.js';
import { notifications } from '../../db/schema/index.js';
import { createSmsSender } from '../../mail/sms.js';
import { createWebhookSender } from '../../mail/webhook-sender.js';
import { deliverNotificationHandler } from './deliver.js';
import { toDelivery } from './service.js';

const AUTH_TOKEN = 'twilio-auth-token';
const PUBLIC_URL = 'http://localhost:3000';
const CALLBACK_URL = `${PUBLIC_URL}/api/webhooks/twilio/message-status`;

describe('POST /api/webhooks/twilio/message-status', () => {
  let app: FastifyInstance;
  let clinicId: string;
  let cookies: Record<string, string>;

  beforeAll(async () => {
    app = await createTestApp({
      env: {
        PUBLIC_URL,
        TWILIO_ACCOUNT_SID: `AC${'1'.repeat(32)}`,
        TWILIO_AUTH_TOKEN: AUTH_TOKEN,
        TWILIO_FROM: '+447700900000',
      },
    });
    const clinic = await signedInClinic(app);
    clinicId = clinic.user.clinicId;
    cookies = clinic.cookies;
  });
  afterAll(() => app.close());

  /** A text the worker has handed to Twilio, as deliver.ts records it. */
  const sentText = async () => {
    const providerMessageId = `SM${randomUUID().replaceAll('-', '')}`;
    const [row] = await app.database.db
      .insert(notifications)
      .values({
        clinicId,
        type: 'payment_request',
        recipientType: 'patient',
        channel: 'sms',
        recipient: '+447700900123',
        payload: {},
        status: 'sent',
        attempts: 1,
        sentAt: new Date(),
        providerMessageId,
      })
      .returning();
    if (!row) throw new Error('no notification');
    return { id: row.id, providerMessageId };
  };
  const report = (params: Record<string, string>, signature?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/webhooks/twilio/message-status',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature':
          signature ?? twilio.getExpectedTwilioSignature(AUTH_TOKEN, CALLBACK_URL, params),
      },
      payload: new URLSearchParams(params).toString(),
    });
  const rowOf = async (id: string) =>
    (await app.database.db.select().from(notifications).where(eq(notifications.id, id)))[0];

  it('sends a request’s text with the status callback, keeps its SID, and shows Twilio’s delivery on the request', async () => {
    const sent = await app.inject({
      method: 'POST',
      url: '/api/payment-requests',
      cookies,
      payload: {
        patientName: 'Grace Patient',
        patientEmail: 'grace@patient.example',
        patientPhone: '07700 900123',
        customAmount: 2_000,
      },
    });
    const requestId = sent.json().id as string;
    const [text] = await app.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.paymentRequestId, requestId))
      .then((rows) => rows.filter((row) => row.channel === 'sms'));
    if (!text) throw new Error('no text was queued');

    // The real SDK, through an HTTP client that answers as Twilio's API does (no internet here).
    const sid = `SM${'4'.repeat(32)}`;
    const posted: unknown[] = [];
    const httpClient = new twilio.RequestClient();
    httpClient.request = async (options) => {
      posted.push(options.data);
      return { statusCode: 201, body: { sid, status: 'queued' }, headers: {} } as never;
    };
    const deliver = deliverNotificationHandler({
      db: app.database.db,
      mailer: app.mailer,
      sms: createSmsSender(app.config, app.database.db, { twilioHttpClient: httpClient }),
      webhooks: createWebhookSender({ requirePublicHttps: false }),
      webhookSecret: async () => 'whsec_test',
      publicUrl: app.config.publicUrl,
    });
    await deliver({ notificationId: text.id }, { jobId: 'first', retryCount: 0, isLastAttempt: false });
    expect(posted).toEqual([expect.objectContaining({ To: '+447700900123', StatusCallback: CALLBACK_URL })]);
    expect(await rowOf(text.id)).toMatchObject({ status: 'sent', providerMessageId: sid, deliveredAt: null });

    expect((await report({ MessageSid: sid, MessageStatus: 'delivered' })).statusCode).toBe(204);
    const details = (await app.inject({ url: `/api/payments/${requestId}`, cookies })).json();
    const shown = details.notifications.find((delivery: { channel: string }) => delivery.channel === 'sms');
    expect(shown).toMatchObject({ status: 'sent', deliveredAt: expect.any(String) });
  });

  it('marks a text delivered when Twilio says so, once, and shows it in the log', async () => {
    const text = await sentText();
    const params = { MessageSid: text.providerMessageId, MessageStatus: 'sent', AccountSid: 'AC1' };
    expect((await report(params)).statusCode).toBe(204);
    expect((await rowOf(text.id))?.deliveredAt).toBeNull();

    const delivered = { ...params, MessageStatus: 'delivered' };
    expect((await report(delivered)).statusCode).toBe(204);
    const row = await rowOf(text.id);
    expect(row?.deliveredAt).toBeInstanceOf(Date);
    expect(toDelivery(row as NonNullable<typeof row>)).toMatchObject({
      status: 'sent',
      deliveredAt: row?.deliveredAt?.toISOString(),
    });

    // A repeated report keeps the first delivery time.
    expect((await report(delivered)).statusCode).toBe(204);
    expect((await rowOf(text.id))?.deliveredAt).toEqual(row?.deliveredAt);
  });

  it('turns an undelivered text failed, with Twilio’s error code as the reason', async () => {
    const text = await sentText();
    const params = { MessageSid: text.providerMessageId, MessageStatus: 'undelivered', ErrorCode: '30003' };
    expect((await report(params)).statusCode).toBe(204);
    expect(await rowOf(text.id)).toMatchObject({
      status: 'failed',
      lastError:
        'The phone network did not deliver the text (Twilio error 30003: https://www.twilio.com/docs/api/errors/30003)',
    });
  });

  it('refuses a report with no signature or a forged one (403), and changes nothing', async () => {
    const text = await sentText();
    const params = { MessageSid: text.providerMessageId, MessageStatus: 'failed', ErrorCode: '30007' };
    const forged = twilio.getExpectedTwilioSignature('not-the-token', CALLBACK_URL, params);
    for (const signature of [forged, '']) {
      const refused = await report(params, signature);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('FORBIDDEN');
    }
    expect(await rowOf(text.id)).toMatchObject({ status: 'sent', lastError: null, deliveredAt: null });
  });

  it('is not there (404) where Twilio is not configured', async () => {
    const plain = await createTestApp();
    const response = await plain.inject({
      method: 'POST',
      url: '/api/webhooks/twilio/message-status',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'MessageSid=SM1&MessageStatus=delivered',
    });
    expect(response.statusCode).toBe(404);
    await plain.close();
  });
});
