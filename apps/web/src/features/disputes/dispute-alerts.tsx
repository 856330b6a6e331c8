import {
  DISPUTE_MESSAGES,
  type DisputeSummary,
  type FraudWarning,
  formatPence,
  refundOutcomeMessage,
} from '@clinicpay/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useDisputeAlerts } from './api/get-dispute-alerts';
import { useRefundFraudWarning } from './api/refund-fraud-warning';
import { respondByText } from './components/dispute-status';
import { disputePath } from './components/disputes-table';

/**
 * The dashboard's dispute banners (GET /api/disputes/alerts): one naming the open disputes that still
 * need a response, each with its patient, amount, reason, deadline and a Respond link; and one per early
 * fraud warning, offering to refund the payment in full (after a confirmation) before it becomes a
 * dispute. Nothing when there is nothing to act on.
 */
export function DisputeAlerts() {
  const alerts = useDisputeAlerts();
  if (alerts.isError) {
    return <Alert>Disputes could not be checked: {alerts.error.message}</Alert>;
  }
  if (!alerts.data) return null;
  const { openDisputes, fraudWarnings } = alerts.data;
  return (
    <>
      {openDisputes.length ? <OpenDisputesBanner disputes={openDisputes} /> : null}
      {fraudWarnings.map((warning) => (
        <FraudWarningBanner key={warning.id} warning={warning} />
      ))}
    </>
  );
}

function OpenDisputesBanner({ disputes }: { disputes: DisputeSummary[] }) {
  return (
    <Alert tone="warning">
      <h2 className="text-base font-semibold">{DISPUTE_MESSAGES.banner(disputes.length)}</h2>
      <ul className="mt-2 flex flex-col gap-3">
        {disputes.map((dispute) => (
          <li key={dispute.id} className="flex flex-wrap items-center justify-between gap-2">
            <span className="min-w-0">
              <span className="font-medium">
                {dispute.patientName}, {formatPence(dispute.amount)}
              </span>
              : {dispute.reasonLabel}.
              {dispute.evidenceDueBy ? (
                <span className="block font-medium">{respondByText(dispute.evidenceDueBy)}</span>
              ) : null}
            </span>
            <Button asChild size="sm">
              <Link to={disputePath(dispute.id)}>
                Respond
                <span className="sr-only">
                  {' '}
                  to the dispute of {dispute.patientName}'s {formatPence(dispute.amount)} payment
                </span>
              </Link>
            </Button>
          </li>
        ))}
      </ul>
    </Alert>
  );
}

function FraudWarningBanner({ warning }: { warning: FraudWarning }) {
  const refund = useRefundFraudWarning();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const amount = formatPence(warning.refundableAmount);

  const onConfirm = () => {
    setError(null);
    refund.mutate(
      { warningId: warning.id, amount: warning.refundableAmount },
      {
        onSuccess: (result) => {
          // Refunded in full only once the provider finished it and nothing is left of the payment.
          if (result.refund.status !== 'succeeded') toast.info(refundOutcomeMessage(result));
          else if (result.payment.status === 'refunded') toast.success(DISPUTE_MESSAGES.fraudWarningRefunded);
          else toast.success(refundOutcomeMessage(result));
          setConfirming(false);
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };

  return (
    <Alert tone="warning">
      <p>{DISPUTE_MESSAGES.fraudWarning(warning.patientName, warning.paymentReference)}</p>
      <Button
        type="button"
        size="sm"
        variant="destructive"
        className="mt-3"
        onClick={() => {
          setError(null);
          setConfirming(true);
        }}
      >
        Refund {amount}
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Refund this payment in full?"
        description={`${amount} goes back to ${warning.patientName} for payment ${warning.paymentReference}. A refund cannot be undone.`}
        confirmLabel={`Refund ${amount}`}
        pendingLabel="Refunding..."
        pending={refund.isPending}
        error={error}
        destructive
        onConfirm={onConfirm}
        onCancel={() => setConfirming(false)}
      />
    </Alert>
  );
}
