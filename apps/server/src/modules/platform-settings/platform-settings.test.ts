import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedInAdmin, signedInClinic } from '../../../test/accounts.js';
import { createTestApp, PRODUCTION_ENV } from '../../../test/test-app.js';
import { auditLog, platformSettings, systemSettings } from '../../db/schema/index.js';

describe('GET /api/platform-settings/fee', () => {
  let app: FastifyInstance;
  beforeEach(async () => {
    app = await createTestApp();
  });
  afterEach(() => app.close());

  const fee = async () => (await app.inject({ url: '/api/platform-settings/fee' })).json();
  const store = (value: string) =>
    app.database.db
      .update(platformSettings)
      .set({ value })
      .where(eq(platformSettings.key, 'platform_fee_percent'));

  it('starts at the seeded 3.0', async () => {
    expect(await fee()).toEqual({ platformFeePercent: '3.0' });
  });

  it('shows the stored percent', async () => {
    await store('12.5');
    expect(await fee()).toEqual({ platformFeePercent: '12.5' });
  });

  it('falls back to 3.0 when the setting is missing or unreadable', async () => {
    await store('twelve');
    expect(await fee()).toEqual({ platformFeePercent: '3.0' });
    await app.database.db.delete(platformSettings);
    expect(await fee()).toEqual({ platformFeePercent: '3.0' });
  });
});

describe('PUT /api/admin/platform-settings/fee', () => {
  let app: FastifyInstance;
  beforeEach(async () => {
    app = await createTestApp();
  });
  afterEach(() => app.close());

  const put = (cookies: Record<string, string>, platformFeePercent: unknown) =>
    app.inject({
      method: 'PUT',
      url: '/api/admin/platform-settings/fee',
      cookies,
      payload: { platformFeePercent },
    });
  const publicFee = async () =>
    (await app.inject({ url: '/api/platform-settings/fee' })).json().platformFeePercent;

  it('lets an admin set the fee, which the public page then shows, and audits it', async () => {
    const admin = await signedInAdmin(app);
    const response = await put(admin.cookies, 3.5);
    expect(response.json()).toEqual({ platformFeePercent: '3.5', message: 'Platform fee updated to 3.5%' });
    expect(await publicFee()).toBe('3.5');
    expect((await put(admin.cookies, '0')).json().platformFeePercent).toBe('0.0');
    expect((await put(admin.cookies, 100)).json().platformFeePercent).toBe('100.0');
    const [entry] = await app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'platform_fee.updated'));
    expect(entry).toMatchObject({ actorUserId: admin.user.id, details: { from: '3.0', to: '3.5' } });
  });

  it('inserts the setting when the row is missing', async () => {
    const admin = await signedInAdmin(app);
    await app.database.db.delete(platformSettings);
    await put(admin.cookies, 4);
    const [row] = await app.database.db.select().from(platformSettings);
    expect(row).toMatchObject({
      key: 'platform_fee_percent',
      value: '4.0',
      description: 'Platform fee percentage charged on all transactions',
    });
  });

  it('refuses anything but 0 to 100 with one decimal, changing nothing', async () => {
    const admin = await signedInAdmin(app);
    for (const bad of [-1, 100.1, 3.25, 'abc', null, 0.30000000000000004]) {
      const response = await put(admin.cookies, bad);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Please enter a fee between 0 and 100 with at most one decimal');
    }
    expect(await publicFee()).toBe('3.0');
  });

  it('is for admins only', async () => {
    const clinic = await signedInClinic(app);
    expect((await put(clinic.cookies, 5)).statusCode).toBe(403);
    expect((await put({}, 5)).statusCode).toBe(401);
    expect(await publicFee()).toBe('3.0');
  });
});

describe('/api/admin/system-settings/webhooks', () => {
  const url = '/api/admin/system-settings/webhooks';
  const put = (app: FastifyInstance, cookies: Record<string, string>, payload: Record<string, unknown>) =>
    app.inject({ method: 'PUT', url, cookies, payload });

  it('lets an admin set, read and clear both URLs, stored under their system_settings keys', async () => {
    const app = await createTestApp();
    const admin = await signedInAdmin(app);
    const signingSecretMasked = expect.stringMatching(/^whsec_•{8}[A-Za-z0-9_-]{4}$/);
    expect((await app.inject({ url, cookies: admin.cookies })).json()).toEqual({
      patientNotificationWebhook: null,
      clinicNotificationWebhook: null,
      signingSecretMasked,
    });
    const saved = await put(app, admin.cookies, {
      patientNotificationWebhook: ' https://hooks.example/patient ',
      clinicNotificationWebhook: 'http://localhost:9000/clinic',
    });
    expect(saved.json()).toEqual({
      patientNotificationWebhook: 'https://hooks.example/patient',
      clinicNotificationWebhook: 'http://localhost:9000/clinic',
      signingSecretMasked,
    });
    const rows = await app.database.db.select().from(systemSettings);
    expect(Object.fromEntries(rows.map((row) => [row.key, row.value]))).toEqual({
      patient_notification_webhook: 'https://hooks.example/patient',
      clinic_notification_webhook: 'http://localhost:9000/clinic',
      notification_webhook_signing_secret: expect.stringMatching(/^whsec_[A-Za-z0-9_-]{43}$/),
      // The offline sandbox's own signing secret (gateway/sandbox/webhook-secret.ts).
      sandbox_webhook_signing_secret: expect.stringMatching(/^whsec_/),
    });
    await put(app, admin.cookies, { patientNotificationWebhook: '', clinicNotificationWebhook: null });
    expect((await app.inject({ url, cookies: admin.cookies })).json()).toEqual({
      patientNotificationWebhook: null,
      clinicNotificationWebhook: null,
      signingSecretMasked,
    });
    // Each change is audited with who made it and what changed; saving the same URLs again is not.
    await put(app, admin.cookies, { patientNotificationWebhook: null, clinicNotificationWebhook: null });
    const audit = await app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'notification_webhooks.updated'))
      .orderBy(auditLog.createdAt);
    expect(audit.map((entry) => [entry.actorUserId, entry.details])).toEqual([
      [
        admin.user.id,
        {
          patientNotificationWebhook: { from: null, to: 'https://hooks.example/patient' },
          clinicNotificationWebhook: { from: null, to: 'http://localhost:9000/clinic' },
        },
      ],
      [
        admin.user.id,
        {
          patientNotificationWebhook: { from: 'https://hooks.example/patient', to: null },
          clinicNotificationWebhook: { from: 'http://localhost:9000/clinic', to: null },
        },
      ],
    ]);
    await app.close();
  });

  it('refuses what is not a web URL, keeping the old ones', async () => {
    const app = await createTestApp();
    const admin = await signedInAdmin(app);
    const good = { patientNotificationWebhook: 'https://a.example/p', clinicNotificationWebhook: null };
    await put(app, admin.cookies, good);
    for (const bad of ['not a url', 'ftp://files.example/x', 'javascript:alert(1)']) {
      const response = await put(app, admin.cookies, { ...good, clinicNotificationWebhook: bad });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().message).toBe('Please enter a valid URL');
    }
    expect((await app.inject({ url, cookies: admin.cookies })).json()).toMatchObject(good);
    await app.close();
  });

  it('accepts only https in production', async () => {
    const app = await createTestApp({ env: PRODUCTION_ENV });
    // In production the session cookie carries the __Secure- prefix.
    const { cookies } = await signedInAdmin(app);
    const response = await put(app, cookies, {
      patientNotificationWebhook: 'https://a.example/p',
      clinicNotificationWebhook: 'http://b.example/c',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: 'Webhook URLs must use https',
      fieldErrors: { clinicNotificationWebhook: 'Webhook URLs must use https' },
    });
    const rows = await app.database.db.select().from(systemSettings);
    expect(rows.map((row) => row.value)).toEqual([null, null]);
    await app.close();
  });
});
