/** Reads and writes of the payment_requests table; no rules. */

import type { PaymentType } from '@clinicpay/shared';
import { and, eq, getTableColumns, gt, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { searchTextMatches } from '../../db/like.js';
import { executePrepared } from '../../db/prepared.js';
import { paymentLinks, paymentRequestCounts, paymentRequests } from '../../db/schema/index.js';

export type PaymentRequestRow = typeof paymentRequests.$inferSelect;
export type NewPaymentRequestRow = typeof paymentRequests.$inferInsert;

/** Stores a payment request and resolves to its row. Throws if the database returns none. */
export async function insertPaymentRequest(tx: Tx, values: NewPaymentRequestRow): Promise<PaymentRequestRow> {
  const [row] = await tx.insert(paymentRequests).values(values).returning();
  if (!row) throw new Error('payment request was not stored');
  return row;
}

/**
 * The payment request's state (status, cancellation and expiry), locked until the transaction ends;
 * undefined when there is none.
 */
export async function lockPaymentRequest(tx: Tx, requestId: string) {
  const [row] = await tx
    .select({
      id: paymentRequests.id,
      clinicId: paymentRequests.clinicId,
      status: paymentRequests.status,
      cancelledAt: paymentRequests.cancelledAt,
      expiresAt: paymentRequests.expiresAt,
    })
    .from(paymentRequests)
    .where(eq(paymentRequests.id, requestId))
    .for('update');
  return row;
}

/** Marks a sent request paid at `paidAt` (a request no longer 'sent' is left as it is). */
export async function markRequestPaid(tx: Tx, requestId: string, paidAt: Date): Promise<void> {
  await tx
    .update(paymentRequests)
    .set({ status: 'paid', paidAt })
    .where(and(eq(paymentRequests.id, requestId), eq(paymentRequests.status, 'sent')));
}

/** The clinic's whole payment request row, or undefined (another clinic's is not found). */
export async function findClinicRequestRow(db: Pick<Db, 'select'>, clinicId: string, requestId: string) {
  const [row] = await db
    .select()
    .from(paymentRequests)
    .where(and(eq(paymentRequests.clinicId, clinicId), eq(paymentRequests.id, requestId)));
  return row;
}

/** The clinic's payment request with this id, or undefined (another clinic's is not found). */
export async function findClinicRequest(db: Db, clinicId: string, requestId: string) {
  const [row] = await db
    .select({ id: paymentRequests.id })
    .from(paymentRequests)
    .where(and(eq(paymentRequests.clinicId, clinicId), eq(paymentRequests.id, requestId)));
  return row;
}

/** Marks an unpaid request cancelled at `at`; resolves to whether it was (a paid or cancelled one is left). */
export async function markRequestCancelled(tx: Tx, requestId: string, at: Date): Promise<boolean> {
  const rows = await tx
    .update(paymentRequests)
    .set({ cancelledAt: at })
    .where(
      and(
        eq(paymentRequests.id, requestId),
        eq(paymentRequests.status, 'sent'),
        isNull(paymentRequests.cancelledAt),
      ),
    )
    .returning({ id: paymentRequests.id });
  return rows.length > 0;
}

/** Records that the patient was reminded at `at` (by the clinic's Send reminder: the schedule's count is kept). */
export async function markRequestReminded(tx: Tx, requestId: string, at: Date): Promise<void> {
  await tx.update(paymentRequests).set({ lastRemindedAt: at }).where(eq(paymentRequests.id, requestId));
}

/**
 * Records the first time the patient opened the request's page (a later open keeps the first time).
 * Resolves to whether there is such a request.
 */
export async function markRequestViewed(db: Db, requestId: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(paymentRequests)
    .set({ viewedAt: sql`coalesce(${paymentRequests.viewedAt}, ${at.toISOString()}::timestamptz)` })
    .where(eq(paymentRequests.id, requestId))
    .returning({ id: paymentRequests.id });
  return rows.length > 0;
}

/** A row of claimDueReminders' statement, as the driver gives it. */
interface ClaimedRow {
  id: string;
  clinic_id: string;
  patient_name: string;
  patient_email: string;
  patient_phone: string | null;
  message: string | null;
  custom_amount: number | string | null;
  title: string | null;
  type: PaymentType | null;
  sent_at: string | Date;
  link_amount: number | string | null;
  link_title: string | null;
  link_type: PaymentType | null;
}

/** A request whose reminder was claimed, with what its notice says (its link's terms, when it has a link). */
export interface ClaimedReminder {
  id: string;
  clinicId: string;
  patientName: string;
  patientEmail: string;
  patientPhone: string | null;
  message: string | null;
  customAmount: number | null;
  title: string | null;
  type: PaymentType | null;
  link: { amount: number | null; title: string; type: PaymentType } | null;
}

/**
 * Claims the next scheduled reminder of up to `limit` requests that are due one at `now`: unpaid, not
 * cancelled, not expired, reminders on, and `sent_at + day` passed for a day of the clinic's schedule
 * beyond those already sent. Each claimed request's count moves to the number of its schedule's days
 * that have passed (so a late sweep sends one reminder, not several), in one statement that skips rows
 * another process holds and rechecks a row another claimed meanwhile against its new count: each
 * reminder is claimed once, whichever process sweeps. With `onlyRequestId`, only that request is looked at (the dev tools' moved
 * clock). Resolves to the claimed requests with what their notices need, oldest sent first, in that
 * one statement (docs/decisions/0129-reminders-at-scale.md).
 */
export async function claimDueReminders(
  tx: Tx,
  now: Date,
  limit: number,
  onlyRequestId?: string,
): Promise<ClaimedReminder[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const only = onlyRequestId ? sql`and r.id = ${onlyRequestId}` : sql``;
  const result = (await tx.execute(sql`
    with due as (
      select r.id, passed.days, l.amount as link_amount, l.title as link_title, l.type as link_type
      from payment_requests r
      join clinics c on c.id = r.clinic_id
      left join payment_links l on l.id = r.payment_link_id and l.clinic_id = r.clinic_id
      cross join lateral (
        select count(*)::int as days from unnest(c.reminder_days) as day
        where r.sent_at + make_interval(days => day) <= ${at}
      ) as passed
      where r.status = 'sent' and r.cancelled_at is null and r.reminders_on
        and (r.expires_at is null or r.expires_at > ${at})
        and passed.days > r.reminders_sent ${only}
      order by r.sent_at
      limit ${limit}
      for update of r skip locked
    )
    update payment_requests as r
    set reminders_sent = due.days, last_reminded_at = ${at}
    from due
    where r.id = due.id
    returning r.id, r.clinic_id, r.patient_name, r.patient_email, r.patient_phone, r.message,
      r.custom_amount, r.title, r.type, r.sent_at, due.link_amount, due.link_title, due.link_type
  `)) as unknown as { rows: ClaimedRow[] };
  // An UPDATE returns its rows in no set order.
  return result.rows
    .sort((a, b) => new Date(a.sent_at).getTime() - new Date(b.sent_at).getTime())
    .map((row) => ({
      id: row.id,
      clinicId: row.clinic_id,
      patientName: row.patient_name,
      patientEmail: row.patient_email,
      patientPhone: row.patient_phone,
      message: row.message,
      customAmount: row.custom_amount === null ? null : Number(row.custom_amount),
      title: row.title,
      type: row.type,
      link:
        row.link_title === null
          ? null
          : {
              amount: row.link_amount === null ? null : Number(row.link_amount),
              title: row.link_title,
              type: row.link_type ?? 'other',
            },
    }));
}

/** The SQL of a Requests page filter at `now` (see REQUEST_FILTERS); no rules beyond the column tests. */
function filterCondition(filter: string | undefined, now: Date): SQL | undefined {
  // The statuses are written in the SQL, not bound, so a prepared statement's generic plan can still use
  // the waiting requests' partial index (payment_requests_clinic_waiting_idx).
  const sent = sql`${paymentRequests.status} = 'sent'`;
  const unpaid = and(sent, isNull(paymentRequests.cancelledAt));
  const open = and(unpaid, or(isNull(paymentRequests.expiresAt), gt(paymentRequests.expiresAt, now)));
  switch (filter) {
    case 'open':
      return open;
    case 'viewed':
      return and(open, isNotNull(paymentRequests.viewedAt));
    case 'reminded':
      return and(open, isNotNull(paymentRequests.lastRemindedAt));
    case 'paid':
      return sql`${paymentRequests.status} = 'paid'`;
    case 'expired':
      return and(unpaid, lte(paymentRequests.expiresAt, now));
    case 'cancelled':
      return and(sent, isNotNull(paymentRequests.cancelledAt));
    default:
      return undefined;
  }
}

/** What selects a Requests page: the clinic, its filter at `now`, a search, and the page. */
export interface RequestsPageQuery {
  clinicId: string;
  filter?: string;
  search?: string;
  now: Date;
  limit: number;
  offset: number;
}

/**
 * How many of the clinic's requests match: all of them, the paid or the cancelled ones read from the
 * clinic's counts (payment_request_counts, kept by a trigger: docs/decisions/0128-back-office-at-scale.md);
 * any other filter, or a search, counted on its index (the waiting requests' index for the filters that
 * depend on `now`, the trigram index for a search).
 */
function countOf(query: RequestsPageQuery, where: SQL | undefined): SQL {
  const kept = keptCount(query);
  if (kept)
    return sql`select coalesce((select ${kept} from ${paymentRequestCounts}
      where ${paymentRequestCounts.clinicId} = ${query.clinicId}), 0)::int as total`;
  return sql`select count(*)::int as total from ${paymentRequests} where ${where}`;
}

/** The kept count that answers the query, if one does: every request, or the paid or cancelled ones, unsearched. */
function keptCount(query: RequestsPageQuery) {
  if (query.search !== undefined) return undefined;
  if (query.filter === undefined) return paymentRequestCounts.total;
  if (query.filter === 'paid') return paymentRequestCounts.paid;
  if (query.filter === 'cancelled') return paymentRequestCounts.cancelled;
  return undefined;
}

/**
 * One page of the clinic's requests, newest first, each with its link's amount and title, filtered
 * (`filter` at `now`) and searched in the stored search text; and how many match. The total and the
 * page's ids come first: the ids by a walk of the clinic's (sent, id) index, from the nearer end (the
 * older half from the oldest), which holds every column the filters test (ordered 'nulls last' as the
 * index is built, so PostgreSQL walks it instead of sorting); then only the page's rows are read, with
 * their links, all in one statement.
 */
export async function selectClinicRequests(db: Db, query: RequestsPageQuery) {
  const where = and(
    eq(paymentRequests.clinicId, query.clinicId),
    filterCondition(query.filter, query.now),
    query.search ? searchTextMatches(paymentRequests.searchText, query.search) : undefined,
  );
  const total = sql`(select total from counted)`;
  const [limit, offset, middle] = [
    sql`${query.limit}::int`,
    sql`${query.offset}::int`,
    sql`${2 * query.offset + query.limit}::int`,
  ];
  const statement = sql`
    with counted as materialized (${countOf(query, where)}),
    page as materialized (
      (select ${paymentRequests.id} as id from ${paymentRequests}
        where ${where} and ${middle} <= ${total}
        order by ${paymentRequests.sentAt} desc nulls last, ${paymentRequests.id} desc nulls last
        limit ${limit} offset ${offset})
      union all
      (select ${paymentRequests.id} from ${paymentRequests}
        where ${where} and ${middle} > ${total}
        order by ${paymentRequests.sentAt} asc nulls first, ${paymentRequests.id} asc nulls first
        limit greatest(0, least(${limit}, ${total} - ${offset})) offset greatest(0, ${total} - ${offset} - ${limit}))
    )
    select counted.total, e.* from counted left join (
      select r.*, l.amount as link_amount, l.title as link_title, l.type as link_type
      from ${paymentRequests} r left join ${paymentLinks} l on l.id = r.payment_link_id
      where r.id = any(array(select id from page))
    ) as e on true
    order by e.sent_at desc nulls last, e.id desc nulls last`;
  // Prepared (its planning costs more than its run) unless searched: a LIKE's best plan depends on the term.
  const result = (await (query.search === undefined
    ? executePrepared(db, 'requests_page', statement)
    : db.execute(statement))) as { rows: Record<string, unknown>[] };
  const rows = result.rows.flatMap((row) =>
    row.id === null || row.id === undefined
      ? []
      : [
          {
            request: requestRowOf(row),
            link:
              row.link_title === null
                ? null
                : {
                    amount: row.link_amount === null ? null : Number(row.link_amount),
                    title: String(row.link_title),
                    type: row.link_type as NonNullable<PaymentRequestRow['type']>,
                  },
          },
        ],
  );
  return { rows, total: Number(result.rows[0]?.total ?? 0) };
}

const REQUEST_COLUMNS = Object.entries(getTableColumns(paymentRequests));

/** A payment_requests row as the driver gives it (snake_case), mapped as Drizzle maps its selects. */
function requestRowOf(row: Record<string, unknown>): PaymentRequestRow {
  return Object.fromEntries(
    REQUEST_COLUMNS.map(([key, column]) => {
      const value = row[column.name];
      return [key, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
    }),
  ) as PaymentRequestRow;
}
