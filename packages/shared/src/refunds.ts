/**
 * Refunds (docs/product.md#states-refund; the refund rules, docs/product.md#validation; the messages,
 * docs/product.md#messages-payments and docs/product.md#messages-success). Amounts are integer pence. Going
 * beyond the spec, a partially refunded payment may be refunded again, up to what remains (amount paid minus
 * refunds made so far).
 */
import { z } from 'zod';
import { penceField } from './mini/fields.js';
import { formatPence } from './money.js';

export const REFUND_MESSAGES = {
  invalidAmount: 'Please enter a valid amount greater than 0',
  invalidReason: 'Choose a reason from the list',
  exceedsPayment: (maxPence: number) =>
    `Refund amount cannot exceed the payment amount (${formatPence(maxPence)})`,
  paymentIdRequired: 'Payment ID is required',
  notRefundable: 'Only a paid payment can be refunded',
  /** All that is left of the payment is in a refund the provider has not finished (decision 0014). */
  underWay: 'A refund of the rest of this payment is already under way',
  processing: 'Processing refund...',
  refunded: 'Payment refunded successfully',
  partiallyRefunded: (pence: number) => `Partial refund of ${formatPence(pence)} processed successfully`,
  /** The provider took the refund but has not finished it (its status is pending, decision 0014). */
  requested: (pence: number) =>
    `Refund of ${formatPence(pence)} requested. The card provider is still processing it.`,
  failed: 'Refund processing failed',
  failedWith: (message: string) => `Failed to refund payment: ${message}`,
} as const;

/** A refund's status in words, the same in the details' list and the payment's timeline. */
export const REFUND_STATUS_LABELS: Record<'pending' | 'succeeded' | 'failed', string> = {
  pending: 'In progress',
  succeeded: 'Made',
  failed: 'Failed',
};

/** Why a clinic refunds, in Stripe's refund reasons (docs.stripe.com/api/refunds/create). */
export const REFUND_REASONS = ['requested_by_customer', 'duplicate', 'fraudulent'] as const;
export type RefundReasonCode = (typeof REFUND_REASONS)[number];

/** How each refund reason is named to the clinic. */
export const REFUND_REASON_LABELS: Record<RefundReasonCode, string> = {
  requested_by_customer: 'Requested by the patient',
  duplicate: 'Duplicate payment',
  fraudulent: 'Fraudulent payment',
};

/**
 * POST /api/fraud-warnings/:warningId/refund: optionally the amount (pence) the clinic confirmed, so
 * that no more is refunded than it agreed to; without it (or with no body), all that is left of the payment.
 */
export const refundFraudWarningBodySchema = z
  .object({ amount: z.optional(penceField({ invalid: REFUND_MESSAGES.invalidAmount })) })
  .nullish();

/** POST /api/payments/:paymentId/refunds: pence, and optionally why. */
export const createRefundBodySchema = z.object({
  amount: penceField({ invalid: REFUND_MESSAGES.invalidAmount }),
  reason: z.enum(REFUND_REASONS, { error: REFUND_MESSAGES.invalidReason }).optional(),
});
export type CreateRefundBody = z.infer<typeof createRefundBodySchema>;

export const refundResultSchema = z.object({
  refund: z.object({
    id: z.string(),
    amount: z.number().int(),
    status: z.enum(['pending', 'succeeded', 'failed']),
  }),
  payment: z.object({
    id: z.string(),
    status: z.enum(['paid', 'partially_refunded', 'refunded']),
    refundedAmount: z.number().int(),
  }),
});
export type RefundResult = z.infer<typeof refundResultSchema>;

/**
 * What the clinic is told of a refund the server answered: the spec's words once it succeeded
 * (refunded, or the partial refund's amount), or that it was requested while the provider is still
 * processing it (docs/product.md#messages-success).
 */
export function refundOutcomeMessage(result: RefundResult): string {
  if (result.refund.status !== 'succeeded') return REFUND_MESSAGES.requested(result.refund.amount);
  return result.payment.status === 'refunded'
    ? REFUND_MESSAGES.refunded
    : REFUND_MESSAGES.partiallyRefunded(result.refund.amount);
}

/**
 * Refunded when the refunds add up to the amount within the 0.001 £ tolerance (less than a penny, so
 * exactly equal in pence), otherwise partially refunded (docs/product.md#states-refund).
 */
export function statusAfterRefunds(
  amountPaid: number,
  refunded: number,
): 'paid' | 'partially_refunded' | 'refunded' {
  if (refunded <= 0) return 'paid';
  return refunded >= amountPaid ? 'refunded' : 'partially_refunded';
}
