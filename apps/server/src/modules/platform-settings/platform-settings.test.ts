import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedInAdmin, signedInClinic } from '../../../test/accounts.js';
import { createTestApp } from '../../../test/test-app.js';
import { auditLog, platformSettings } from '../../db/schema/index.js';

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
