/**
 * Reads and writes of disputes, their evidence files and early fraud warnings. No rules here.
 * Amounts in pence.
 */
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import {
  clinics,
  disputeEvidenceFiles,
  disputes,
  fraudWarnings,
  paymentLinks,
  paymentRequests,
  payments,
  refunds,
} from '../../db/schema/index.js';

export type DisputeRow = typeof disputes.$inferSelect;
export type EvidenceFileRow = typeof disputeEvidenceFiles.$inferSelect;
export type FraudWarningRow = typeof fraudWarnings.$inferSelect;

/** A dispute with what its lists show of its payment. */
export interface DisputeListRow extends DisputeRow {
  paymentRef: string;
  patientName: string;
}

const listColumns = {
  dispute: disputes,
  paymentRef: payments.paymentRef,
  patientName: payments.patientName,
};

const flatten = (row: { dispute: DisputeRow; paymentRef: string; patientName: string }): DisputeListRow => ({
  ...row.dispute,
  paymentRef: row.paymentRef,
  patientName: row.patientName,
});

/** What the provider says of a dispute, written on each of its events. */
export type ProviderDisputeFields = Pick<
  DisputeRow,
  | 'amount'
  | 'reason'
  | 'status'
  | 'evidenceDueBy'
  | 'fee'
  | 'fundsWithdrawn'
  | 'fundsReinstated'
  | 'chargeRefundable'
  | 'closedAt'
>;

/**
 * Inserts the dispute, or brings the recorded one up to the provider's fields (locked first). A
 * provider read that lands after a newer one cannot undo it: a closed dispute keeps its status and
 * when it closed, and the funds withdrawn and reinstated only grow. Resolves to the row, whether it
 * was new, and its status before (null when new).
 */
export async function upsertDispute(
  tx: Tx,
  values: ProviderDisputeFields & { clinicId: string; paymentId: string; providerDisputeId: string },
): Promise<{ row: DisputeRow; created: boolean; previousStatus: string | null }> {
  const { clinicId: _clinic, paymentId: _payment, providerDisputeId, ...fields } = values;
  const [existing] = await tx
    .select({ status: disputes.status })
    .from(disputes)
    .where(eq(disputes.providerDisputeId, providerDisputeId))
    .for('update');
  if (!existing) {
    const [inserted] = await tx.insert(disputes).values(values).onConflictDoNothing().returning();
    if (inserted) return { row: inserted, created: true, previousStatus: null };
  }
  const [updated] = await tx
    .update(disputes)
    .set({
      ...fields,
      status: sql`case when ${disputes.closedAt} is null then ${fields.status} else ${disputes.status} end`,
      chargeRefundable: sql`case when ${disputes.closedAt} is null then ${fields.chargeRefundable} else ${disputes.chargeRefundable} end`,
      closedAt: sql`coalesce(${disputes.closedAt}, ${fields.closedAt})`,
      fundsWithdrawn: sql`greatest(${disputes.fundsWithdrawn}, ${fields.fundsWithdrawn})`,
      fundsReinstated: sql`greatest(${disputes.fundsReinstated}, ${fields.fundsReinstated})`,
      updatedAt: new Date(),
    })
    .where(eq(disputes.providerDisputeId, providerDisputeId))
    .returning();
  if (!updated) throw new Error(`Dispute ${providerDisputeId} vanished while being updated`);
  return { row: updated, created: false, previousStatus: existing?.status ?? null };
}

export async function lockDispute(tx: Tx, disputeId: string): Promise<DisputeRow | undefined> {
  const [row] = await tx.select().from(disputes).where(eq(disputes.id, disputeId)).for('update');
  return row;
}

export async function updateDispute(tx: Tx, disputeId: string, changes: Partial<DisputeRow>): Promise<void> {
  await tx
    .update(disputes)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(disputes.id, disputeId));
}

export async function findDispute(db: Db, disputeId: string): Promise<DisputeRow | undefined> {
  const [row] = await db.select().from(disputes).where(eq(disputes.id, disputeId));
  return row;
}

/** The clinic's dispute with its payment's reference and patient, or undefined (also for another clinic's). */
export async function findClinicDispute(
  db: Db,
  clinicId: string,
  disputeId: string,
): Promise<DisputeListRow | undefined> {
  const [row] = await db
    .select(listColumns)
    .from(disputes)
    .innerJoin(payments, eq(payments.id, disputes.paymentId))
    .where(and(eq(disputes.id, disputeId), eq(disputes.clinicId, clinicId)));
  return row ? flatten(row) : undefined;
}

/** The clinic's disputes, newest first. */
export async function selectClinicDisputes(db: Db, clinicId: string): Promise<DisputeListRow[]> {
  const rows = await db
    .select(listColumns)
    .from(disputes)
    .innerJoin(payments, eq(payments.id, disputes.paymentId))
    .where(eq(disputes.clinicId, clinicId))
    .orderBy(desc(disputes.createdAt))
    .limit(500);
  return rows.map(flatten);
}

/** Every open dispute across clinics, soonest deadline first, with its clinic's name. */
export async function selectOpenDisputes(db: Db) {
  const rows = await db
    .select({ ...listColumns, clinicName: clinics.clinicName })
    .from(disputes)
    .innerJoin(payments, eq(payments.id, disputes.paymentId))
    .innerJoin(clinics, eq(clinics.id, disputes.clinicId))
    .where(isNull(disputes.closedAt))
    .orderBy(asc(disputes.evidenceDueBy))
    .limit(500);
  return rows.map((row) => ({ ...flatten(row), clinicName: row.clinicName }));
}

/** Per clinic with at least one dispute: its payments recorded and its disputes. */
export async function selectDisputeCounts(db: Db) {
  const result = await db.execute(sql`
    select c.id as clinic_id, c.clinic_name, d.disputes,
           (select count(*) from payments p where p.clinic_id = c.id and p.status <> 'pending')::int as payments
    from (select clinic_id, count(*)::int as disputes from disputes group by clinic_id) d
    join clinics c on c.id = d.clinic_id
    order by d.disputes desc`);
  return (
    result as unknown as {
      rows: { clinic_id: string; clinic_name: string | null; disputes: number; payments: number }[];
    }
  ).rows;
}

/** What the dispute page shows of the payment: its link or request, and the request's message. */
export async function findPaymentSource(db: Db, paymentId: string) {
  const [row] = await db
    .select({
      payment: payments,
      linkTitle: paymentLinks.title,
      linkDescription: paymentLinks.description,
      requestMessage: paymentRequests.message,
    })
    .from(payments)
    .leftJoin(paymentLinks, eq(paymentLinks.id, payments.paymentLinkId))
    .leftJoin(paymentRequests, eq(paymentRequests.id, payments.paymentRequestId))
    .where(eq(payments.id, paymentId));
  return row;
}

export async function selectEvidenceFiles(db: Db | Tx, disputeId: string): Promise<EvidenceFileRow[]> {
  return db
    .select()
    .from(disputeEvidenceFiles)
    .where(eq(disputeEvidenceFiles.disputeId, disputeId))
    .orderBy(asc(disputeEvidenceFiles.createdAt));
}

/** The files' kinds and sizes, without their content. */
export async function selectEvidenceFileSizes(tx: Tx, disputeId: string) {
  return tx
    .select({ id: disputeEvidenceFiles.id, kind: disputeEvidenceFiles.kind, size: disputeEvidenceFiles.size })
    .from(disputeEvidenceFiles)
    .where(eq(disputeEvidenceFiles.disputeId, disputeId));
}

/** Stores a file, replacing the dispute's file of the same kind. */
export async function putEvidenceFile(
  tx: Tx,
  file: Pick<EvidenceFileRow, 'disputeId' | 'kind' | 'filename' | 'contentType' | 'size' | 'content'>,
): Promise<void> {
  await tx
    .insert(disputeEvidenceFiles)
    .values(file)
    .onConflictDoUpdate({
      target: [disputeEvidenceFiles.disputeId, disputeEvidenceFiles.kind],
      set: {
        filename: file.filename,
        contentType: file.contentType,
        size: file.size,
        content: file.content,
        providerFileId: null,
        createdAt: new Date(),
      },
    });
}

export async function deleteEvidenceFile(tx: Tx, disputeId: string, fileId: string): Promise<boolean> {
  const deleted = await tx
    .delete(disputeEvidenceFiles)
    .where(and(eq(disputeEvidenceFiles.id, fileId), eq(disputeEvidenceFiles.disputeId, disputeId)))
    .returning({ id: disputeEvidenceFiles.id });
  return deleted.length > 0;
}

export async function setProviderFileId(db: Db, fileId: string, providerFileId: string): Promise<void> {
  await db.update(disputeEvidenceFiles).set({ providerFileId }).where(eq(disputeEvidenceFiles.id, fileId));
}

export async function insertFraudWarning(
  tx: Tx,
  values: Pick<FraudWarningRow, 'clinicId' | 'paymentId' | 'providerWarningId' | 'fraudType'> & {
    handledAt?: Date | null;
  },
): Promise<FraudWarningRow | undefined> {
  const [row] = await tx.insert(fraudWarnings).values(values).onConflictDoNothing().returning();
  return row;
}

/** Marks a payment's warnings handled: it was disputed, and the dispute takes over from the warning. */
export async function markFraudWarningsHandled(tx: Tx, paymentId: string): Promise<void> {
  await tx
    .update(fraudWarnings)
    .set({ handledAt: new Date() })
    .where(and(eq(fraudWarnings.paymentId, paymentId), isNull(fraudWarnings.handledAt)));
}

/**
 * Pence a refund can still take of the payment (a column of a select from payments): paid, less its
 * refunds made and those the provider has not finished.
 */
const leftToRefund = sql<number>`${payments.amountPaid} - ${payments.refundAmount} - (
  select coalesce(sum(${refunds.amount}), 0)::int from ${refunds}
  where ${refunds.paymentId} = ${payments.id} and ${refunds.status} = 'pending')`.mapWith(Number);

/** Pence a refund can still take of the payment: paid, less its refunds made and under way; 0 when none. */
export async function paymentLeftToRefund(db: Db, paymentId: string): Promise<number> {
  const [row] = await db.select({ left: leftToRefund }).from(payments).where(eq(payments.id, paymentId));
  return Math.max(0, row?.left ?? 0);
}

/**
 * The clinic's warnings not yet handled whose payment still has something left to refund (paid, less
 * its refunds made and under way) and no dispute, with the payment each is about and what is left.
 */
export async function selectOpenFraudWarnings(db: Db, clinicId: string) {
  return db
    .select({ warning: fraudWarnings, payment: payments, leftToRefund })
    .from(fraudWarnings)
    .innerJoin(payments, eq(payments.id, fraudWarnings.paymentId))
    .where(
      and(
        eq(fraudWarnings.clinicId, clinicId),
        isNull(fraudWarnings.handledAt),
        isNull(payments.disputeStatus),
        sql`${leftToRefund} > 0`,
      ),
    )
    .orderBy(desc(fraudWarnings.createdAt))
    .limit(50);
}

export async function findClinicFraudWarning(db: Db, clinicId: string, warningId: string) {
  const [row] = await db
    .select()
    .from(fraudWarnings)
    .where(and(eq(fraudWarnings.id, warningId), eq(fraudWarnings.clinicId, clinicId)));
  return row;
}
