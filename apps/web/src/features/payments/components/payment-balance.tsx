import {
  BALANCE_MESSAGES,
  type CardCharge,
  formatPence,
  type PaymentDetails,
  SAVED_CARD_MESSAGES,
} from '@clinicpay/shared';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useCan } from '@/lib/permissions';
import { useChargeBalance, useRequestBalance } from '../api/balance';

/** What a card charge's answer tells the clinic (docs/decisions/0093-charging-saved-cards.md). */
function chargeOutcome(charge: CardCharge): { tone: 'success' | 'info' | 'error'; message: string } {
  if (charge.status === 'failed')
    return {
      tone: 'error',
      message: SAVED_CARD_MESSAGES.declined(charge.failureMessage ?? 'no reason given'),
    };
  if (charge.status === 'requires_authentication')
    return { tone: 'info', message: SAVED_CARD_MESSAGES.waiting };
  if (charge.status === 'processing')
    return { tone: 'info', message: SAVED_CARD_MESSAGES.chargeProcessing(charge.amount) };
  return { tone: 'success', message: SAVED_CARD_MESSAGES.charged(charge.amount) };
}

/**
 * A deposit's balance in the payment's details (docs/decisions/0094-deposits-and-balances.md): the
 * treatment total, what is paid, "Balance due £x" or "Balance settled", and, while something is due,
 * Request balance (a payment request for exactly that) and Charge balance to saved card (where the
 * patient agreed to it when their card was saved). A balance payment names the deposit it pays.
 */
export function PaymentBalance({ payment }: { payment: PaymentDetails }) {
  const { balance, balanceOf } = payment;
  if (balanceOf)
    return (
      <section aria-labelledby="balance-heading" className="rounded-md border border-slate-200 p-3 text-sm">
        <h3 id="balance-heading" className="font-medium">
          {BALANCE_MESSAGES.settles(balanceOf.reference)}
        </h3>
        <p className="mt-1">{balanceOf.settled ? BALANCE_MESSAGES.settled : BALANCE_MESSAGES.notSettled}</p>
      </section>
    );
  if (!balance) return null;
  return <DepositBalance paymentId={payment.id} balance={balance} />;
}

function DepositBalance({
  paymentId,
  balance,
}: {
  paymentId: string;
  balance: NonNullable<PaymentDetails['balance']>;
}) {
  const requestBalance = useRequestBalance(paymentId);
  const chargeBalance = useChargeBalance(balance.card ?? { patientId: '', cardId: '' });
  const [confirming, setConfirming] = useState(false);
  // Charging the saved card is an owner's or manager's; requesting the balance is everyone's (decision 0121).
  const mayCharge = useCan('money');
  const [error, setError] = useState<string | null>(null);
  const chargeable = balance.card ? Math.min(balance.due, balance.card.maximumAmount) : 0;
  const waiting = balance.request !== null || balance.chargeUnderWay;

  const onRequest = () => {
    setError(null);
    requestBalance.mutate(undefined, {
      // The request stands even when its email could not be queued: the warning says so.
      onSuccess: (sent) =>
        sent.warning ? toast.warning(sent.warning) : toast.success(BALANCE_MESSAGES.requested),
      onError: (failure) => setError(failure.message || BALANCE_MESSAGES.requestFailed),
    });
  };
  const onCharge = () => {
    setError(null);
    chargeBalance.mutate(chargeable, {
      onSuccess: ({ charge }) => {
        setConfirming(false);
        const outcome = chargeOutcome(charge);
        if (outcome.tone === 'error') setError(outcome.message);
        else toast[outcome.tone](outcome.message);
      },
      onError: (failure) => setError(failure.message || SAVED_CARD_MESSAGES.chargeFailed),
    });
  };

  return (
    <section aria-labelledby="balance-heading" className="rounded-md border border-slate-200 p-3 text-sm">
      <h3 id="balance-heading" className="font-medium">
        {balance.due > 0 ? BALANCE_MESSAGES.balanceDue(balance.due) : BALANCE_MESSAGES.settled}
      </h3>
      <dl className="mt-2 grid grid-cols-[8.5rem_1fr] gap-x-3 gap-y-1">
        <dt className="text-slate-600">{BALANCE_MESSAGES.treatmentTotal}</dt>
        <dd>{formatPence(balance.treatmentTotal)}</dd>
        <dt className="text-slate-600">{BALANCE_MESSAGES.paidSoFar}</dt>
        <dd>{formatPence(balance.paid)}</dd>
      </dl>
      {balance.request ? <p className="mt-2">{BALANCE_MESSAGES.requestOpen}</p> : null}
      {balance.chargeUnderWay ? <p className="mt-2">{BALANCE_MESSAGES.chargeUnderWay}</p> : null}
      {error && !confirming ? (
        <Alert tone="error" className="mt-2">
          {error}
        </Alert>
      ) : null}
      {balance.due > 0 && !waiting ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button onClick={onRequest} disabled={requestBalance.isPending}>
            {BALANCE_MESSAGES.requestBalance}
          </Button>
          {balance.card && chargeable > 0 && mayCharge ? (
            <Button variant="outline" onClick={() => setConfirming(true)}>
              {BALANCE_MESSAGES.chargeBalance}
            </Button>
          ) : null}
        </div>
      ) : null}
      {balance.card ? (
        <ConfirmDialog
          open={confirming}
          title={BALANCE_MESSAGES.chargeBalance}
          description={BALANCE_MESSAGES.chargeConfirm(chargeable, balance.card.label)}
          confirmLabel={`Charge ${formatPence(chargeable)}`}
          pendingLabel="Charging..."
          pending={chargeBalance.isPending}
          error={confirming ? error : null}
          onConfirm={onCharge}
          onCancel={() => {
            setConfirming(false);
            setError(null);
          }}
        />
      ) : null}
    </section>
  );
}
