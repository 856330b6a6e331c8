/**
 * The admin console's safeguards on platform settings (decision 0098): the fee history read from the
 * audit log, and the signing secret's audited reveal and rotation.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedInAdmin, signedInClinic } from '../../../test/accounts.js';
import { createTestApp } from '../../../test/test-app.js';
import { auditLog } from '../../db/schema/index.js';
import { recordAudit } from '../audit/index.js';
import { getWebhookSigningSecret } from './index.js';

let app: FastifyInstance;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
beforeEach(async () => {
  app = await createTestApp();
  admin = await signedInAdmin(app);
});
afterEach(() => app.close());

const HISTORY = '/api/admin/platform-settings/fee/history';
const REVEAL = '/api/admin/system-settings/webhooks/signing-secret/reveal';
const ROTATE = '/api/admin/system-settings/webhooks/signing-secret/rotate';

const setFee = (cookies: Record<string, string>, platformFeePercent: string) =>
  app.inject({
    method: 'PUT',
    url: '/api/admin/platform-settings/fee',
    cookies,
    payload: { platformFeePercent },
  });

const auditOf = (action: string) =>
  app.database.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(auditLog.createdAt);

describe('GET /api/admin/platform-settings/fee/history', () => {
  it('lists each change newest first with when, who, and from → to', async () => {
    const other = await signedInAdmin(app);
    await setFee(admin.cookies, '3.5');
    await setFee(other.cookies, '2.0');
    const response = await app.inject({ url: HISTORY, cookies: admin.cookies });
    expect(response.statusCode).toBe(200);
    const { items } = response.json();
    expect(items).toEqual([
      {
        id: expect.any(String),
        changedAt: expect.any(String),
        actorEmail: other.email,
        from: '3.5',
        to: '2.0',
      },
      {
        id: expect.any(String),
        changedAt: expect.any(String),
        actorEmail: admin.email,
        from: '3.0',
        to: '3.5',
      },
    ]);
    expect(Date.parse(items[0].changedAt)).toBeGreaterThanOrEqual(Date.parse(items[1].changedAt));
  });

  it('shows at most 20, and null where an old entry did not record the percent', async () => {
    for (let index = 0; index < 21; index += 1) await setFee(admin.cookies, `${index}.0`);
    await recordAudit(app.database.db, {
      actorUserId: admin.user.id,
      action: 'platform_fee.updated',
      entityType: 'platform_settings',
      entityId: 'platform_fee_percent',
      details: { to: '7.0' },
    });
    const { items } = (await app.inject({ url: HISTORY, cookies: admin.cookies })).json();
    expect(items).toHaveLength(20);
    expect(items[0]).toMatchObject({ from: null, to: '7.0' });
    expect(items[1]).toMatchObject({ from: '19.0', to: '20.0' });
    // Other actions are not fee changes.
    expect(items.every((item: { to: string }) => item.to !== null)).toBe(true);
  });

  it('is for admins only', async () => {
    const clinic = await signedInClinic(app);
    expect((await app.inject({ url: HISTORY, cookies: clinic.cookies })).statusCode).toBe(403);
    expect((await app.inject({ url: HISTORY })).statusCode).toBe(401);
  });
});

describe('the webhook signing secret, revealed and rotated', () => {
  it('reveals the whole secret to an admin, uncached, and audits who revealed it without the secret', async () => {
    const secret = await getWebhookSigningSecret(app.database.db);
    const response = await app.inject({ method: 'POST', url: REVEAL, cookies: admin.cookies });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      signingSecret: secret,
      signingSecretMasked: `whsec_••••••••${secret.slice(-4)}`,
    });
    const [entry, ...more] = await auditOf('webhook_secret.revealed');
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({ actorUserId: admin.user.id, entityType: 'system_settings' });
    expect(JSON.stringify(entry?.details)).not.toContain(secret.slice(6));
  });

  it('rotates to a new random secret that deliveries then use, audited with both masked', async () => {
    const before = await getWebhookSigningSecret(app.database.db);
    const response = await app.inject({ method: 'POST', url: ROTATE, cookies: admin.cookies });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { signingSecret, signingSecretMasked } = response.json();
    expect(signingSecret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(signingSecret).not.toBe(before);
    expect(signingSecretMasked).toBe(`whsec_••••••••${signingSecret.slice(-4)}`);
    expect(await getWebhookSigningSecret(app.database.db)).toBe(signingSecret);
    const webhooks = await app.inject({ url: '/api/admin/system-settings/webhooks', cookies: admin.cookies });
    expect(webhooks.json().signingSecretMasked).toBe(signingSecretMasked);
    const [entry] = await auditOf('webhook_secret.rotated');
    expect(entry).toMatchObject({
      actorUserId: admin.user.id,
      details: { from: `whsec_••••••••${before.slice(-4)}`, to: signingSecretMasked },
    });
    expect(JSON.stringify(entry?.details)).not.toContain(signingSecret.slice(6));
  });

  it('is for admins only: nothing revealed, rotated or audited for others', async () => {
    const before = await getWebhookSigningSecret(app.database.db);
    const clinic = await signedInClinic(app);
    for (const cookies of [clinic.cookies, {}]) {
      const reveal = await app.inject({ method: 'POST', url: REVEAL, cookies });
      const rotate = await app.inject({ method: 'POST', url: ROTATE, cookies });
      expect([reveal.statusCode, rotate.statusCode]).toEqual(
        cookies === clinic.cookies ? [403, 403] : [401, 401],
      );
      expect(reveal.body).not.toContain(before.slice(6));
    }
    expect(await getWebhookSigningSecret(app.database.db)).toBe(before);
    expect(await auditOf('webhook_secret.revealed')).toHaveLength(0);
    expect(await auditOf('webhook_secret.rotated')).toHaveLength(0);
  });
});
