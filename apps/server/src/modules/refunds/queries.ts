/** Reads and writes of refunds and the refunded totals on payments. No rules here (see service.ts). */
import { and, asc, desc, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { disputes, payments, refunds } from '../../db/schema/index.js';

export type PaymentRow = typeof payments.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;
export type RefundStatus = RefundRow['status'];

/** The payment, locked FOR UPDATE until the transaction ends; with clinicId, only that clinic's. */
export async function lockPayment(
  tx: Tx,
  by: { paymentId: string; clinicId?: string } | { paymentIntentId: string },
): Promise<PaymentRow | undefined> {
  const where =
    'paymentIntentId' in by
      ? eq(payments.stripePaymentId, by.paymentIntentId)
      : by.clinicId
        ? and(eq(payments.id, by.paymentId), eq(payments.clinicId, by.clinicId))
        : eq(payments.id, by.paymentId);
  const [row] = await tx.select().from(payments).where(where).for('update');
  return row;
}

/** The provider's is_charge_refundable of the payment's latest dispute; false when it has none. */
export async function latestDisputeChargeRefundable(tx: Tx, paymentId: string): Promise<boolean> {
  const [row] = await tx
    .select({ chargeRefundable: disputes.chargeRefundable })
    .from(disputes)
    .where(eq(disputes.paymentId, paymentId))
    .orderBy(desc(disputes.createdAt))
    .limit(1);
  return row?.chargeRefundable ?? false;
}

/** True when the request has a payment other than `paymentId` in one of `statuses`. */
export async function requestHasOtherPayment(
  tx: Tx,
  requestId: string,
  paymentId: string,
  statuses: PaymentRow['status'][],
): Promise<boolean> {
  const [other] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.paymentRequestId, requestId),
        ne(payments.id, paymentId),
        inArray(payments.status, statuses),
      ),
    );
  return other !== undefined;
}

/** Sum in pence of the payment's refunds in the given statuses. */
export async function refundTotal(tx: Tx, paymentId: string, statuses: RefundStatus[]): Promise<number> {
  const [row] = await tx
    .select({ total: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), inArray(refunds.status, statuses)));
  return Number(row?.total ?? 0);
}

/** Inserts a refund row and returns it. */
export async function insertRefund(tx: Tx, values: typeof refunds.$inferInsert): Promise<RefundRow> {
  const [row] = await tx.insert(refunds).values(values).returning();
  if (!row) throw new Error('The refund row was not inserted');
  return row;
}

/** One refund by ClinicPay's id. */
export async function findRefund(tx: Tx, refundId: string): Promise<RefundRow | undefined> {
  const [row] = await tx.select().from(refunds).where(eq(refunds.id, refundId));
  return row;
}

/** One refund by the provider's refund id (unique), e.g. 're_…'. */
export async function findRefundByProviderId(
  tx: Tx,
  providerRefundId: string,
): Promise<RefundRow | undefined> {
  const [row] = await tx.select().from(refunds).where(eq(refunds.providerRefundId, providerRefundId));
  return row;
}

/** Sets a refund's status and provider refund id. */
export async function updateRefund(
  tx: Tx,
  refundId: string,
  values: { status: RefundStatus; providerRefundId: string | null },
): Promise<RefundRow> {
  const [row] = await tx.update(refunds).set(values).where(eq(refunds.id, refundId)).returning();
  if (!row) throw new Error(`Refund ${refundId} vanished`);
  return row;
}

/** Sets a payment's refunded total (pence) and status. */
export async function updatePaymentRefunds(
  tx: Tx,
  paymentId: string,
  values: { refundAmount: number; status: PaymentRow['status'] },
): Promise<PaymentRow> {
  const [row] = await tx.update(payments).set(values).where(eq(payments.id, paymentId)).returning();
  if (!row) throw new Error(`Payment ${paymentId} vanished`);
  return row;
}

/**
 * ClinicPay's refunds still pending with no provider refund id, created before `before`: the gateway
 * was never asked, or its answer was lost. With the refunded payment intent.
 */
export async function findStaleRefunds(
  db: Db,
  filter: { before: Date; paymentId?: string; clinicId?: string },
): Promise<Array<RefundRow & { paymentIntentId: string }>> {
  const rows = await db
    .select({ refund: refunds, paymentIntentId: payments.stripePaymentId })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(
      and(
        eq(refunds.status, 'pending'),
        isNull(refunds.providerRefundId),
        lt(refunds.createdAt, filter.before),
        filter.paymentId ? eq(refunds.paymentId, filter.paymentId) : undefined,
        filter.clinicId ? eq(refunds.clinicId, filter.clinicId) : undefined,
      ),
    )
    .orderBy(asc(refunds.createdAt))
    .limit(100);
  return rows.map((row) => ({ ...row.refund, paymentIntentId: row.paymentIntentId }));
}
