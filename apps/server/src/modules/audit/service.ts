/** The admin's audit log (decision 0098): every recorded action, filtered and paged on the server. */
import type { AdminAuditPage, adminAuditQuerySchema, clinicAuditQuerySchema } from '@clinicpay/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { selectAuditPage } from './queries.js';

/**
 * GET /api/admin/audit: one page of entries, newest first, by action, clinic and London days (the
 * query already checked by the shared schema), with the total for the pager. A page past the end is
 * empty. Throws only what the database throws.
 */
export async function listAuditEntries(
  db: Db,
  query: z.output<typeof adminAuditQuerySchema>,
): Promise<AdminAuditPage> {
  const { page, pageSize, ...filters } = query;
  const { rows, total } = await selectAuditPage(db, filters, pageSize, (page - 1) * pageSize);
  return {
    items: rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      details: (row.details ?? {}) as Record<string, unknown>,
    })),
    page,
    pageSize,
    total,
  };
}

/**
 * GET /api/clinic/audit: one page of the owner's own clinic's entries (decision 0124), filtered as the
 * admin's are but always to `clinicId`, the session's. Throws only what the database throws.
 */
export function listClinicAuditEntries(
  db: Db,
  clinicId: string,
  query: z.output<typeof clinicAuditQuerySchema>,
): Promise<AdminAuditPage> {
  return listAuditEntries(db, { ...query, clinicId });
}
