/**
 * Reads of the audit log for the admin console (decision 0098), without rules. Every read is newest
 * first with the id as tie-break, written 'desc nulls last' as the audit_log indexes are built so
 * PostgreSQL walks them instead of sorting: audit_log_created_idx unfiltered,
 * audit_log_action_created_idx by action, audit_log_clinic_created_idx by clinic.
 */
import { CLINIC_TIME_ZONE } from '@clinicpay/shared';
import { and, count, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditLog, clinics, users } from '../../db/schema/index.js';

const newestFirst = [sql`${auditLog.createdAt} desc nulls last`, sql`${auditLog.id} desc nulls last`];

/** The instant a London calendar day (YYYY-MM-DD) begins, `days` days after `isoDay`. */
const londonMidnight = (isoDay: string, days = 0) =>
  sql`((${isoDay}::date + ${days}::int)::timestamp at time zone ${sql.raw(`'${CLINIC_TIME_ZONE}'`)})`;

export interface AuditFilters {
  action?: string;
  clinicId?: string;
  /** First London day included. */
  from?: string;
  /** Last London day included, whole. */
  to?: string;
}

/** One page of entries matching `filters`, with the actor's email and the clinic's name, and the total. */
export async function selectAuditPage(db: Db, filters: AuditFilters, limit: number, offset: number) {
  const conditions: SQL[] = [];
  if (filters.action) conditions.push(eq(auditLog.action, filters.action));
  if (filters.clinicId) conditions.push(eq(auditLog.clinicId, filters.clinicId));
  if (filters.from) conditions.push(gte(auditLog.createdAt, londonMidnight(filters.from)));
  if (filters.to) conditions.push(lt(auditLog.createdAt, londonMidnight(filters.to, 1)));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        action: auditLog.action,
        actorEmail: users.email,
        clinicId: auditLog.clinicId,
        clinicName: clinics.clinicName,
        entityType: auditLog.entityType,
        entityId: auditLog.entityId,
        createdAt: auditLog.createdAt,
        details: auditLog.details,
        ipAddress: auditLog.ipAddress,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorUserId))
      .leftJoin(clinics, eq(clinics.id, auditLog.clinicId))
      .where(where)
      .orderBy(...newestFirst)
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

/** The newest `limit` entries of one action, with the actor's email. */
export function selectActionEntries(db: Db, action: string, limit: number) {
  return db
    .select({
      id: auditLog.id,
      actorEmail: users.email,
      createdAt: auditLog.createdAt,
      details: auditLog.details,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(eq(auditLog.action, action))
    .orderBy(...newestFirst)
    .limit(limit);
}
