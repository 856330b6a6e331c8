/** Reads and writes of the payment_requests table; no rules. */
import { and, count, desc, eq, gt, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { containsPattern } from '../../db/like.js';
import { paymentLinks, paymentRequests } from '../../db/schema/index.js';

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

/** The whole payment request row, or undefined. */
export async function findRequestRow(db: Db | Tx, requestId: string) {
  const [row] = await db.select().from(paymentRequests).where(eq(paymentRequests.id, requestId));
  return row;
}

/** The clinic's whole payment request row, or undefined (another clinic's is not found). */
export async function findClinicRequestRow(db: Db, clinicId: string, requestId: string) {
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

/**
 * Claims the next scheduled reminder of up to `limit` requests that are due one at `now`: unpaid, not
 * cancelled, not expired, reminders on, and `sent_at + day` passed for a day of the clinic's schedule
 * beyond those already sent. Each claimed request's count moves to the number of its schedule's days
 * that have passed (so a late sweep sends one reminder, not several), in one statement that skips rows
 * another process holds: each reminder is claimed once, whichever process sweeps. With
 * `onlyRequestId`, only that request is looked at (the dev tools' moved clock).
 * Resolves to the claimed requests' ids.
 */
export async function claimDueReminders(
  tx: Tx,
  now: Date,
  limit: number,
  onlyRequestId?: string,
): Promise<string[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const only = onlyRequestId ? sql`and r.id = ${onlyRequestId}` : sql``;
  const result = (await tx.execute(sql`
    with due as (
      select r.id, passed.days
      from payment_requests r
      join clinics c on c.id = r.clinic_id
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
    returning r.id
  `)) as unknown as { rows: { id: string }[] };
  return result.rows.map((row) => row.id);
}

/** The SQL of a Requests page filter at `now` (see REQUEST_FILTERS); no rules beyond the column tests. */
function filterCondition(filter: string | undefined, now: Date): SQL | undefined {
  const unpaid = and(eq(paymentRequests.status, 'sent'), isNull(paymentRequests.cancelledAt));
  const open = and(unpaid, or(isNull(paymentRequests.expiresAt), gt(paymentRequests.expiresAt, now)));
  switch (filter) {
    case 'open':
      return open;
    case 'viewed':
      return and(open, isNotNull(paymentRequests.viewedAt));
    case 'reminded':
      return and(open, isNotNull(paymentRequests.lastRemindedAt));
    case 'paid':
      return eq(paymentRequests.status, 'paid');
    case 'expired':
      return and(unpaid, lte(paymentRequests.expiresAt, now));
    case 'cancelled':
      return and(eq(paymentRequests.status, 'sent'), isNotNull(paymentRequests.cancelledAt));
    default:
      return undefined;
  }
}

/**
 * One page of the clinic's requests, newest first, each with its link's amount and title, filtered
 * (`filter` at `now`) and searched in the stored search text; and how many match.
 */
export async function selectClinicRequests(
  db: Db,
  query: { clinicId: string; filter?: string; search?: string; now: Date; limit: number; offset: number },
) {
  const where = and(
    eq(paymentRequests.clinicId, query.clinicId),
    filterCondition(query.filter, query.now),
    query.search ? sql`${paymentRequests.searchText} like ${containsPattern(query.search)}` : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        request: paymentRequests,
        link: { amount: paymentLinks.amount, title: paymentLinks.title, type: paymentLinks.type },
      })
      .from(paymentRequests)
      .leftJoin(paymentLinks, eq(paymentLinks.id, paymentRequests.paymentLinkId))
      .where(where)
      .orderBy(desc(paymentRequests.sentAt), desc(paymentRequests.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ value: count() }).from(paymentRequests).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}
