/** Reads and writes of the payment_requests table; no rules. */
import type { Tx } from '../../db/client.js';
import { paymentRequests } from '../../db/schema/index.js';

export type PaymentRequestRow = typeof paymentRequests.$inferSelect;
export type NewPaymentRequestRow = typeof paymentRequests.$inferInsert;

/** Stores a payment request and resolves to its row. Throws if the database returns none. */
export async function insertPaymentRequest(tx: Tx, values: NewPaymentRequestRow): Promise<PaymentRequestRow> {
  const [row] = await tx.insert(paymentRequests).values(values).returning();
  if (!row) throw new Error('payment request was not stored');
  return row;
}
