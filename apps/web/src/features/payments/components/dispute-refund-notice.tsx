import { DISPUTE_MESSAGES, type PaymentDetails } from '@clinicpay/shared';
import { Alert } from '@/components/ui/alert';
import { isDisputed, isUnderInquiry } from '../lib/refundable';

/**
 * What a dispute means for refunding the payment, beside Refund: why a chargeback or a lost dispute
 * stops it, or that an inquiry does not (docs/decisions/0139-refunds-during-an-inquiry.md); nothing
 * when the payment was never disputed, or its dispute was won.
 */
export function DisputeRefundNotice({ payment }: { payment: PaymentDetails }) {
  if (isDisputed(payment))
    return (
      <Alert tone="warning">
        {payment.disputeStatus === 'dispute_lost'
          ? DISPUTE_MESSAGES.refundRefusedLost
          : DISPUTE_MESSAGES.refundRefused}
      </Alert>
    );
  if (isUnderInquiry(payment)) return <Alert tone="info">{DISPUTE_MESSAGES.inquiryRefundable}</Alert>;
  return null;
}
