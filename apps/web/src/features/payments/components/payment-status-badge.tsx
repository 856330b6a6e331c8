import { type DisplayStatus, statusTone } from '@clinicpay/shared';
import { Badge } from '@/components/ui/badge';

export const STATUS_LABEL: Record<DisplayStatus, string> = {
  paid: 'Paid',
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
  sent: 'Sent',
  pending: 'Pending',
};

/** Spec §4 badge colours, always with the status in words. */
export function PaymentStatusBadge({ status }: { status: DisplayStatus }) {
  return <Badge tone={statusTone(status)}>{STATUS_LABEL[status]}</Badge>;
}
