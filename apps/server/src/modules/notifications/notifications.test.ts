/**
 * Giving up and trying again: a notice whose last attempt fails is marked failed with the reason, the
 * admin sees it in the failed list and retries it, and the retry delivers it once.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin, signedInClinic } from '../../../test/accounts.js';
import { createTestApp } from '../../../test/test-app.js';
import { auditLog, notifications } from '../../db/schema/index.js';
import { recordInDevOutbox } from '../../mail/dev-outbox.js';
import type { Mail } from '../../mail/mailer.js';
import { createSmsSender } from '../../mail/sms.js';
import { createWebhookSender } from '../../mail/webhook-sender.js';
import { deliverNotificationHandler } from './deliver.js';

const PATIENT = 'grace@patient.example';

describe('failed notifications', () => {
  let app: FastifyInstance;
  let patientMailUp = false;
  const delivered: Mail[] = [];
  beforeAll(async () => {
    app = await createTestApp({
      mailer: {
        transport: 'smtp',
        send: async (mail) => {
          if (mail.to === PATIENT && !patientMailUp) throw new Error('Connection timeout');
          delivered.push(mail);
          // Account emails still reach the dev outbox, so clinics can verify their address.
          await recordInDevOutbox(app.database.db, {
            recipient: mail.to,
            subject: mail.subject,
            textBody: mail.text,
          });
        },
      },
    });
  });
  afterAll(() => app.close());

  async function failedRequestNotice() {
    const clinic = await signedInClinic(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/payment-requests',
      cookies: clinic.cookies,
      payload: { patientName: 'Grace Patient', patientEmail: PATIENT, customAmount: 2_000 },
    });
    await app.jobs.drain();
    const [row] = await app.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.paymentRequestId, response.json().id));
    if (!row) throw new Error('no notice was queued');
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'Connection timeout' });
    // The queue's last attempt (the sixth) fails too: the notice is given up on, with the reason.
    const handler = deliverNotificationHandler({
      db: app.database.db,
      mailer: app.mailer,
      sms: createSmsSender(app.config, app.database.db),
      webhooks: createWebhookSender({ requirePublicHttps: false }),
      webhookSecret: async () => 'whsec_test',
      publicUrl: app.config.publicUrl,
    });
    await expect(
      handler({ notificationId: row.id }, { jobId: 'last', retryCount: 5, isLastAttempt: true }),
    ).rejects.toThrow('Connection timeout');
    return { clinic, id: row.id };
  }

  it('gives up after the last attempt, lists the notice for the admin, and the Retry delivers it once', async () => {
    const { id } = await failedRequestNotice();
    const [failed] = await app.database.db.select().from(notifications).where(eq(notifications.id, id));
    expect(failed).toMatchObject({ status: 'failed', attempts: 2, lastError: 'Connection timeout' });

    const admin = await signedInAdmin(app);
    const list = await app.inject({ url: '/api/admin/notifications/failed', cookies: admin.cookies });
    expect(list.statusCode).toBe(200);
    expect(list.json().notifications).toContainEqual(
      expect.objectContaining({
        id,
        type: 'payment_request',
        channel: 'email',
        recipient: PATIENT,
        status: 'failed',
        lastError: 'Connection timeout',
        clinicName: 'Harley Street Dental',
      }),
    );

    patientMailUp = true;
    const retry = await app.inject({
      method: 'POST',
      url: `/api/admin/notifications/${id}/retry`,
      cookies: admin.cookies,
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({
      message: 'Notification queued to be sent again',
      notification: { id, status: 'pending' },
    });
    await app.jobs.drain();
    await app.jobs.drain();
    expect(delivered.filter((mail) => mail.to === PATIENT)).toHaveLength(1);
    const [sent] = await app.database.db.select().from(notifications).where(eq(notifications.id, id));
    expect(sent).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    const [audit] = await app.database.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audit).toMatchObject({ action: 'notification.retried', actorUserId: admin.user.id });

    // A sent notice cannot be retried; an unknown one is not found; neither changes anything.
    const again = await app.inject({
      method: 'POST',
      url: `/api/admin/notifications/${id}/retry`,
      cookies: admin.cookies,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Only a failed notification can be retried');
    for (const unknown of ['0a7c9e4e-2f6b-4c55-9a51-3d1f0b8e6c21', 'not-an-id']) {
      const response = await app.inject({
        method: 'POST',
        url: `/api/admin/notifications/${unknown}/retry`,
        cookies: admin.cookies,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Notification not found');
    }
    expect(delivered.filter((mail) => mail.to === PATIENT)).toHaveLength(1);
    patientMailUp = false;
  });
});
