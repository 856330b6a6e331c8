import type { PaymentDetails } from '@clinicpay/shared';

/** Charged back, or lost to a dispute: the bank took the money back, so it cannot be refunded. */
export const isDisputed = (payment: Pick<PaymentDetails, 'disputeRefusesRefund'>) =>
  payment.disputeRefusesRefund;

/**
 * Under an inquiry: the bank asks about the payment, nothing has moved, and it may still be refunded
 * (docs/decisions/0139-refunds-during-an-inquiry.md).
 */
export const isUnderInquiry = (payment: Pick<PaymentDetails, 'disputeStatus' | 'disputeRefusesRefund'>) =>
  payment.disputeStatus === 'disputed' && !payment.disputeRefusesRefund;

/** Whether Refund is offered: something is left to refund on a paid payment no dispute holds. */
export const canRefund = (payment: PaymentDetails) =>
  !isDisputed(payment) &&
  payment.refundableAmount > 0 &&
  (payment.status === 'paid' || payment.status === 'partially_refunded');
