/**
 * The audit trail is append-only (decision 0124): a database trigger refuses every update, delete and
 * truncate of audit_log, whoever asks; and an entry made in a request records the client's address.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClinic } from '../../../test/accounts.js';
import { createTestApp } from '../../../test/test-app.js';
import { auditLog } from '../../db/schema/index.js';

describe('the audit trail', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => app.close());

  it('refuses every update, delete and truncate', async () => {
    await signedInClinic(app);
    const entries = () => app.database.db.select().from(auditLog);
    const before = await entries();
    expect(before.length).toBeGreaterThan(0);
    const { db } = app.database;
    await expect(db.update(auditLog).set({ action: 'clinic.invited' })).rejects.toThrow();
    await expect(db.delete(auditLog)).rejects.toThrow();
    await expect(db.execute(sql`truncate audit_log`)).rejects.toThrow();
    await expect(db.execute(sql`update audit_log set details = '{}'`)).rejects.toThrow();
    expect(await entries()).toEqual(before);
  });

  it("records the client's address of an entry made in a request", async () => {
    const clinic = await signedInClinic(app);
    await app.inject({
      method: 'PATCH',
      url: '/api/team/two-factor',
      cookies: clinic.cookies,
      headers: { 'x-forwarded-for': '198.51.100.44' },
      payload: { required: false },
    });
    const [entry] = await app.database.db
      .select({ ipAddress: auditLog.ipAddress })
      .from(auditLog)
      .where(
        sql`${auditLog.action} = 'two_factor.not_required' and ${auditLog.clinicId} = ${clinic.user.clinicId}`,
      );
    expect(entry?.ipAddress).toBe('198.51.100.44');
  });
});
