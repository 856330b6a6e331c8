/**
 * GET /api/admin/audit (decision 0098): every audited action, newest first, filtered by action, clinic
 * and London days, paged on the server with the total (counted from the daily counts a trigger keeps,
 * every page found from the nearer end: docs/decisions/0128-back-office-at-scale.md); bad filters are
 * 400, and only admins read it.
 */
import { type SQL, sql } from 'drizzle-orm';
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

  it('walks every page of every filter to the order of the log, and counts every entry however it is written', async () => {
    const york = await insertClinic(app, { clinicName: 'York Dental' });
    const db = app.database.db;
    const entry = (i: number) => ({
      actorUserId: admin.user.id,
      action: ['link.created', 'request.sent', 'account.signed_in'][i % 3] ?? 'link.created',
      entityType: 'clinic',
      entityId: york,
      details: { i },
      // Two entries at each instant (the id breaks the tie), every 7 hours across the October clock change.
      createdAt: new Date(Date.UTC(2026, 9, 20) + Math.floor(i / 2) * 7 * 3_600_000),
    });
    // One by one, then many in one statement, then a transaction rolled back, which leaves no count.
    for (let i = 0; i < 9; i++) await db.insert(auditLog).values(entry(i));
    await db.insert(auditLog).values(Array.from({ length: 30 }, (_, i) => entry(9 + i)));
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(auditLog).values([entry(100), entry(101)]);
        await tx.execute(sql`select 1 / 0`);
      }),
    ).rejects.toThrow();

    const filters: [string, SQL][] = [
      ['', sql`true`],
      ['action=request.sent', sql`action = 'request.sent'`],
      [`clinicId=${york}`, sql`clinic_id = ${york}`],
      [
        `clinicId=${york}&action=account.signed_in`,
        sql`clinic_id = ${york} and action = 'account.signed_in'`,
      ],
      [
        'from=2026-10-24&to=2026-10-27',
        sql`created_at >= '2026-10-23T23:00:00Z' and created_at < '2026-10-28T00:00:00Z'`,
      ],
      [
        `clinicId=${york}&action=link.created&from=2026-10-26`,
        sql`clinic_id = ${york} and action = 'link.created' and created_at >= '2026-10-26T00:00:00Z'`,
      ],
    ];
    for (const [query, where] of filters) {
      const expected = (
        (await db.execute(
          sql`select id from audit_log where ${where} and created_at < '2026-11-01T00:00:00Z'
              order by created_at desc, id desc`,
        )) as unknown as { rows: { id: string }[] }
      ).rows.map((row) => row.id);
      const walked: string[] = [];
      for (let number = 1; number <= Math.ceil(expected.length / 4); number++) {
        const { body } = await get(`?${query}&pageSize=4&page=${number}`);
        expect(body.total, query).toBe(expected.length);
        walked.push(...body.items.map((item: { id: string }) => item.id));
      }
      expect(walked, query).toEqual(expected);
      const beyond = (await get(`?${query}&pageSize=4&page=${Math.ceil(expected.length / 4) + 1}`)).body;
      expect(beyond, query).toMatchObject({ items: [], total: expected.length });
    }
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
