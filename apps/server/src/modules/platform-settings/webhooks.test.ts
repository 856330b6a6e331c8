/**
 * The admin's webhook settings: production refuses URLs that point inside the network when they are
 * saved, and the GET answer shows the installation's signing secret, masked.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { signedInAdmin } from '../../../test/accounts.js';
import { createTestApp, PRODUCTION_ENV } from '../../../test/test-app.js';
import { systemSettings } from '../../db/schema/index.js';
import { getWebhookSigningSecret } from './index.js';

const url = '/api/admin/system-settings/webhooks';
const NOT_PUBLIC = 'Webhook URLs must point to a public internet address';

let app: FastifyInstance;
afterEach(() => app.close());

const put = (cookies: Record<string, string>, payload: Record<string, unknown>) =>
  app.inject({ method: 'PUT', url, cookies, payload });

const storedUrls = async () =>
  (await app.database.db.select().from(systemSettings))
    .filter((row) => row.key.endsWith('_notification_webhook'))
    .map((row) => row.value);

/** A production app and an admin signed in to it (the session cookie has the __Secure- prefix). */
async function productionAdmin() {
  app = await createTestApp({ env: PRODUCTION_ENV });
  return (await signedInAdmin(app)).cookies;
}

describe('saving webhook URLs in production', () => {
  it('refuses hosts on loopback or the private network, storing nothing', async () => {
    const cookies = await productionAdmin();
    const response = await put(cookies, {
      patientNotificationWebhook: 'https://127.0.0.1/hook',
      clinicNotificationWebhook: 'https://localhost/hook',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: NOT_PUBLIC,
      fieldErrors: { patientNotificationWebhook: NOT_PUBLIC, clinicNotificationWebhook: NOT_PUBLIC },
    });
    expect(await storedUrls()).toEqual([null, null]);

    for (const internal of [
      'https://169.254.169.254/latest',
      'https://10.0.0.1/',
      'https://[::ffff:127.0.0.1]/',
    ]) {
      const refused = await put(cookies, {
        patientNotificationWebhook: 'https://93.184.216.34/patient',
        clinicNotificationWebhook: internal,
      });
      expect(refused.statusCode, internal).toBe(400);
      expect(refused.json().fieldErrors, internal).toEqual({ clinicNotificationWebhook: NOT_PUBLIC });
    }
    expect(await storedUrls()).toEqual([null, null]);
  });

  it('accepts https to a public address', async () => {
    const cookies = await productionAdmin();
    const response = await put(cookies, {
      patientNotificationWebhook: 'https://93.184.216.34/patient',
      clinicNotificationWebhook: null,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ patientNotificationWebhook: 'https://93.184.216.34/patient' });
    expect(await storedUrls()).toEqual(['https://93.184.216.34/patient', null]);
  });
});

describe('webhook URLs with a user name or password', () => {
  it('are refused in every environment', async () => {
    app = await createTestApp();
    const admin = await signedInAdmin(app);
    const response = await put(admin.cookies, {
      patientNotificationWebhook: 'https://user:pw@hooks.example/p',
      clinicNotificationWebhook: null,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({
      patientNotificationWebhook: 'Webhook URLs must not contain a user name or password',
    });
  });
});

describe('the webhook signing secret', () => {
  it('is shown to admins masked, the same on every read, and not settable through PUT', async () => {
    app = await createTestApp();
    const admin = await signedInAdmin(app);
    const first = await getWebhookSigningSecret(app.database.db);
    expect(first).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const masked = `whsec_••••••••${first.slice(-4)}`;
    const read = await app.inject({ url, cookies: admin.cookies });
    expect(read.json().signingSecretMasked).toBe(masked);
    expect(read.body).not.toContain(first.slice(6, 20));
    expect((await app.inject({ url, cookies: admin.cookies })).json().signingSecretMasked).toBe(masked);
    const saved = await put(admin.cookies, {
      patientNotificationWebhook: null,
      clinicNotificationWebhook: null,
      signingSecret: 'whsec_chosen_by_the_caller',
    });
    expect(saved.json().signingSecretMasked).toBe(masked);
    expect(await getWebhookSigningSecret(app.database.db)).toBe(first);
  });

  it('differs between installations and agrees between callers racing to create it', async () => {
    app = await createTestApp();
    const other = await createTestApp();
    const [a, b] = await Promise.all([
      getWebhookSigningSecret(app.database.db),
      getWebhookSigningSecret(app.database.db),
    ]);
    expect(a).toBe(b);
    expect(await getWebhookSigningSecret(other.database.db)).not.toBe(a);
    await other.close();
  });

  it('is made again when its row holds no value', async () => {
    app = await createTestApp();
    const key = 'notification_webhook_signing_secret';
    await app.database.db.insert(systemSettings).values({ key, value: null });
    const secret = await getWebhookSigningSecret(app.database.db);
    expect(secret).toMatch(/^whsec_/);
    const [row] = await app.database.db.select().from(systemSettings).where(eq(systemSettings.key, key));
    expect(row?.value).toBe(secret);
  });
});
