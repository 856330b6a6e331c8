import {
  CARD_CHARGE_KINDS,
  CARD_CHARGE_LABELS,
  type CardChargeKind,
  CONSENT_FOR_CHARGE,
  cardBrandLabel,
  formatPence,
  parsePoundsToPence,
  penceToPoundsText,
  SAVED_CARD_MESSAGES,
  type SavedCardView,
} from '@clinicpay/shared';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/select';
import { ApiError } from '@/lib/api-client';
import { useChargeSavedCard } from '../api/saved-cards';

/** The fees the patient agreed to when the card was saved, each with the most it allows (pence). */
function chargeableFees(card: SavedCardView) {
  return CARD_CHARGE_KINDS.flatMap((kind) => {
    const consent = card.consents.find((candidate) => candidate.kind === CONSENT_FOR_CHARGE[kind]);
    return consent ? [{ kind, maximum: consent.maximumAmount }] : [];
  });
}

/**
 * Charge card (docs/decisions/0093-charging-saved-cards.md): the fee, among those the patient agreed to,
 * and the amount in pounds, at most what they agreed to (the server checks it again). The outcome is
 * told: paid, waiting for the patient, or declined with the bank's reason (shown in the dialog).
 */
export function ChargeCardDialog({
  patientId,
  card,
  onClose,
}: {
  patientId: string;
  card: SavedCardView | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={card !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        {card ? <ChargeForm patientId={patientId} card={card} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ChargeForm({
  patientId,
  card,
  onClose,
}: {
  patientId: string;
  card: SavedCardView;
  onClose: () => void;
}) {
  const id = useId();
  const fees = chargeableFees(card);
  const [kind, setKind] = useState<CardChargeKind | undefined>(fees[0]?.kind);
  const maximum = fees.find((fee) => fee.kind === kind)?.maximum ?? 0;
  const [amount, setAmount] = useState(penceToPoundsText(fees[0]?.maximum ?? 0));
  const [fieldErrors, setFieldErrors] = useState<{ kind?: string; amount?: string }>({});
  const [declined, setDeclined] = useState<string | null>(null);
  const charge = useChargeSavedCard(patientId);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setDeclined(null);
    const pence = parsePoundsToPence(amount);
    if (!kind) return setFieldErrors({ kind: SAVED_CARD_MESSAGES.noConsent });
    if (pence === null || pence < 30) {
      setFieldErrors({ amount: SAVED_CARD_MESSAGES.invalidAmount });
      return document.getElementById(`${id}-amount`)?.focus();
    }
    if (pence > maximum) {
      setFieldErrors({ amount: SAVED_CARD_MESSAGES.overMaximum(maximum) });
      return document.getElementById(`${id}-amount`)?.focus();
    }
    setFieldErrors({});
    charge.mutate(
      { cardId: card.id, kind, amount: pence },
      {
        onSuccess: ({ charge: made }) => {
          if (made.status === 'failed') {
            setDeclined(
              SAVED_CARD_MESSAGES.declined(made.failureMessage ?? made.declineCode ?? 'no reason given'),
            );
            return;
          }
          if (made.status === 'requires_authentication') toast.info(SAVED_CARD_MESSAGES.waiting);
          else if (made.status === 'processing')
            toast.info(SAVED_CARD_MESSAGES.chargeProcessing(made.amount));
          else toast.success(SAVED_CARD_MESSAGES.charged(made.amount));
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
            setFieldErrors(error.fieldErrors);
            return;
          }
          setDeclined(error.message || SAVED_CARD_MESSAGES.chargeFailed);
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <DialogTitle>Charge saved card</DialogTitle>
      <DialogDescription>
        {cardBrandLabel(card.brand)} ending {card.last4}. The patient is charged without being asked, up to
        what they agreed to when the card was saved.
      </DialogDescription>
      <FormField id={`${id}-kind`} label="Fee" error={fieldErrors.kind}>
        <NativeSelect
          value={kind ?? ''}
          onChange={(event) => {
            const next = event.currentTarget.value as CardChargeKind;
            setKind(next);
            setAmount(penceToPoundsText(fees.find((fee) => fee.kind === next)?.maximum ?? 0));
          }}
        >
          {fees.map((fee) => (
            <option key={fee.kind} value={fee.kind}>
              {CARD_CHARGE_LABELS[fee.kind]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField
        id={`${id}-amount`}
        label="Amount (£)"
        hint={`Up to ${formatPence(maximum)}, as the patient agreed`}
        error={fieldErrors.amount}
      >
        <Input
          inputMode="decimal"
          value={amount}
          onChange={(event) => setAmount(event.currentTarget.value)}
        />
      </FormField>
      <div aria-live="polite">{declined ? <Alert tone="error">{declined}</Alert> : null}</div>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onClose} disabled={charge.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={charge.isPending}>
          {charge.isPending ? 'Charging...' : `Charge ${formatPence(parsePoundsToPence(amount) ?? 0)}`}
        </Button>
      </div>
    </form>
  );
}
