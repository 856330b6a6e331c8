/** Reads and writes of the payouts ClinicPay was told about (the payouts table). No rules here. Pence. */
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { payouts } from '../../db/schema/index.js';

/** A payout ClinicPay was told about, as stored. */
export type PayoutRow = typeof payouts.$inferSelect;

/** What the provider says of a payout, written on each of its events. */
export type ProviderPayoutFields = Pick<
  PayoutRow,
  'clinicId' | 'providerPayoutId' | 'providerAccountId' | 'amount' | 'status' | 'arrivalDate' | 'failureCode'
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
