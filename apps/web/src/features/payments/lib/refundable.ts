import type { PaymentDetails } from '@clinicpay/shared';

/** Disputed, or lost to a dispute: the bank returned the money, so it cannot be refunded. */
export const isDisputed = (payment: Pick<PaymentDetails, 'disputeStatus'>) =>
  payment.disputeStatus === 'disputed' || payment.disputeStatus === 'dispute_lost';

/** Whether Refund is offered: something is left to refund on a paid payment no dispute holds. */
export const canRefund = (payment: PaymentDetails) =>
  !isDisputed(payment) &&
  payment.refundableAmount > 0 &&
  (payment.status === 'paid' || payment.status === 'partially_refunded');
