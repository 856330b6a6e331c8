import {
  PAYOUT_MESSAGES,
  type Payout,
  payoutFailureReason,
  type PayoutStatus as Status,
} from '@clinicpay/shared';
import { Badge, type BadgeTone } from '@/components/ui/badge';

const TONES: Record<Status, BadgeTone> = {
  pending: 'yellow',
  in_transit: 'blue',
  paid: 'green',
  failed: 'red',
  canceled: 'grey',
};

/** Why a payout failed, in plain English: the server's reason, or the one for its code. */
export function failureReasonOf(payout: Pick<Payout, 'failureCode' | 'failureReason'>): string | null {
  return payout.failureReason ?? payoutFailureReason(payout.failureCode);
}

/**
 * A payout's status as a badge (Pending, On its way, Paid, Failed, Cancelled). A failed payout is red
 * and, with `explain`, says why in plain English and how to fix the bank details.
 */
export function PayoutStatus({
  payout,
  explain = false,
}: {
  payout: Pick<Payout, 'status' | 'statusLabel' | 'failureCode' | 'failureReason'>;
  explain?: boolean;
}) {
  const reason = payout.status === 'failed' ? failureReasonOf(payout) : null;
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <Badge tone={TONES[payout.status]}>{payout.statusLabel}</Badge>
      {explain && payout.status === 'failed' ? (
        <>
          {reason ? <span className="text-sm font-medium text-red-800">{reason}</span> : null}
          <span className="text-sm text-slate-700">{PAYOUT_MESSAGES.fixBankDetails}</span>
        </>
      ) : null}
    </span>
  );
}
