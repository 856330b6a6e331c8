/**
 * The patients table's reads and writes (docs/decisions/0089-patients.md), and the patient's payments
 * and requests as the patient's page lists them. No rules here: service.ts decides.
 */
import { CUSTOM_REQUEST_TITLE } from '@clinicpay/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { searchTextMatches } from '../../db/like.js';
import { nearerEnd } from '../../db/paging.js';
import { patientCounts, patients, paymentLinks, paymentRequests, payments } from '../../db/schema/index.js';

/**
 * Adds the patient, or refreshes the clinic's record of them: the latest name, and the latest phone
 * when one was given. `email` is already the key (lower-cased, trimmed). Resolves to the patient's id.
 */
export async function upsertPatient(
  tx: Db | Tx,
  values: { clinicId: string; name: string; email: string; phone: string | null },
): Promise<string> {
  const [row] = await tx
    .insert(patients)
    .values(values)
    .onConflictDoUpdate({
      target: [patients.clinicId, patients.email],
      set: {
        name: sql`excluded.name`,
        phone: sql`coalesce(excluded.phone, ${patients.phone})`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ id: patients.id });
  if (!row) throw new Error('upsert returned no patient');
  return row.id;
}

/**
 * Adds the patient unless the clinic has one with this email, whose record is left as it is.
 * Resolves to the patient's id, new or existing.
 */
export async function insertPatientUnlessKnown(
  tx: Db | Tx,
  values: { clinicId: string; name: string; email: string; phone: string | null },
): Promise<string> {
  const [inserted] = await tx
    .insert(patients)
    .values(values)
    .onConflictDoNothing({ target: [patients.clinicId, patients.email] })
    .returning({ id: patients.id });
  if (inserted) return inserted.id;
  const [known] = await tx
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.clinicId, values.clinicId), eq(patients.email, values.email)));
  if (!known) throw new Error('patient neither inserted nor found');
  return known.id;
}

/**
 * What the patient's payments and requests add up to: the payments that count as the clinic's (paid,
 * partly or fully refunded) and what they paid after refunds (pence), and the latest payment and
 * request.
 */
// Drizzle writes a column of a one-table query without its table's name, which inside these
// subqueries would name the subquery's own table: so the outer patient's id is written out in full.
const PATIENT_ID = sql.raw('"patients"."id"');

const TOTALS = {
  paymentCount: sql<number>`(
    select count(*)::int from payments as p where p.patient_id = ${PATIENT_ID} and p.status <> 'pending')`,
  totalPaid: sql<number>`(
    select coalesce(sum(payment_net(p.status, p.amount_paid, p.refund_amount)), 0)::int from payments as p
    where p.patient_id = ${PATIENT_ID} and p.status <> 'pending')`,
  lastPaidAt: sql<
    Date | string | null
  >`(select max(p.paid_at) from payments as p where p.patient_id = ${PATIENT_ID})`,
  lastSentAt: sql<Date | string | null>`(
    select max(r.sent_at) from payment_requests as r where r.patient_id = ${PATIENT_ID})`,
};

const SUMMARY = {
  id: patients.id,
  name: patients.name,
  email: patients.email,
  phone: patients.phone,
  createdAt: patients.createdAt,
  ...TOTALS,
};

export type PatientSummaryRow = Awaited<ReturnType<typeof findPatient>>;

/**
 * One page of the clinic's patients, by name, with their totals, and the number of patients matching
 * (a search's matches counted up to `countLimit`). `search` is matched in the name, email and phone as
 * `searchTextMatches` does (decision 0136): anywhere, or at a word's start when shorter than a trigram.
 */
export async function listPatientRows(
  db: Db,
  where: { clinicId: string; search: string | undefined; countLimit: number },
  page: { limit: number; offset: number },
) {
  const conditions = [eq(patients.clinicId, where.clinicId)];
  if (where.search) conditions.push(searchTextMatches(patients.searchText, where.search));
  const condition = and(...conditions);
  const byName = [sql`lower(${patients.name})`, patients.id];
  /** The page's ids, `limit` of them after `offset`, by name or (`backwards`) from the last name back. */
  const pageIds = (limit: number, offset: number, backwards = false) =>
    db
      .select({ id: patients.id })
      .from(patients)
      .where(condition)
      .orderBy(...(backwards ? [desc(sql`lower(${patients.name})`), desc(patients.id)] : byName))
      .limit(limit)
      .offset(offset)
      .as('page');
  // The page's ids first, then their totals: PostgreSQL works out the select list of every row an
  // OFFSET skips, so totals beside the OFFSET would be summed for all the pages before this one.
  const rowsOf = (ids: ReturnType<typeof pageIds>) =>
    db
      .select(SUMMARY)
      .from(patients)
      .innerJoin(ids, eq(patients.id, ids.id))
      .orderBy(...byName);
  if (where.search) {
    // The matches are counted, at most `countLimit` of them, beside the page.
    const counting = db
      .select({ total: sql<number>`count(*)::int` })
      .from(
        sql`(${db.select({ one: sql`1` }).from(patients).where(condition).limit(where.countLimit)}) as matches`,
      );
    const [rows, [count]] = await Promise.all([rowsOf(pageIds(page.limit, page.offset)), counting]);
    return { rows, total: count?.total ?? 0 };
  }
  // Unsearched, the total is the clinic's patient count (kept by a trigger). The first page is read
  // beside it; any other is read once the total is known, a page in the later half from the last name
  // back, so the last page costs what the first does.
  const counting = db
    .select({ total: patientCounts.total })
    .from(patientCounts)
    .where(eq(patientCounts.clinicId, where.clinicId));
  if (page.offset === 0) {
    const [rows, [first]] = await Promise.all([rowsOf(pageIds(page.limit, 0)), counting]);
    return { rows, total: first?.total ?? 0 };
  }
  const [count] = await counting;
  const total = count?.total ?? 0;
  const read = nearerEnd(page, total);
  if (!read) return { rows: [], total };
  return { rows: await rowsOf(pageIds(read.limit, read.offset, read.from === 'last')), total };
}

/** The clinic's patient with this id and their totals, or undefined (another clinic's patient is not found). */
export async function findPatient(db: Db, clinicId: string, patientId: string) {
  const [row] = await db
    .select(SUMMARY)
    .from(patients)
    .where(and(eq(patients.clinicId, clinicId), eq(patients.id, patientId)));
  return row;
}

/** The patient's payments, newest first, at most `limit`. */
export function patientPayments(db: Db, patientId: string, limit: number) {
  return db
    .select({
      id: payments.id,
      reference: payments.paymentRef,
      title: payments.title,
      type: payments.type,
      amount: payments.amountPaid,
      refundedAmount: payments.refundAmount,
      status: payments.status,
      disputeStatus: payments.disputeStatus,
      paidAt: payments.paidAt,
    })
    .from(payments)
    .where(eq(payments.patientId, patientId))
    .orderBy(desc(payments.paidAt), desc(payments.id))
    .limit(limit);
}

/** The patient's payment requests, newest first, at most `limit`, with the amount and title asked and what their state is read from. */
export function patientRequests(db: Db, patientId: string, limit: number) {
  return db
    .select({
      id: paymentRequests.id,
      title: sql<string>`coalesce(${paymentRequests.title}, ${paymentLinks.title}, ${CUSTOM_REQUEST_TITLE}::text)`,
      amount: sql<number>`payment_request_amount(${paymentRequests.customAmount}, ${paymentLinks.amount})`,
      sentAt: paymentRequests.sentAt,
      paidAt: paymentRequests.paidAt,
      status: paymentRequests.status,
      cancelledAt: paymentRequests.cancelledAt,
      expiresAt: paymentRequests.expiresAt,
    })
    .from(paymentRequests)
    .leftJoin(paymentLinks, eq(paymentLinks.id, paymentRequests.paymentLinkId))
    .where(eq(paymentRequests.patientId, patientId))
    .orderBy(desc(paymentRequests.sentAt), desc(paymentRequests.id))
    .limit(limit);
}
