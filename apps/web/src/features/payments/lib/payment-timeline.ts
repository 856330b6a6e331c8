import {
  cardLabel,
  formatPence,
  NOTIFICATION_CHANNEL_LABELS,
  NOTIFICATION_TYPE_LABELS,
  type PaymentDetails,
  REFUND_REASON_LABELS,
  REFUND_STATUS_LABELS,
} from '@clinicpay/shared';

/** One step in a payment's life: when (ISO) and what happened, in words. */
export interface TimelineEntry {
  at: string;
  text: string;
}

const NOTICE_STATUS_WORDS = { pending: 'waiting to send', sent: 'sent', failed: 'failed' } as const;

/**
 * A payment's timeline, oldest first: the request sent, the payment (with its card), each refund
 * (with its reason), each notice and how it went, and a dispute opened. Built from the payment's
 * details, so it shows exactly what the rest of the page shows.
 */
export function paymentTimeline(payment: PaymentDetails): TimelineEntry[] {
  const entries: TimelineEntry[] = [];
  if (payment.requestSentAt) entries.push({ at: payment.requestSentAt, text: 'Payment request sent' });
  if (!payment.isRequest) {
    const card = payment.card ? ` with ${cardLabel(payment.card)}` : '';
    entries.push({ at: payment.date, text: `Paid ${formatPence(payment.amount)}${card}` });
  }
  for (const refund of payment.refunds) {
    const reason = refund.reason ? ` (${REFUND_REASON_LABELS[refund.reason]})` : '';
    entries.push({
      at: refund.createdAt,
      text: `Refund of ${formatPence(refund.amount)} ${REFUND_STATUS_LABELS[refund.status].toLowerCase()}${reason}`,
    });
  }
  for (const notice of payment.notifications) {
    entries.push({
      at: notice.sentAt ?? notice.createdAt,
      text: `${NOTIFICATION_TYPE_LABELS[notice.type]} via ${NOTIFICATION_CHANNEL_LABELS[notice.channel]}: ${NOTICE_STATUS_WORDS[notice.status]}`,
    });
  }
  if (payment.disputeOpenedAt)
    entries.push({ at: payment.disputeOpenedAt, text: 'Dispute opened by the bank' });
  return entries.sort((a, b) => a.at.localeCompare(b.at));
}
