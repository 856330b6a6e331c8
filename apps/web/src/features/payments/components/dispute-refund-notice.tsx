import { DISPUTE_MESSAGES, type PaymentDetails } from '@clinicpay/shared';
import { Alert } from '@/components/ui/alert';
import { useCan } from '@/lib/permissions';
import { canRefund, isDisputed, isUnderInquiry } from '../lib/refundable';

/**
 * What a dispute means for refunding the payment, beside Refund, for those who may refund (decision
 * 0121): why a chargeback or a lost dispute stops it, or that an inquiry does not while something is
 * left to refund (docs/decisions/0139-refunds-during-an-inquiry.md); nothing otherwise.
 */
export function DisputeRefundNotice({ payment }: { payment: PaymentDetails }) {
  const mayRefund = useCan('money');
  if (!mayRefund) return null;
  if (isDisputed(payment))
    return (
      <Alert tone="warning">
        {payment.disputeStatus === 'dispute_lost'
          ? DISPUTE_MESSAGES.refundRefusedLost
          : DISPUTE_MESSAGES.refundRefused}
      </Alert>
    );
  if (isUnderInquiry(payment) && canRefund(payment))
    return <Alert tone="info">{DISPUTE_MESSAGES.inquiryRefundable}</Alert>;
  return null;
}
