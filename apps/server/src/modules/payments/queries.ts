/**
 * Reads and writes of payments, and the clinic's history: payments together with unpaid requests
 * (shown as 'sent'), filtered, ordered and paginated in SQL with one UNION ALL, so no page, count,
 * statistic or report ever needs the whole history in memory. Amounts are integer pence. No rules
 * here: the service turns filters into the bounds these queries take.
 */
import type { DisplayPayment, HistoryStatus, PaymentType } from '@clinicpay/shared';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { payments } from '../../db/schema/index.js';

/** The reference of the payment made by a payment intent, once it is recorded. */
export async function findPaymentReference(db: Db, paymentIntentId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ reference: payments.paymentRef })
    .from(payments)
    .where(eq(payments.stripePaymentId, paymentIntentId));
  return row?.reference;
}

/** Records the card fee when it arrives after the payment (Stripe's charge.updated). */
export function setCardFeeIfMissing(db: Pick<Db, 'update'>, paymentIntentId: string, cardFee: number) {
  return db
    .update(payments)
    .set({ stripeFee: cardFee })
    .where(and(eq(payments.stripePaymentId, paymentIntentId), isNull(payments.stripeFee)));
}

/** What selects history rows: the clinic, and filters already turned into bounds by the service. */
export interface HistoryWhere {
  clinicId: string;
  /** Matched case-insensitively anywhere in patient name, email, phone or reference. */
  search?: string;
  /** The search's digits, matched against the stored phone (digits only). */
  searchDigits?: string;
  /** Inclusive lower bound of paid_at / sent_at. */
  fromUtc?: Date;
  /** Exclusive upper bound of paid_at / sent_at. */
  beforeUtc?: Date;
  type: PaymentType | 'all';
  status: HistoryStatus | 'all';
}

/** One history row as the database gives it. */
export interface HistoryRow {
  id: string;
  patient_name: string;
  patient_email: string;
  patient_phone: string | null;
  amount: number | string | null;
  platform_fee: number | string | null;
  date: Date | string;
  /** The date as PostgreSQL's exact text, microseconds included: the keyset cursor. */
  cursor: string;
  status: DisplayPayment['status'];
  type: DisplayPayment['type'];
  title: string | null;
  payment_link_id: string | null;
  reference: string | null;
  refunded: number | string;
  is_request: boolean;
}

/** `%term%` for ILIKE/LIKE, with the pattern characters of the term escaped. */
function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * The search over a payment ('p', which also has a reference) or an unpaid request ('r'): patient name,
 * email and phone, and the phone's digits alone when the term looks like a phone number.
 */
function patientSearch(table: 'p' | 'r', term: string, digits: string | undefined): SQL {
  const t = sql.raw(table);
  const pattern = containsPattern(term);
  const reference = table === 'p' ? sql` or ${t}.payment_ref ilike ${pattern}` : sql``;
  const byDigits = digits ? sql` or ${t}.patient_phone like ${containsPattern(digits)}` : sql``;
  return sql`(${t}.patient_name ilike ${pattern} or ${t}.patient_email ilike ${pattern} or ${t}.patient_phone ilike ${pattern}${reference}${byDigits})`;
}

function paymentConditions(where: HistoryWhere): SQL[] {
  const conditions: SQL[] = [sql`p.clinic_id = ${where.clinicId}`];
  if (where.status !== 'all') conditions.push(sql`p.status = ${where.status}`);
  if (where.type !== 'all') conditions.push(sql`p.type = ${where.type}`);
  if (where.fromUtc) conditions.push(sql`p.paid_at >= ${where.fromUtc.toISOString()}`);
  if (where.beforeUtc) conditions.push(sql`p.paid_at < ${where.beforeUtc.toISOString()}`);
  if (where.search) conditions.push(patientSearch('p', where.search, where.searchDigits));
  return conditions;
}

function requestConditions(where: HistoryWhere): SQL[] {
  const conditions: SQL[] = [sql`r.clinic_id = ${where.clinicId}`, sql`r.paid_at is null`];
  if (where.type !== 'all') conditions.push(sql`coalesce(l.type, 'other') = ${where.type}`);
  if (where.fromUtc) conditions.push(sql`r.sent_at >= ${where.fromUtc.toISOString()}`);
  if (where.beforeUtc) conditions.push(sql`r.sent_at < ${where.beforeUtc.toISOString()}`);
  if (where.search) conditions.push(patientSearch('r', where.search, where.searchDigits));
  return conditions;
}

const includesPayments = (where: HistoryWhere) => where.status !== 'sent';
const includesRequests = (where: HistoryWhere) => where.status === 'all' || where.status === 'sent';

/**
 * The keys (kind, id, date) of the matching rows; a cursor keeps only those before it. With `take`,
 * each side is cut to its newest `take` rows on its own (clinic, date, id) index before the two are
 * merged: PostgreSQL does not merge the two index orders of a UNION ALL itself, and would otherwise
 * read and sort the clinic's whole history for every page.
 */
function keysOf(
  where: HistoryWhere,
  options: { before?: { cursor: string; id: string }; take?: number; oldestFirst?: boolean } = {},
): SQL {
  const { before, take } = options;
  const direction = sql.raw(options.oldestFirst ? 'asc nulls first' : 'desc nulls last');
  // 'nulls last' as the indexes are built (the columns are never null), so the index order is used.
  const newest = (alias: 'p' | 'r', column: 'paid_at' | 'sent_at') =>
    take === undefined
      ? sql``
      : sql` order by ${sql.raw(`${alias}.${column}`)} ${direction}, ${sql.raw(alias)}.id ${direction} limit ${take}`;
  const parts: SQL[] = [];
  if (includesPayments(where)) {
    const conditions = paymentConditions(where);
    if (before) conditions.push(sql`(p.paid_at, p.id) < (${before.cursor}::timestamptz, ${before.id}::uuid)`);
    parts.push(
      sql`(select 'p' as kind, p.id, p.paid_at as date from payments p where ${sql.join(conditions, sql` and `)}${newest('p', 'paid_at')})`,
    );
  }
  if (includesRequests(where)) {
    const conditions = requestConditions(where);
    if (before) conditions.push(sql`(r.sent_at, r.id) < (${before.cursor}::timestamptz, ${before.id}::uuid)`);
    const join = where.type === 'all' ? sql`` : sql` left join payment_links l on l.id = r.payment_link_id`;
    parts.push(
      sql`(select 'r' as kind, r.id, r.sent_at as date from payment_requests r${join} where ${sql.join(conditions, sql` and `)}${newest('r', 'sent_at')})`,
    );
  }
  return sql.join(parts, sql` union all `);
}

/** The full rows of a set of keys, newest first. */
function rowsOf(keys: SQL): SQL {
  return sql`
    with keys as materialized (${keys})
    select p.id, p.patient_name, p.patient_email, p.patient_phone, p.amount_paid as amount, p.platform_fee,
           p.paid_at as date, p.paid_at::text as cursor, p.status::text as status, p.type::text as type,
           p.title, p.payment_link_id, p.payment_ref as reference, p.refund_amount as refunded,
           false as is_request
    from keys k join payments p on k.kind = 'p' and p.id = k.id
    union all
    select r.id, r.patient_name, r.patient_email, r.patient_phone, coalesce(r.custom_amount, l.amount) as amount,
           null as platform_fee, r.sent_at as date, r.sent_at::text as cursor, 'sent' as status,
           coalesce(l.type::text, 'other') as type, coalesce(l.title, 'Custom Payment Request') as title,
           r.payment_link_id, null as reference, 0 as refunded, true as is_request
    from keys k join payment_requests r on k.kind = 'r' and r.id = k.id
    left join payment_links l on l.id = r.payment_link_id
    order by date desc, id desc`;
}

function rowsFrom(result: unknown): HistoryRow[] {
  return (result as { rows: HistoryRow[] }).rows;
}

/**
 * One page of the history, newest first (ties by id), and the number of matching rows. The page's
 * keys are found first on the narrow (clinic, date, id) indexes and only its rows are then read.
 */
export async function selectHistoryPage(
  db: Db,
  where: HistoryWhere,
  limit: number,
  offset: number,
): Promise<{ rows: HistoryRow[]; total: number }> {
  if (!includesPayments(where) && !includesRequests(where)) return { rows: [], total: 0 };
  // One connection, no parallel workers: on a busy server, starting workers for a count of a few
  // hundred thousand index entries costs more than it saves. A page in the older half is read from
  // the oldest end, so the deepest page costs what the middle one does.
  const [rows, total] = await db.transaction(async (tx) => {
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    const counted = await tx.execute(sql`select count(*)::int as total from (${keysOf(where)}) as entries`);
    const total = Number((counted as unknown as { rows: { total: number }[] }).rows[0]?.total ?? 0);
    if (offset >= total) return [{ rows: [] }, total] as const;
    const fromOldest = offset + limit / 2 > total / 2;
    const page = fromOldest
      ? sql`select * from (${keysOf(where, { take: total - offset, oldestFirst: true })}) as entries
            order by date asc, id asc limit ${Math.min(limit, total - offset)} offset ${Math.max(0, total - offset - limit)}`
      : sql`select * from (${keysOf(where, { take: offset + limit })}) as entries
            order by date desc, id desc limit ${limit} offset ${offset}`;
    return [await tx.execute(rowsOf(page)), total] as const;
  });
  return { rows: rowsFrom(rows), total };
}

/**
 * Up to `limit` matching rows strictly older than `before` (date, then id), newest first: the
 * keyset batches of the CSV report, each as fast as the first however deep it goes.
 */
export async function selectHistoryBatch(
  db: Db,
  where: HistoryWhere,
  limit: number,
  before?: { cursor: string; id: string },
): Promise<HistoryRow[]> {
  const keys = keysOf(where, { before, take: limit });
  return rowsFrom(
    await db.execute(
      rowsOf(sql`select * from (${keys}) as entries order by date desc, id desc limit ${limit}`),
    ),
  );
}

/** Whether any row matches (the report is refused before streaming when none does). */
export async function historyHasRows(db: Db, where: HistoryWhere): Promise<boolean> {
  const result = await db.execute(sql`select exists (${keysOf(where)}) as found`);
  return Boolean((result as unknown as { rows: { found: boolean }[] }).rows[0]?.found);
}

/** Sums for the dashboard cards, in pence; the bounds are UTC instants of London days (spec §9). */
export interface StatsBounds {
  todayStart: Date;
  tomorrowStart: Date;
  monthStart: Date;
  nextMonthStart: Date;
}

export async function selectClinicStats(db: Db, clinicId: string, bounds: StatsBounds) {
  const today = bounds.todayStart.toISOString();
  const tomorrow = bounds.tomorrowStart.toISOString();
  const [paid, pending] = await Promise.all([
    db.execute(sql`
      select
        coalesce(sum(amount_paid - refund_amount) filter (
          where status in ('paid', 'partially_refunded') and paid_at >= ${today} and paid_at < ${tomorrow}), 0)::bigint
          as received_today,
        coalesce(sum(amount_paid - refund_amount) filter (where status in ('paid', 'partially_refunded')), 0)::bigint
          as received_month,
        coalesce(sum(case when status = 'refunded' then amount_paid
                          when status = 'partially_refunded' then refund_amount end), 0)::bigint
          as refunded_month
      from payments
      where clinic_id = ${clinicId} and paid_at >= ${bounds.monthStart.toISOString()}
        and paid_at < ${bounds.nextMonthStart.toISOString()}`),
    db.execute(sql`
      select coalesce(sum(coalesce(r.custom_amount, l.amount)), 0)::bigint as pending_today
      from payment_requests r left join payment_links l on l.id = r.payment_link_id
      where r.clinic_id = ${clinicId} and r.status = 'sent' and r.paid_at is null
        and r.sent_at >= ${today} and r.sent_at < ${tomorrow}`),
  ]);
  const sums = (paid as unknown as { rows: Record<string, string | number>[] }).rows[0] ?? {};
  const pendingSums = (pending as unknown as { rows: Record<string, string | number>[] }).rows[0] ?? {};
  return {
    receivedToday: Number(sums.received_today ?? 0),
    receivedMonth: Number(sums.received_month ?? 0),
    refundedMonth: Number(sums.refunded_month ?? 0),
    pendingToday: Number(pendingSums.pending_today ?? 0),
  };
}

/** A payment of the clinic with what its details show: link description, request message. */
export interface PaymentDetailsRow {
  id: string;
  patient_name: string;
  patient_email: string;
  patient_phone: string | null;
  amount: number | string | null;
  platform_fee: number | string | null;
  date: Date | string;
  status: DisplayPayment['status'];
  type: DisplayPayment['type'];
  title: string | null;
  payment_link_id: string | null;
  payment_request_id: string | null;
  reference: string | null;
  refunded: number | string;
  description: string | null;
  message: string | null;
  custom_amount: number | string | null;
}

export async function findClinicPayment(
  db: Db,
  clinicId: string,
  paymentId: string,
): Promise<PaymentDetailsRow | undefined> {
  const result = await db.execute(sql`
    select p.id, p.patient_name, p.patient_email, p.patient_phone, p.amount_paid as amount, p.platform_fee,
           p.paid_at as date, p.status::text as status, p.type::text as type, p.title, p.payment_link_id,
           p.payment_request_id, p.payment_ref as reference, p.refund_amount as refunded,
           l.description, r.message, r.custom_amount
    from payments p
    left join payment_links l on l.id = p.payment_link_id
    left join payment_requests r on r.id = p.payment_request_id
    where p.id = ${paymentId} and p.clinic_id = ${clinicId}`);
  return (result as unknown as { rows: PaymentDetailsRow[] }).rows[0];
}

/** An unpaid request of the clinic, shaped like a payment ('sent'). */
export async function findClinicUnpaidRequest(
  db: Db,
  clinicId: string,
  requestId: string,
): Promise<PaymentDetailsRow | undefined> {
  const result = await db.execute(sql`
    select r.id, r.patient_name, r.patient_email, r.patient_phone, coalesce(r.custom_amount, l.amount) as amount,
           null as platform_fee, r.sent_at as date, 'sent' as status, coalesce(l.type::text, 'other') as type,
           coalesce(l.title, 'Custom Payment Request') as title, r.payment_link_id, r.id as payment_request_id,
           null as reference, 0 as refunded, l.description, r.message, r.custom_amount
    from payment_requests r left join payment_links l on l.id = r.payment_link_id
    where r.id = ${requestId} and r.clinic_id = ${clinicId} and r.paid_at is null`);
  return (result as unknown as { rows: PaymentDetailsRow[] }).rows[0];
}

export interface RefundRow {
  id: string;
  amount: number | string;
  status: 'pending' | 'succeeded' | 'failed';
  created_at: Date | string;
}

/** The payment's refunds, oldest first (read-only here; the refunds module writes them). */
export async function selectPaymentRefunds(
  db: Db,
  clinicId: string,
  paymentId: string,
): Promise<RefundRow[]> {
  const result = await db.execute(sql`
    select id, amount, status::text as status, created_at from refunds
    where payment_id = ${paymentId} and clinic_id = ${clinicId}
    order by created_at, id`);
  return (result as unknown as { rows: RefundRow[] }).rows;
}
