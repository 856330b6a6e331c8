/**
 * Reads and writes of the payouts ClinicPay was told about (the payouts table) and of the lines kept
 * for the paid ones (payout_lines). No rules here. Pence.
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { payoutLines, payouts } from '../../db/schema/index.js';

/** A payout ClinicPay was told about, as stored. */
export type PayoutRow = typeof payouts.$inferSelect;

/** What the provider says of a payout, written on each of its events. */
export type ProviderPayoutFields = Pick<
  PayoutRow,
  | 'clinicId'
  | 'providerPayoutId'
  | 'providerAccountId'
  | 'amount'
  | 'status'
  | 'arrivalDate'
  | 'failureCode'
  | 'providerCreatedAt'
>;

/**
 * Inserts the payout, or brings the recorded one up to the provider's state (locking its row for the
 * rest of `tx`). Resolves to the row as it is now, with when its failure was told, if it was.
 */
export async function upsertPayout(tx: Tx, values: ProviderPayoutFields): Promise<PayoutRow> {
  const { clinicId: _clinic, providerPayoutId: _id, ...changes } = values;
  const [row] = await tx
    .insert(payouts)
    .values(values)
    .onConflictDoUpdate({ target: payouts.providerPayoutId, set: { ...changes, updatedAt: new Date() } })
    .returning();
  if (!row) throw new Error(`Payout ${values.providerPayoutId} was not recorded`);
  return row;
}

/** Records that the clinic was told the payout failed. */
export async function markFailureNotified(tx: Tx, payoutId: string): Promise<void> {
  await tx.update(payouts).set({ failureNotifiedAt: new Date() }).where(eq(payouts.id, payoutId));
}

/** A payout line to keep, as the provider listed it. */
export type NewPayoutLine = Omit<typeof payoutLines.$inferInsert, 'payoutId' | 'position'>;

/** Lines per INSERT: 14 values each stays far below PostgreSQL's 65,535 parameters. */
const LINES_PER_INSERT = 1_000;

/**
 * Keeps the payout's lines in the provider's order and marks them kept, in `tx` (the payout's row locked
 * by upsertPayout, so they are kept once).
 */
export async function insertPayoutLines(
  tx: Tx,
  payout: Pick<PayoutRow, 'id'>,
  lines: readonly NewPayoutLine[],
): Promise<void> {
  for (let start = 0; start < lines.length; start += LINES_PER_INSERT) {
    await tx
      .insert(payoutLines)
      .values(
        lines
          .slice(start, start + LINES_PER_INSERT)
          .map((line, index) => ({ ...line, payoutId: payout.id, position: start + index })),
      );
  }
  await tx.update(payouts).set({ linesRecordedAt: new Date() }).where(eq(payouts.id, payout.id));
}

/** The clinic's payout (by the provider's id) whose lines are kept, or undefined. */
export async function findPayoutWithLines(
  db: Db,
  clinicId: string,
  providerPayoutId: string,
): Promise<PayoutRow | undefined> {
  const [row] = await db
    .select()
    .from(payouts)
    .where(
      and(
        eq(payouts.providerPayoutId, providerPayoutId),
        eq(payouts.clinicId, clinicId),
        isNotNull(payouts.linesRecordedAt),
      ),
    );
  return row;
}

/** Whether the payout's lines are kept already (a redelivered payout.paid need not read them again). */
export async function payoutLinesKept(db: Db, providerPayoutId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: payouts.id })
    .from(payouts)
    .where(and(eq(payouts.providerPayoutId, providerPayoutId), isNotNull(payouts.linesRecordedAt)));
  return row !== undefined;
}

/** A kept line as selectPayoutLines gives it: its time as an ISO 8601 string, amounts in pence. */
export interface KeptPayoutLine {
  id: string;
  type: string;
  origin: string;
  amount: number;
  fee: number;
  net: number;
  /** ISO 8601, UTC, to the millisecond. */
  created: string;
  description: string | null;
  paymentId: string | null;
  paymentReference: string | null;
  patientName: string | null;
}

/**
 * A kept payout's lines in the provider's order, each with the clinic's payment it came from (id,
 * ClinicPay reference, patient) as kept with it: one read of one table however many lines, the time
 * written as ISO 8601 by PostgreSQL and the columns named as the breakdown names them, so thousands of
 * rows cost no mapping.
 */
export async function selectPayoutLines(db: Db, payoutId: string): Promise<KeptPayoutLine[]> {
  const result = await db.execute(sql`
    select l.provider_transaction_id as id, l.type, l.origin, l.amount, l.fee, l.net,
           to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created,
           l.description, l.payment_id as "paymentId", l.payment_reference as "paymentReference",
           l.patient_name as "patientName"
    from ${payoutLines} l where l.payout_id = ${payoutId}
    order by l.position`);
  return (result as unknown as { rows: KeptPayoutLine[] }).rows;
}
