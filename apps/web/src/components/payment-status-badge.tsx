import {
  type DisplayStatus,
  PAYMENT_DISPUTE_STATUS_LABELS,
  PAYMENT_STATUS_LABELS,
  type PaymentDisputeStatus,
  statusTone,
} from '@clinicpay/shared';
import { Badge } from '@/components/ui/badge';

/**
 * A payment's status as a badge (the history, a patient's page, the admin's clinic profile), always with the status in words: its dispute status when it has been
 * disputed (Disputed in red, Dispute won, Dispute lost), otherwise its payment or refund status (green
 * paid, blue refunds, yellow sent and pending).
 */
export function PaymentStatusBadge({
  status,
  disputeStatus = null,
}: {
  status: DisplayStatus;
  disputeStatus?: PaymentDisputeStatus | null;
}) {
  if (disputeStatus) {
    const { label, tone } = PAYMENT_DISPUTE_STATUS_LABELS[disputeStatus];
    return <Badge tone={tone}>{label}</Badge>;
  }
  return <Badge tone={statusTone(status)}>{PAYMENT_STATUS_LABELS[status]}</Badge>;
}
