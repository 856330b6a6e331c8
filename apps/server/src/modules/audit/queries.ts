/**
 * Reads of the audit log for the admin console (decision 0098) and the owner's trail (decision 0124),
 * without rules. Every read is newest first with the id as tie-break, written 'desc nulls last' as the
 * audit_log indexes are built so PostgreSQL walks them instead of sorting: audit_log_created_idx
 * unfiltered, audit_log_action_created_idx by action, audit_log_clinic_created_idx by clinic,
 * audit_log_clinic_action_created_idx by clinic and action. Totals are summed from the daily counts
 * (docs/decisions/0128-back-office-at-scale.md).
 */
import { CLINIC_TIME_ZONE } from '@clinicpay/shared';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { executePrepared } from '../../db/prepared.js';
import {
  auditDailyCounts,
  auditLog,
  auditPlatformDailyCounts,
  clinics,
  users,
} from '../../db/schema/index.js';

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

/** One entry of a page as the database gives it. */
interface AuditPageRow {
  total: number | string;
  id: string | null;
  action: string;
  actor_email: string | null;
  clinic_id: string | null;
  clinic_name: string | null;
  entity_type: string;
  entity_id: string;
  created_at: Date | string;
  details: unknown;
  ip_address: string | null;
}

/** The conditions on audit_log `a` that select the entries matching `filters`. */
function entryConditions(filters: AuditFilters): SQL {
  const conditions: SQL[] = [sql`true`];
  if (filters.action) conditions.push(sql`a.action = ${filters.action}`);
  if (filters.clinicId) conditions.push(sql`a.clinic_id = ${filters.clinicId}`);
  if (filters.from) conditions.push(sql`a.created_at >= ${londonMidnight(filters.from)}`);
  if (filters.to) conditions.push(sql`a.created_at < ${londonMidnight(filters.to, 1)}`);
  return sql.join(conditions, sql` and `);
}

/**
 * How many entries match `filters` on each London day, from the daily counts the trigger on audit_log
 * keeps (migration 0039, docs/decisions/0128-back-office-at-scale.md): a clinic's rows per action and
 * day, or the whole log's per action (or every action, '') and day; the London days from `from` to `to`
 * are exactly the instants the page's conditions take. One row a day with entries, as (day, n).
 */
function dayCountsOf(filters: AuditFilters): SQL {
  const days = [
    filters.from ? sql` and day >= ${filters.from}::date` : sql``,
    filters.to ? sql` and day <= ${filters.to}::date` : sql``,
  ];
  if (filters.clinicId) {
    const action = filters.action ? sql` and action = ${filters.action}` : sql``;
    return sql`select day, sum(entries)::int as n from ${auditDailyCounts}
      where clinic_id = ${filters.clinicId}${action}${days[0]}${days[1]} group by day`;
  }
  return sql`select day, sum(entries)::int as n from ${auditPlatformDailyCounts}
    where action = ${filters.action ?? ''}${days[0]}${days[1]} group by day`;
}

/**
 * One page of entries matching `filters` (`offset` entries in, newest first), with the actor's email and
 * the clinic's name, and the total, in one prepared statement (its planning costs more than its run).
 * The daily counts give the total and, for a page past the second, the London day its first entry is
 * on and how many entries are newer: the page's ids are then walked on the narrow indexes from that
 * day's end (an index-only walk: the log is append-only, so its pages stay all-visible), skipping only
 * that day's entries before it, so any page costs about what the first does; only the page's rows are
 * then read.
 */
export async function selectAuditPage(db: Db, filters: AuditFilters, limit: number, offset: number) {
  const where = entryConditions(filters);
  const newestFirst = sql`order by a.created_at desc nulls last, a.id desc nulls last`;
  const skipped = sql`${offset}::int`;
  const keys =
    offset <= 2 * limit
      ? sql`page as materialized (select a.id from ${auditLog} a where ${where} ${newestFirst}
          limit ${limit} offset ${skipped})`
      : sql`placed as materialized (
          select day, before from (
            select day, n,
              coalesce(sum(n) over (order by day desc rows between unbounded preceding and 1 preceding), 0)::int
                as before
            from days
          ) as running where before <= ${skipped} and before + n > ${skipped}
        ),
        page as materialized (
          select a.id from ${auditLog} a where ${where}
            and a.created_at < (((select day from placed) + 1)::timestamp at time zone ${sql.raw(`'${CLINIC_TIME_ZONE}'`)})
          ${newestFirst} limit ${limit} offset (select ${skipped} - before from placed)
        )`;
  const result = await executePrepared(
    db,
    'audit_page',
    sql`
    with days as materialized (${dayCountsOf(filters)}),
    counted as materialized (select coalesce(sum(n), 0)::int as total from days),
    ${keys}
    select counted.total, e.* from counted left join (
      select a.id, a.action, (select u.email from ${users} u where u.id = a.actor_user_id) as actor_email,
             a.clinic_id, (select c.clinic_name from ${clinics} c where c.id = a.clinic_id) as clinic_name,
             a.entity_type, a.entity_id, a.created_at, a.details, a.ip_address
      from ${auditLog} a where a.id = any(array(select id from page))
    ) e on true
    order by e.created_at desc nulls last, e.id desc nulls last`,
  );
  const found = (result as unknown as { rows: AuditPageRow[] }).rows;
  const rows = found.flatMap((row) =>
    row.id === null
      ? []
      : [
          {
            id: row.id,
            action: row.action,
            actorEmail: row.actor_email,
            clinicId: row.clinic_id,
            clinicName: row.clinic_name,
            entityType: row.entity_type,
            entityId: row.entity_id,
            createdAt: new Date(row.created_at),
            details: row.details,
            ipAddress: row.ip_address,
          },
        ],
  );
  return { rows, total: Number(found[0]?.total ?? 0) };
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
