/**
 * The platform fee on a payment (decision 0064): round half up (amount × percent / 100)
 * in whole pence, computed in integers from the fee in basis points. The clinic receives
 * amount − platform fee; the card fee comes out of the platform fee, so platform revenue is
 * platform fee − card fee, a loss when the card costs more (decision 0085, refining 0003).
 */

/** The platform fee in pence on `amount` pence at `basisPoints` (3.0% = 300). */
export function platformFeeFor(amount: number, basisPoints: number): number {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError('amount must be whole pence');
  if (!Number.isInteger(basisPoints) || basisPoints < 0 || basisPoints > 10_000) {
    throw new RangeError('the fee must be 0 to 10000 basis points');
  }
  return Math.floor((amount * basisPoints + 5000) / 10_000);
}

/** What the clinic receives, in pence. */
export function netAmountFor(amount: number, platformFee: number): number {
  return amount - platformFee;
}

/**
 * What the platform keeps once the card fee is paid, in pence; negative when the card costs the platform
 * more than its fee earns (decision 0085: a loss shows as one).
 */
export function platformRevenueFor(platformFee: number, cardFee: number | null): number {
  return platformFee - (cardFee ?? 0);
}
