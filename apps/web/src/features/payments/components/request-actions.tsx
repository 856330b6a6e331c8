import { type PaymentRequestDetail, REQUEST_EVENT_LABELS, REQUEST_MESSAGES } from '@clinicpay/shared';
import { Ban, BellRing } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { serverAnswered } from '@/lib/api-client';
import { formatDateTime } from '@/lib/dates';
import { formatIsoDay } from '@/lib/london-days';
import { useCancelRequest, useRemindRequest, useRequestDetail } from '../api/request-actions';
import { ResendRequestButton } from './resend-request-button';

/** Where a request stands, in words, with its last day to pay while it is open. */
function stateText(detail: PaymentRequestDetail): string {
  if (detail.state === 'cancelled') return 'Cancelled: the patient’s page says so and takes no payment.';
  if (detail.state === 'expired') return 'Expired: the patient’s page takes no payment.';
  if (detail.state === 'paid') return 'Paid.';
  return detail.expiresOn
    ? `Open: the patient can pay until the end of ${formatIsoDay(detail.expiresOn)}.`
    : 'Open.';
}

/**
 * A request's state, timeline and actions (docs/decisions/0105-request-and-link-lifetimes.md, 0106):
 * while it is open, Resend request, Send reminder and Cancel request (after a question); a cancelled or
 * expired request offers none. A refusal (paid meanwhile, too many sent this hour) is told as the
 * server says.
 */
export function RequestActions({ requestId }: { requestId: string }) {
  const detail = useRequestDetail(requestId);
  const remind = useRemindRequest(requestId);
  const cancel = useCancelRequest(requestId);
  const [confirming, setConfirming] = useState(false);
  if (!detail.data) return null;
  const open = detail.data.state === 'open';
  return (
    <section aria-labelledby={`request-${requestId}-heading`} className="flex flex-col gap-3 text-sm">
      <h3 id={`request-${requestId}-heading`} className="font-medium">
        Request
      </h3>
      <p>{stateText(detail.data)}</p>
      <ol className="flex flex-col gap-1 border-l-2 border-slate-200 pl-3">
        {detail.data.timeline.map((step) => (
          <li key={`${step.kind}-${step.at}`}>
            <span className="font-medium">{REQUEST_EVENT_LABELS[step.kind]}</span>{' '}
            <span className="text-slate-600">{formatDateTime(step.at)}</span>
          </li>
        ))}
      </ol>
      {open ? (
        <div className="flex flex-wrap gap-2">
          <ResendRequestButton requestId={requestId} />
          <Button
            variant="outline"
            disabled={remind.isPending}
            onClick={() =>
              remind.mutate(undefined, {
                onSuccess: (result) => toast.success(result.message),
                onError: (failure) =>
                  toast.error(serverAnswered(failure) ? failure.message : REQUEST_MESSAGES.remindFailed),
              })
            }
          >
            <BellRing className="h-4 w-4" aria-hidden />{' '}
            {remind.isPending ? 'Sending...' : REQUEST_MESSAGES.remindNow}
          </Button>
          <Button variant="outline" onClick={() => setConfirming(true)}>
            <Ban className="h-4 w-4" aria-hidden /> {REQUEST_MESSAGES.cancel}
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={REQUEST_MESSAGES.cancelConfirmTitle}
        description={REQUEST_MESSAGES.cancelConfirm}
        confirmLabel={REQUEST_MESSAGES.cancel}
        pendingLabel="Cancelling..."
        pending={cancel.isPending}
        error={
          cancel.error
            ? serverAnswered(cancel.error)
              ? cancel.error.message
              : REQUEST_MESSAGES.cancelFailed
            : null
        }
        destructive
        onConfirm={() =>
          cancel.mutate(undefined, {
            onSuccess: (result) => {
              setConfirming(false);
              toast.success(result.message);
            },
          })
        }
        onCancel={() => {
          cancel.reset();
          setConfirming(false);
        }}
      />
    </section>
  );
}
