/**
 * Every audit entry about a clinic carries that clinic (decision 0071): the database sets it from the
 * entity on insert, so the admin's clinic profile finds refunds on its payments without scanning them.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertClinic, insertPayment } from '../../../test/admin-data.js';
import { createTestApp } from '../../../test/test-app.js';
import { auditLog } from '../../db/schema/index.js';
import { type AuditEntry, recordAudit } from './index.js';

describe('recordAudit: the clinic of an entry', () => {
  let app: FastifyInstance;
  let clinicId: string;
  let otherClinicId: string;
  beforeAll(async () => {
    app = await createTestApp();
    clinicId = await insertClinic(app);
    otherClinicId = await insertClinic(app);
  });
  afterAll(() => app.close());

  async function clinicOf(entry: Omit<AuditEntry, 'actorUserId' | 'details'>) {
    await app.database.db.transaction((tx) => recordAudit(tx, { actorUserId: null, details: {}, ...entry }));
    const [row] = await app.database.db
      .select({ clinicId: auditLog.clinicId })
      .from(auditLog)
      .where(eq(auditLog.entityId, entry.entityId));
    return row?.clinicId;
  }

  it("is the payment's clinic for an entry on a payment", async () => {
    const paymentId = await insertPayment(app, {
      clinicId: otherClinicId,
      paidAt: '2026-11-20T10:00:00Z',
      amountPaid: 4500,
    });
    await expect(
      clinicOf({ action: 'refund.succeeded', entityType: 'payment', entityId: paymentId }),
    ).resolves.toBe(otherClinicId);
  });

  it('is the clinic itself for an entry on a clinic', async () => {
    await expect(
      clinicOf({ action: 'provider.disconnected', entityType: 'clinic', entityId: clinicId }),
    ).resolves.toBe(clinicId);
  });

  it('is null for a platform entry, and an entity id that is not a uuid is stored as it is', async () => {
    await expect(
      clinicOf({ action: 'platform_fee.updated', entityType: 'platform_settings', entityId: 'platform-fee' }),
    ).resolves.toBeNull();
    await expect(
      clinicOf({ action: 'provider.disconnected', entityType: 'clinic', entityId: 'not-a-uuid' }),
    ).resolves.toBeNull();
  });
});
