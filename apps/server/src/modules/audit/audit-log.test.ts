/**
 * GET /api/admin/audit (decision 0098): every audited action, newest first, filtered by action, clinic
 * and London days, paged on the server with the total; bad filters are 400, and only admins read it.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin, signedInClinic } from '../../../test/accounts.js';
import { insertClinic } from '../../../test/admin-data.js';
import { createTestApp } from '../../../test/test-app.js';
import { auditLog } from '../../db/schema/index.js';

describe('GET /api/admin/audit', () => {
  let app: FastifyInstance;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;
  let harley: string;
  let bristol: string;
  beforeAll(async () => {
    app = await createTestApp();
    admin = await signedInAdmin(app);
    harley = await insertClinic(app, { clinicName: 'Harley Dental' });
    bristol = await insertClinic(app, { clinicName: 'Bristol Smiles' });
    const entry = (action: string, at: string, clinicId: string | null, entityId = clinicId ?? 'x') => ({
      actorUserId: admin.user.id,
      action,
      entityType: clinicId ? 'clinic' : 'platform_settings',
      entityId,
      details: { note: action },
      createdAt: new Date(at),
    });
    await app.database.db.insert(auditLog).values([
      entry('clinic.invited', '2026-10-01T09:00:00Z', harley),
      entry('clinic.invited', '2026-10-02T09:00:00Z', bristol),
      entry('provider.disconnected', '2026-10-03T09:00:00Z', harley),
      entry('platform_fee.updated', '2026-10-04T09:00:00Z', null, 'platform_fee_percent'),
      entry('refund.failed', '2026-10-05T09:00:00Z', harley),
      // 23:30 UTC on 5 October is 00:30 on 6 October in London (BST).
      entry('notification_webhooks.updated', '2026-10-05T23:30:00Z', null, 'notification_webhooks'),
      { ...entry('refund.succeeded', '2026-10-06T09:00:00Z', harley), actorUserId: null },
    ]);
  });
  afterAll(() => app.close());

  // Up to October's end unless the test says: the admin's own two-factor setup, today, is left out.
  const get = async (query: string) => {
    const to = query.includes('to=') ? '' : `${query ? '&' : '?'}to=2026-10-31`;
    const response = await app.inject({ url: `/api/admin/audit${query}${to}`, cookies: admin.cookies });
    return { status: response.statusCode, body: response.json() };
  };
  const actions = (body: { items: { action: string }[] }) => body.items.map((item) => item.action);

  it('lists every action, newest first, with who, which clinic and the details', async () => {
    const { status, body } = await get('');
    expect(status).toBe(200);
    expect(body).toMatchObject({ page: 1, pageSize: 25, total: 7 });
    expect(actions(body)).toEqual([
      'refund.succeeded',
      'notification_webhooks.updated',
      'refund.failed',
      'platform_fee.updated',
      'provider.disconnected',
      'clinic.invited',
      'clinic.invited',
    ]);
    expect(body.items[0]).toMatchObject({ actorEmail: null, clinicId: harley, clinicName: 'Harley Dental' });
    expect(body.items[3]).toMatchObject({
      actorEmail: admin.email,
      clinicId: null,
      clinicName: null,
      entityType: 'platform_settings',
      createdAt: '2026-10-04T09:00:00.000Z',
      details: { note: 'platform_fee.updated' },
    });
  });

  it('filters by action, by clinic, and by both', async () => {
    expect(actions((await get('?action=clinic.invited')).body)).toEqual(['clinic.invited', 'clinic.invited']);
    const byClinic = (await get(`?clinicId=${harley}`)).body;
    expect(byClinic.total).toBe(4);
    expect(byClinic.items.every((item: { clinicId: string }) => item.clinicId === harley)).toBe(true);
    const both = (await get(`?clinicId=${bristol}&action=clinic.invited`)).body;
    expect(both).toMatchObject({ total: 1, items: [{ clinicName: 'Bristol Smiles' }] });
    // An empty filter, as a form sends it, is no filter.
    expect((await get('?action=&clinicId=')).body.total).toBe(7);
  });

  it('filters by London days, the end day whole', async () => {
    expect(actions((await get('?from=2026-10-06&to=2026-10-06')).body)).toEqual([
      'refund.succeeded',
      'notification_webhooks.updated',
    ]);
    expect((await get('?from=2026-10-02&to=2026-10-04')).body.total).toBe(3);
    expect((await get('?from=2026-10-05')).body.total).toBe(3);
    expect((await get('?to=2026-10-01')).body.total).toBe(1);
  });

  it('pages on the server with the total', async () => {
    const first = (await get('?pageSize=3')).body;
    const third = (await get('?pageSize=3&page=3')).body;
    expect(first).toMatchObject({ page: 1, pageSize: 3, total: 7 });
    expect(actions(first)).toEqual(['refund.succeeded', 'notification_webhooks.updated', 'refund.failed']);
    expect(third).toMatchObject({ page: 3, total: 7 });
    expect(third.items).toHaveLength(1);
    expect((await get('?pageSize=3&page=4')).body).toMatchObject({ items: [], total: 7 });
  });

  it('answers 400 with a message to bad filters', async () => {
    for (const [query, message] of [
      ['?action=refund.everything', 'Choose an action from the list'],
      ['?clinicId=not-a-uuid', 'Choose a clinic from the list'],
      ['?from=2026-13-40', undefined],
      ['?from=2026-10-06&to=2026-10-01', undefined],
      ['?page=0', undefined],
      ['?pageSize=1000', undefined],
    ] as const) {
      const { status, body } = await get(query);
      expect(status, query).toBe(400);
      expect(body.message, query).toEqual(message ?? expect.any(String));
    }
  });

  it('is for admins only', async () => {
    const clinic = await signedInClinic(app);
    expect((await app.inject({ url: '/api/admin/audit', cookies: clinic.cookies })).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/admin/audit' })).statusCode).toBe(401);
  });
});
