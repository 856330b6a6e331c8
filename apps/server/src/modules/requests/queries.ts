/** Reads and writes of the payment_requests table; no rules. */
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { paymentRequests } from '../../db/schema/index.js';

export type PaymentRequestRow = typeof paymentRequests.$inferSelect;
export type NewPaymentRequestRow = typeof paymentRequests.$inferInsert;

/** Stores a payment request and resolves to its row. Throws if the database returns none. */
export async function insertPaymentRequest(tx: Tx, values: NewPaymentRequestRow): Promise<PaymentRequestRow> {
  const [row] = await tx.insert(paymentRequests).values(values).returning();
  if (!row) throw new Error('payment request was not stored');
  return row;
}

/** The payment request, locked until the transaction ends; undefined when there is none. */
export async function lockPaymentRequest(tx: Tx, requestId: string) {
  const [row] = await tx
    .select({ id: paymentRequests.id, status: paymentRequests.status })
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
