/**
 * Reads and writes of payments, and the clinic's history: payments together with unpaid requests
 * (shown as 'sent', 'expired' or 'cancelled'), filtered, ordered and paginated in SQL with one UNION ALL, so no page, count,
 * statistic or report ever needs the whole history in memory. Amounts are integer pence. No rules
 * here: the service turns filters into the bounds these queries take.
 */

import {
  CUSTOM_REQUEST_TITLE,
  type DisplayPayment,
  type HistoryStatus,
  isRequestStatus,
  type PaymentType,
  type RefundReasonCode,
} from '@clinicpay/shared';
import { and, eq, inArray, isNull, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { containsPattern, hasTrigram, searchTextMatches } from '../../db/like.js';
import { nearerEnd } from '../../db/paging.js';
import { executePrepared } from '../../db/prepared.js';
import {
  failedPaymentAttempts,
  paymentDailyTotals,
  paymentRequests,
  paymentStatus,
  payments,
} from '../../db/schema/index.js';

/** The reference of the payment made by a payment intent, once it is recorded. */
export async function findPaymentReference(db: Db, paymentIntentId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ reference: payments.paymentRef })
    .from(payments)
    .where(eq(payments.stripePaymentId, paymentIntentId));
  return row?.reference;
}

/**
 * Records the card fee (pence) when it arrives after the payment (Stripe's charge.updated); true when
 * a recorded payment without a fee took it.
 */
export async function setCardFeeIfMissing(
  db: Pick<Db, 'update'>,
  paymentIntentId: string,
  cardFee: number,
): Promise<boolean> {
  const updated = await db
    .update(payments)
    .set({ stripeFee: cardFee })
    .where(and(eq(payments.stripePaymentId, paymentIntentId), isNull(payments.stripeFee)))
    .returning({ id: payments.id });
  return updated.length > 0;
}

export type PaymentRow = typeof payments.$inferSelect;
/** A payment to record; its reference is drawn when it is inserted. */
/** The payment recorded for a provider's payment intent, if any. */
export async function findPaymentByIntent(
  db: Pick<Db, 'select'>,
  paymentIntentId: string,
): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.stripePaymentId, paymentIntentId));
  return row;
}

/**
 * The payments recorded for these payment intents, in one read: each with its id, ClinicPay reference
 * and patient, for the clinic's payout lines. Intents without a payment are left out.
 */
export async function findPaymentsByIntents(
  db: Pick<Db, 'select'>,
  clinicId: string,
  paymentIntentIds: readonly string[],
): Promise<{ id: string; paymentIntentId: string; paymentRef: string; patientName: string }[]> {
  if (paymentIntentIds.length === 0) return [];
  return db
    .select({
      id: payments.id,
      paymentIntentId: payments.stripePaymentId,
      paymentRef: payments.paymentRef,
      patientName: payments.patientName,
    })
    .from(payments)
    .where(and(eq(payments.clinicId, clinicId), inArray(payments.stripePaymentId, [...paymentIntentIds])));
}

/** Sets the payment's dispute status (docs/decisions/0086-disputes.md): only the disputes module calls this. */
export async function setPaymentDisputeStatus(
  tx: Tx,
  paymentId: string,
  disputeStatus: NonNullable<PaymentRow['disputeStatus']>,
): Promise<void> {
  await tx.update(payments).set({ disputeStatus }).where(eq(payments.id, paymentId));
}

export type NewPayment = Omit<typeof payments.$inferInsert, 'paymentRef'>;

/** `paymentId` (a uuid) when it is one of the clinic's payments, else null. */
export async function clinicPaymentId(
  tx: Pick<Db, 'select'>,
  clinicId: string,
  paymentId: string,
): Promise<string | null> {
  const [row] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.clinicId, clinicId)));
  return row?.id ?? null;
}

/** The clinic's payment row with this id (a uuid), if it is one of the clinic's. */
export async function findClinicPaymentRow(
  tx: Pick<Db, 'select'>,
  clinicId: string,
  paymentId: string,
): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.clinicId, clinicId)));
  return row;
}

/** Records a declined attempt once per provider event (a redelivered event changes nothing). */
export async function insertFailedAttemptUnlessRecorded(
  tx: Pick<Db, 'insert'>,
  values: typeof failedPaymentAttempts.$inferInsert,
): Promise<void> {
  await tx.insert(failedPaymentAttempts).values(values).onConflictDoNothing();
}

/** One page of the clinic's declined attempts, newest first (offset paging), and how many there are. */
export async function selectFailedAttemptsPage(
  db: Db,
  where: Pick<HistoryWhere, 'clinicId' | 'search' | 'fromUtc' | 'beforeUtc' | 'type'>,
  limit: number,
  offset: number,
) {
  const search = where.search;
  const conditions = and(
    eq(failedPaymentAttempts.clinicId, where.clinicId),
    where.fromUtc ? sql`${failedPaymentAttempts.failedAt} >= ${where.fromUtc.toISOString()}` : undefined,
    where.beforeUtc ? sql`${failedPaymentAttempts.failedAt} < ${where.beforeUtc.toISOString()}` : undefined,
    where.type === 'all' ? undefined : eq(failedPaymentAttempts.type, where.type),
    // Matched as the history's search text is (decision 0136), in the name and the email.
    search
      ? sql`(${searchTextMatches(sql`lower(${failedPaymentAttempts.patientName})`, search)}
          or ${searchTextMatches(sql`lower(${failedPaymentAttempts.patientEmail})`, search)})`
      : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(failedPaymentAttempts)
      .where(conditions)
      .orderBy(sql`${failedPaymentAttempts.failedAt} desc`, sql`${failedPaymentAttempts.id} desc`)
      .limit(limit)
      .offset(offset),
    db.select({ total: sql<number>`count(*)::int` }).from(failedPaymentAttempts).where(conditions),
  ]);
  return { rows, total: Number(counted?.total ?? 0) };
}

/** True when the payment made by this intent is recorded. */
export async function paymentRecorded(db: Pick<Db, 'select'>, paymentIntentId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.stripePaymentId, paymentIntentId));
  return row !== undefined;
}

/** Inserts the payment under `paymentRef`; undefined when the intent or the reference is taken. */
export async function insertPaymentUnlessTaken(
  tx: Tx,
  values: NewPayment,
  paymentRef: string,
): Promise<PaymentRow | undefined> {
  const [payment] = await tx
    .insert(payments)
    .values({ ...values, paymentRef })
    .onConflictDoNothing()
    .returning();
  return payment;
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

/** One entry of the history: a payment ('p') or an unpaid payment request ('r'), by id. */
export interface HistoryPosition {
  kind: 'p' | 'r';
  id: string;
}

/** One history row as the database gives it. */
export interface HistoryRow extends HistoryPosition {
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
  reference: string | null;
  refunded: number | string;
  dispute_status: DisplayPayment['disputeStatus'];
  /** The clinic's reference (docs/decisions/0108-clinic-reference.md); null when none. */
  clinic_reference: string | null;
}

/** The link of a request, for its type, title and amount (a request names a link or a custom amount). */
const requestLink = (column: 'type' | 'title' | 'amount') =>
  sql`(select l.${sql.raw(column)} from payment_links l where l.id = ${paymentRequests.paymentLinkId})`;

/**
 * Where an unpaid request stands, as requestState (requests module) tells it: cancelled, past its
 * last day to pay, or waiting (docs/decisions/0105-request-and-link-lifetimes.md).
 */
function requestStateOf(request: { cancelledAt: SQLWrapper; expiresAt: SQLWrapper }): SQL {
  return sql`case when ${request.cancelledAt} is not null then 'cancelled'
    when ${request.expiresAt} <= now() then 'expired' else 'sent' end`;
}

/**
 * The whole history as one relation `e`: every payment ('p') and every payment request ('r'; only the
 * unpaid ones belong to the history, so `e.request_paid_at is null` is always a condition). Every
 * condition is written on `e`, never inside an arm: PostgreSQL pushes each one into both arms (where
 * `e.kind = 'r'` becomes false in the payments arm, which then reads nothing), and only a UNION ALL
 * whose arms have no WHERE clause of their own is planned as one append relation whose two
 * (clinic, date, id) index orders are merged (Merge Append) instead of read whole and sorted
 * (docs/benchmarks.md). A request's link fields are subqueries, run only for the request rows that show them.
 */
const ENTRIES = sql`(
  select 'p'::text as kind, ${payments.clinicId} as clinic_id, ${payments.id} as id, ${payments.paidAt} as date,
         ${payments.status} as status, ${payments.type} as type, null::timestamptz as request_paid_at,
         ${payments.searchText} as search, ${payments.patientName} as patient_name,
         ${payments.patientEmail} as patient_email, ${payments.patientPhone} as patient_phone,
         ${payments.paymentRef} as reference, ${payments.amountPaid} as amount, ${payments.platformFee} as platform_fee,
         ${payments.title} as title, ${payments.paymentLinkId} as payment_link_id, ${payments.refundAmount} as refunded,
         ${payments.disputeStatus} as dispute_status, null::text as request_state,
         ${payments.clinicReference} as clinic_reference
  from ${payments}
  union all
  select 'r'::text, ${paymentRequests.clinicId}, ${paymentRequests.id}, ${paymentRequests.sentAt},
         null::payment_status, coalesce(${paymentRequests.type}, ${requestLink('type')}, 'other'::link_type), ${paymentRequests.paidAt},
         ${paymentRequests.searchText}, ${paymentRequests.patientName}, ${paymentRequests.patientEmail},
         ${paymentRequests.patientPhone}, null::text, payment_request_amount(${paymentRequests.customAmount}, ${requestLink('amount')}),
         null::integer, coalesce(${paymentRequests.title}, ${requestLink('title')}, ${CUSTOM_REQUEST_TITLE}::text), ${paymentRequests.paymentLinkId}, 0,
         null::payment_dispute_status, ${requestStateOf(paymentRequests)}, ${paymentRequests.clinicReference}
  from ${paymentRequests}
) as e`;

/** What a history row shows. */
const ROW_COLUMNS = sql`e.kind, e.id, e.patient_name, e.patient_email, e.patient_phone, e.amount, e.platform_fee,
  e.date, coalesce(e.status::text, e.request_state) as status, e.type::text as type, e.title, e.payment_link_id,
  e.reference, e.refunded, e.dispute_status::text as dispute_status, e.clinic_reference`;

const NEWEST_FIRST = sql`order by e.date desc nulls last, e.id desc nulls last`;
// 'nulls first' and 'nulls last' as the indexes are built (the columns are never null), so the
// (clinic, date desc, id desc) indexes give either order.
const OLDEST_FIRST = sql`order by e.date asc nulls first, e.id asc nulls first`;

/**
 * The search: the term in the entry's search text (lower-cased name, email, phone and reference, which
 * the trigram indexes cover) as `searchTextMatches` matches it (anywhere, or at a word's start for a
 * term shorter than a trigram: decision 0136), and the phone's digits alone in the phone when the term
 * looks like a phone number and has three digits or more.
 */
function searchCondition(term: string, digits: string | undefined): SQL {
  const pattern = containsPattern(term);
  const inSearchText = searchTextMatches(sql`e.search`, term);
  // The joined text has a space between fields, so only a term with a space could match across two of
  // them ('smith alice@'); such a term must also match within one field, as the search always meant.
  const anywhere = term.includes(' ')
    ? sql`${inSearchText} and (e.patient_name ilike ${pattern} or e.patient_email ilike ${pattern}
          or e.patient_phone ilike ${pattern} or e.reference ilike ${pattern} or e.clinic_reference ilike ${pattern})`
    : inSearchText;
  // One or two digits ('07' is '7' without its 0) would be in nearly every phone: the term alone decides.
  if (!digits || !hasTrigram(digits)) return sql`(${anywhere})`;
  const digitsPattern = containsPattern(digits);
  // The search text finds the candidates; the digits must be in the phone, not in an email or reference.
  return sql`((${anywhere}) or (e.search like ${digitsPattern} and e.patient_phone like ${digitsPattern}))`;
}

function conditionsOf(where: HistoryWhere): SQL {
  const conditions: SQL[] = [sql`e.clinic_id = ${where.clinicId}`, sql`e.request_paid_at is null`];
  if (where.status !== 'all' && isRequestStatus(where.status))
    conditions.push(sql`e.kind = 'r' and e.request_state = ${where.status}`);
  else if (where.status !== 'all') conditions.push(sql`e.kind = 'p' and e.status = ${where.status}`);
  if (where.type !== 'all') conditions.push(sql`e.type = ${where.type}`);
  if (where.fromUtc) conditions.push(sql`e.date >= ${where.fromUtc.toISOString()}`);
  if (where.beforeUtc) conditions.push(sql`e.date < ${where.beforeUtc.toISOString()}`);
  if (where.search) conditions.push(searchCondition(where.search, where.searchDigits));
  return sql.join(conditions, sql` and `);
}

/** The entries after `position` (older) or before it (newer), in the newest-first order. */
function beyond(clinicId: string, position: HistoryPosition, direction: 'after' | 'before'): SQL {
  const date =
    position.kind === 'p'
      ? sql`(select ${payments.paidAt} from ${payments} where ${payments.id} = ${position.id} and ${payments.clinicId} = ${clinicId})`
      : sql`(select ${paymentRequests.sentAt} from ${paymentRequests} where ${paymentRequests.id} = ${position.id} and ${paymentRequests.clinicId} = ${clinicId})`;
  const operator = sql.raw(direction === 'after' ? '<' : '>');
  return sql`(e.date, e.id) ${operator} (${date}, ${position.id}::uuid)`;
}

function rowsFrom(result: unknown): HistoryRow[] {
  return (result as { rows: HistoryRow[] }).rows;
}

/** Which page: `offset` rows in, or the rows right after or before an entry. */
export type HistoryPageAt = { offset: number } | { after: HistoryPosition } | { before: HistoryPosition };

/** True when nothing narrows the history: every entry of the clinic is counted. */
function isWholeHistory(where: HistoryWhere): boolean {
  return (
    where.status === 'all' && where.type === 'all' && !where.search && !where.fromUtc && !where.beforeUtc
  );
}

/** The payment statuses the daily totals do not count (their trigger counts paid and refunded ones). */
const UNRECORDED_STATUSES = paymentStatus.enumValues.filter(
  (status) => !['paid', 'partially_refunded', 'refunded'].includes(status),
);

/**
 * The number of entries in the clinic's whole history without reading them: its recorded payments
 * (paid, partially refunded or refunded) summed from its daily totals (one row a day, kept exactly by
 * the trigger on payments, decision 0022), plus its other payments and its unpaid requests, which
 * their indexes count directly. For a clinic with 100,000 payments this replaces an index-only scan
 * of all of them on every page.
 */
function countWholeHistory(clinicId: string): SQL {
  return sql`select (
      (select coalesce(sum(${paymentDailyTotals.recordedCount}), 0) from ${paymentDailyTotals}
        where ${paymentDailyTotals.clinicId} = ${clinicId})
      + (select count(*) from ${payments} where ${payments.clinicId} = ${clinicId}
        and ${inArray(payments.status, UNRECORDED_STATUSES)})
      + (select count(*) from ${paymentRequests} where ${paymentRequests.clinicId} = ${clinicId}
        and ${paymentRequests.paidAt} is null)
    )::int as total`;
}

/** A page's total and rows as one statement gives them: a row of nulls beside the total when the page is empty. */
type CountedHistoryRow = HistoryRow & { total: number | string };

/**
 * Whether a page is counted before it is read: one by offset past the second page (a typed address;
 * Next and Previous carry cursors), so it is read from whichever end is nearer. The first pages are read
 * from the newest end in the statement that counts them.
 */
const countedFirst = (at: HistoryPageAt, limit: number) => 'offset' in at && at.offset > 2 * limit;

/**
 * One page of the history, newest first (ties by id), and the number of matching rows. The page's
 * keys are found first on the narrow indexes and only its rows are then read, in the statement that
 * counts the total. A page after or before an entry costs what the first page does, however deep; a
 * page by offset walks `offset` index entries, from the oldest end for a page in the older half. The
 * whole history (no filter) is counted from the daily totals without a transaction: one round trip to
 * the database for a page by cursor or one of the first two (two for a deeper one by offset); a
 * filtered one in a transaction without parallel workers (docs/benchmarks.md).
 */
export async function selectHistoryPage(
  db: Db,
  where: HistoryWhere,
  limit: number,
  at: HistoryPageAt,
): Promise<{ rows: HistoryRow[]; total: number }> {
  const conditions = conditionsOf(where);
  const page = { clinicId: where.clinicId, conditions, limit, at };
  if (isWholeHistory(where)) {
    const run = (query: SQL) => executePrepared(db, 'history', query);
    // A deeper page by offset starts at the London day its first entry is on, found from the day counts.
    if (countedFirst(at, limit)) return countedPage(await run(wholeHistoryPageByDay(page)));
    return pageWithTotal(run, page, countWholeHistory(where.clinicId));
  }
  // One connection, no parallel workers: on a busy server, starting workers for a count of a few
  // hundred thousand index entries costs more than it saves.
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    const count = sql`select count(*)::int as total from ${ENTRIES} where ${conditions}`;
    if (where.search === undefined) return pageWithTotal((query) => tx.execute(query), page, count);
    // PostgreSQL prefers scanning every search text of the clinic in the narrow btree to reading the
    // trigram index's candidates from the table, though for a name ('smith', or 'sm' at a word's start)
    // those are a fraction of the rows and take a third of the time (decisions 0070 and 0136): every
    // search is counted through the trigram index.
    await tx.execute(sql`set local enable_indexonlyscan = off`);
    const total = totalOf(await tx.execute(count));
    await tx.execute(sql`set local enable_indexonlyscan = on`);
    return countedPage(await tx.execute(countedPageOf(page, sql`select ${total}::int as total`, total)));
  });
}

/** What a page is: the clinic, the conditions on `e`, its size and where it is. */
interface PageOf {
  clinicId: string;
  conditions: SQL;
  limit: number;
  at: HistoryPageAt;
}

const totalOf = (result: unknown) =>
  Number((result as { rows: { total: number | string }[] }).rows[0]?.total ?? 0);

/**
 * A page and the total (`count`: a query of one row with a `total` column), in one statement; for a
 * page counted first (countedFirst), the total first, which says from which end to read it.
 */
async function pageWithTotal(run: (query: SQL) => Promise<unknown>, page: PageOf, count: SQL) {
  if (!countedFirst(page.at, page.limit)) return countedPage(await run(countedPageOf(page, count)));
  const total = totalOf(await run(count));
  return countedPage(await run(countedPageOf(page, sql`select ${total}::int as total`, total)));
}

/**
 * The clinic's whole history counted per London day: its recorded payments from the daily totals (one
 * row a day, kept exactly by the trigger on payments, decision 0022), its other payments and its unpaid
 * requests by their indexes.
 */
function historyDays(clinicId: string): SQL {
  return sql`select day, sum(n)::int as n from (
      select ${paymentDailyTotals.day} as day, ${paymentDailyTotals.recordedCount} as n from ${paymentDailyTotals}
        where ${paymentDailyTotals.clinicId} = ${clinicId}
      union all
      select (${payments.paidAt} at time zone 'Europe/London')::date, count(*)::int from ${payments}
        where ${payments.clinicId} = ${clinicId} and ${inArray(payments.status, UNRECORDED_STATUSES)} group by 1
      union all
      select (${paymentRequests.sentAt} at time zone 'Europe/London')::date, count(*)::int from ${paymentRequests}
        where ${paymentRequests.clinicId} = ${clinicId} and ${paymentRequests.paidAt} is null group by 1
    ) as counted group by day`;
}

/**
 * A page of the whole history by offset, in one statement, as cheap however deep: the day counts give
 * the total and the London day the page's first entry is on, with how many entries are newer than that
 * day; the page is then walked from that day's end, skipping only the entries of that day before it
 * (docs/decisions/0128-back-office-at-scale.md). Past the end, no day holds it and the page is empty.
 */
function wholeHistoryPageByDay(page: PageOf): SQL {
  if (!('offset' in page.at)) throw new Error('a page by offset');
  const offset = sql`${page.at.offset}::int`;
  return sql`with days as materialized (${historyDays(page.clinicId)}),
    counted as materialized (select coalesce(sum(n), 0)::int as total from days),
    placed as materialized (
      select day, before from (
        select day, n, coalesce(sum(n) over (order by day desc rows between unbounded preceding and 1 preceding), 0)::int
          as before from days
      ) as running where before <= ${offset} and before + n > ${offset}
    ),
    page as materialized (
      select e.kind, e.id from ${ENTRIES} where ${page.conditions}
        and e.date < (((select day from placed) + 1)::timestamp at time zone 'Europe/London')
      ${NEWEST_FIRST} limit ${page.limit} offset (select ${offset} - before from placed)
    )
    select counted.total, r.* from counted left join (
      select ${ROW_COLUMNS} from ${ENTRIES}
      where e.clinic_id = ${page.clinicId} and (e.kind, e.id) in (select kind, id from page)
    ) as r on true
    order by r.date desc nulls last, r.id desc nulls last`;
}

/** The rows and total of a countedPageOf statement. */
function countedPage(result: unknown): { rows: HistoryRow[]; total: number } {
  const found = (result as { rows: CountedHistoryRow[] }).rows;
  return {
    rows: found.flatMap(({ total: _total, ...row }) => (row.id === null ? [] : [row])),
    total: Number(found[0]?.total ?? 0),
  };
}

/**
 * One statement for a page and the total (`count`): the total, then the page's keys, then only their
 * rows (looked up by key, whatever the planner guesses of the keys). An empty page gives one row of
 * nulls beside the total. `total`, when known, lets a page by offset be read from the nearer end.
 */
function countedPageOf(page: PageOf, count: SQL, total?: number): SQL {
  return sql`with counted as materialized (${count}), page as materialized (${pageKeys(page, total)})
    select counted.total, r.* from counted left join (
      select ${ROW_COLUMNS} from ${ENTRIES}
      where e.clinic_id = ${page.clinicId} and (e.kind, e.id) in (select kind, id from page)
    ) as r on true
    order by r.date desc nulls last, r.id desc nulls last`;
}

/**
 * The keys of the page. By offset, from the newest end, or, with the total known, from the nearer end:
 * from the oldest when the page's middle is in the older half, so the deepest page costs what the
 * middle one does; past the end, none.
 */
function pageKeys({ clinicId, conditions, limit, at }: PageOf, total?: number): SQL {
  const keys = (order: SQL, extra: SQL = sql``) =>
    sql`select e.kind, e.id from ${ENTRIES} where ${conditions}${extra} ${order}`;
  if ('after' in at)
    return sql`${keys(NEWEST_FIRST, sql` and ${beyond(clinicId, at.after, 'after')}`)} limit ${limit}`;
  if ('before' in at)
    return sql`${keys(OLDEST_FIRST, sql` and ${beyond(clinicId, at.before, 'before')}`)} limit ${limit}`;
  if (total === undefined) return sql`${keys(NEWEST_FIRST)} limit ${limit} offset ${at.offset}`;
  const read = nearerEnd({ limit, offset: at.offset }, total);
  if (!read) return sql`select null::text as kind, null::uuid as id where false`;
  return sql`${keys(read.from === 'first' ? NEWEST_FIRST : OLDEST_FIRST)} limit ${read.limit} offset ${read.offset}`;
}

/**
 * Up to `limit` matching rows strictly older than `after`, newest first: the keyset batches of the CSV
 * report, each as fast as the first however deep it goes, read straight from the index order.
 */
export async function selectHistoryBatch(
  db: Db,
  where: HistoryWhere,
  limit: number,
  after?: HistoryPosition,
): Promise<HistoryRow[]> {
  const bound = after ? sql` and ${beyond(where.clinicId, after, 'after')}` : sql``;
  return rowsFrom(
    await db.execute(
      sql`select ${ROW_COLUMNS} from ${ENTRIES} where ${conditionsOf(where)}${bound} ${NEWEST_FIRST} limit ${limit}`,
    ),
  );
}

/** Whether any row matches (the report is refused before streaming when none does). */
export async function historyHasRows(db: Db, where: HistoryWhere): Promise<boolean> {
  const result = await db.execute(
    sql`select exists (select 1 from ${ENTRIES} where ${conditionsOf(where)}) as found`,
  );
  return Boolean((result as unknown as { rows: { found: boolean }[] }).rows[0]?.found);
}

/** Sums for the dashboard cards, in pence; the bounds are UTC instants of London midnights. */
export interface StatsBounds {
  /** The moment the figures are for: a request past its last day to pay by then is not pending. */
  now: Date;
  todayStart: Date;
  tomorrowStart: Date;
  monthStart: Date;
  nextMonthStart: Date;
}

export async function selectClinicStats(db: Db, clinicId: string, bounds: StatsBounds) {
  const today = bounds.todayStart.toISOString();
  const tomorrow = bounds.tomorrowStart.toISOString();
  const day = (instant: Date) =>
    sql`(${instant.toISOString()}::timestamptz at time zone 'Europe/London')::date`;
  const [paid, pending] = await Promise.all([
    // Net and refunds as every screen counts them (docs/decisions/0097-one-set-of-figures.md): from the
    // clinic's daily totals, whose trigger is where the figures are defined.
    db.execute(sql`
      select
        coalesce(sum(${paymentDailyTotals.paymentsTotal}) filter (where ${paymentDailyTotals.day} = ${day(bounds.todayStart)}), 0)::bigint
          as received_today,
        coalesce(sum(${paymentDailyTotals.paymentsTotal}), 0)::bigint as received_month,
        coalesce(sum(${paymentDailyTotals.refundsTotal}), 0)::bigint as refunded_month
      from ${paymentDailyTotals}
      where ${paymentDailyTotals.clinicId} = ${clinicId} and ${paymentDailyTotals.day} >= ${day(bounds.monthStart)}
        and ${paymentDailyTotals.day} < ${day(bounds.nextMonthStart)}`),
    db.execute(sql`
      select coalesce(sum(payment_request_amount(r.custom_amount, l.amount)), 0)::bigint as pending_today
      from payment_requests r left join payment_links l on l.id = r.payment_link_id
      where r.clinic_id = ${clinicId} and r.status = 'sent' and r.paid_at is null
        and r.cancelled_at is null and (r.expires_at is null or r.expires_at > ${bounds.now.toISOString()})
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

/** One day, week or month of a clinic's daily totals: its first London day and its sums in pence. */
export interface RevenueRow {
  start: string;
  count: number;
  gross: number;
  net: number;
}

/**
 * The clinic's daily totals from `from` to `to` (ISO London days, inclusive), summed per `unit`
 * (Postgres date_trunc: a week starts on Monday).
 */
export async function selectRevenueRows(
  db: Db,
  clinicId: string,
  unit: 'day' | 'week' | 'month',
  from: string,
  to: string,
): Promise<RevenueRow[]> {
  const result = await db.execute(sql`
    select to_char(date_trunc(${unit}, ${paymentDailyTotals.day}::timestamp), 'YYYY-MM-DD') as start,
      coalesce(sum(${paymentDailyTotals.recordedCount}), 0)::bigint as count,
      coalesce(sum(${paymentDailyTotals.amountPaid}), 0)::bigint as gross,
      coalesce(sum(${paymentDailyTotals.paymentsTotal}), 0)::bigint as net
    from ${paymentDailyTotals}
    where ${paymentDailyTotals.clinicId} = ${clinicId}
      and ${paymentDailyTotals.day} >= ${from}::date and ${paymentDailyTotals.day} <= ${to}::date
    group by 1`);
  return (result as unknown as { rows: Record<string, string | number>[] }).rows.map((row) => ({
    start: String(row.start),
    count: Number(row.count),
    gross: Number(row.gross),
    net: Number(row.net),
  }));
}

/** A payment of the clinic with what its details show: link description, request message. */
export interface PaymentDetailsRow extends Omit<HistoryRow, 'kind'> {
  payment_request_id: string | null;
  description: string | null;
  message: string | null;
  custom_amount: number | string | null;
  /** The payment's latest dispute; null for none (and for a request). */
  dispute_id: string | null;
  /** Whether the latest dispute lets the payment be refunded (is_charge_refundable); null without one. */
  dispute_charge_refundable: boolean | null;
  /** The deposit a balance payment pays towards; null otherwise (and for a request). */
  original_payment_id?: string | null;
  /** The card that paid (null for a request, or a payment recorded before cards were kept). */
  card_brand: string | null;
  card_last4: string | null;
  three_d_secure: string | null;
  /** When the request was sent; null without one. */
  request_sent_at: Date | string | null;
  /** When the latest dispute opened; null for none. */
  dispute_opened_at: Date | string | null;
  /** The clinic's terms the payer accepted (docs/decisions/0107-payment-terms.md): version, when, from where. */
  terms_id: string | null;
  terms_version: number | null;
  terms_accepted_at: Date | string | null;
  payer_ip: string | null;
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
           p.dispute_status::text as dispute_status, l.description, r.message, r.custom_amount,
           p.original_payment_id, p.card_brand, p.card_last4, p.three_d_secure, r.sent_at as request_sent_at,
           d.id as dispute_id, d.created_at as dispute_opened_at, d.charge_refundable as dispute_charge_refundable,
           p.terms_id, t.version as terms_version, p.terms_accepted_at, p.payer_ip, p.clinic_reference
    from payments p
    left join clinic_terms t on t.id = p.terms_id
    left join lateral (select id, created_at, charge_refundable from disputes where payment_id = p.id order by created_at desc limit 1) d
      on true
    left join payment_links l on l.id = p.payment_link_id
    left join payment_requests r on r.id = p.payment_request_id
    where p.id = ${paymentId} and p.clinic_id = ${clinicId}`);
  return (result as unknown as { rows: PaymentDetailsRow[] }).rows[0];
}

/** An unpaid request of the clinic, shaped like a payment ('sent', 'expired' or 'cancelled'). */
export async function findClinicUnpaidRequest(
  db: Db,
  clinicId: string,
  requestId: string,
): Promise<PaymentDetailsRow | undefined> {
  const result = await db.execute(sql`
    select r.id, r.patient_name, r.patient_email, r.patient_phone, payment_request_amount(r.custom_amount, l.amount) as amount,
           null as platform_fee, r.sent_at as date,
           ${requestStateOf({ cancelledAt: sql`r.cancelled_at`, expiresAt: sql`r.expires_at` })} as status, coalesce(r.type::text, l.type::text, 'other') as type,
           coalesce(r.title, l.title, ${CUSTOM_REQUEST_TITLE}::text) as title, r.payment_link_id, r.id as payment_request_id,
           null as reference, 0 as refunded, null as dispute_status, l.description, r.message, r.custom_amount,
           null as dispute_id, null as dispute_charge_refundable, null as card_brand, null as card_last4, null as three_d_secure,
           r.sent_at as request_sent_at, null as dispute_opened_at,
           null as terms_id, null as terms_version, null as terms_accepted_at, null as payer_ip, r.clinic_reference
    from payment_requests r left join payment_links l on l.id = r.payment_link_id
    where r.id = ${requestId} and r.clinic_id = ${clinicId} and r.paid_at is null`);
  return (result as unknown as { rows: PaymentDetailsRow[] }).rows[0];
}

export interface RefundRow {
  id: string;
  amount: number | string;
  status: 'pending' | 'succeeded' | 'failed';
  created_at: Date | string;
  reason: RefundReasonCode | null;
}

/** The payment's refunds, oldest first (read-only here; the refunds module writes them). */
export async function selectPaymentRefunds(
  db: Db,
  clinicId: string,
  paymentId: string,
): Promise<RefundRow[]> {
  const result = await db.execute(sql`
    select id, amount, status::text as status, created_at, reason from refunds
    where payment_id = ${paymentId} and clinic_id = ${clinicId}
    order by created_at, id`);
  return (result as unknown as { rows: RefundRow[] }).rows;
}
