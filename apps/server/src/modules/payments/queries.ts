/** Reads and writes of payments. */
import { and, eq, isNull } from 'drizzle-orm';
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
