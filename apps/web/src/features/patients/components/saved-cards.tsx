import {
  CARD_CHARGE_LABELS,
  type CardCharge,
  CONSENT_LABELS,
  cardBrandLabel,
  formatPence,
  SAVED_CARD_MESSAGES,
  type SavedCardView,
} from '@clinicpay/shared';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatLongDateTime } from '@/lib/dates';
import { useCan } from '@/lib/permissions';
import { useRemoveSavedCard, useSavedCards } from '../api/saved-cards';
import { ChargeCardDialog } from './charge-card-dialog';

/** What became of a charge, in words: paid, waiting for the patient, declined with the bank's reason. */
function chargeOutcome(charge: CardCharge) {
  if (charge.status === 'succeeded') return 'Paid';
  if (charge.status === 'requires_authentication') return 'Waiting for the patient';
  if (charge.status === 'processing') return 'Processing';
  return `Declined: ${charge.failureMessage ?? charge.declineCode ?? 'no reason given'}`;
}

const expiry = (card: SavedCardView) => `${String(card.expMonth).padStart(2, '0')}/${card.expYear}`;

/**
 * The patient's saved cards (docs/decisions/0091-saved-cards-on-platform-customers.md): brand, last 4
 * and expiry, each with the policies the patient agreed to when it was saved (words, maximum, when and
 * from where), Charge card, and Remove card for a patient who asks, after a confirmation.
 */
export function SavedCards({
  patientId,
  chargeCardId = null,
}: {
  patientId: string;
  /** A card to open Charge card for once the cards are loaded (from a payment's details). */
  chargeCardId?: string | null;
}) {
  const cards = useSavedCards(patientId);
  const remove = useRemoveSavedCard(patientId);
  const [removing, setRemoving] = useState<SavedCardView | null>(null);
  const [charging, setCharging] = useState<SavedCardView | null>(null);
  // Charging and removing cards are an owner's or manager's (decision 0121).
  const mayCharge = useCan('money');
  const opened = useRef(false);
  useEffect(() => {
    const card = cards.data?.cards.find((candidate) => candidate.id === chargeCardId);
    if (opened.current || !card || card.removedAt) return;
    opened.current = true;
    setCharging(card);
  }, [cards.data, chargeCardId]);

  if (cards.isPending) return <Spinner label="Loading saved cards..." />;
  if (cards.isError) return <Alert tone="error">{cards.error.message}</Alert>;
  if (cards.data.cards.length === 0)
    return <p className="text-sm text-slate-600">{SAVED_CARD_MESSAGES.none}</p>;

  return (
    <>
      <ul className="flex flex-col gap-4">
        {cards.data.cards.map((card) => (
          <li key={card.id} className="rounded-md border border-slate-200 p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-medium">
                {cardBrandLabel(card.brand)} ending {card.last4}, expires {expiry(card)}
                {card.removedAt ? (
                  <Badge className="ml-2">Removed {formatLongDateTime(card.removedAt)}</Badge>
                ) : null}
              </p>
              {card.removedAt || !mayCharge ? null : (
                <div className="flex gap-2">
                  {card.consents.length ? (
                    <Button
                      size="sm"
                      aria-label={`Charge card ${cardBrandLabel(card.brand)} ending ${card.last4}`}
                      onClick={() => setCharging(card)}
                    >
                      Charge card
                    </Button>
                  ) : null}
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Remove card ${cardBrandLabel(card.brand)} ending ${card.last4}`}
                    onClick={() => {
                      remove.reset();
                      setRemoving(card);
                    }}
                  >
                    Remove card
                  </Button>
                </div>
              )}
            </div>
            <p className="mt-1 text-sm text-slate-600">Saved {formatLongDateTime(card.createdAt)}</p>
            {card.consents.length ? (
              <div className="mt-3">
                <h3 className="text-sm font-semibold">Consent given</h3>
                <ul className="mt-1 flex flex-col gap-2 text-sm">
                  {card.consents.map((consent) => (
                    <li key={consent.kind}>
                      <p className="font-medium">
                        {CONSENT_LABELS[consent.kind]} (version {consent.version}): up to{' '}
                        {formatPence(consent.maximumAmount)}
                      </p>
                      <p className="whitespace-pre-line text-slate-700">{consent.text}</p>
                      <p className="text-slate-600">
                        Agreed {formatLongDateTime(consent.consentedAt)}
                        {consent.ipAddress ? ` from ${consent.ipAddress}` : ''}
                        {consent.userAgent ? ` (${consent.userAgent})` : ''}
                      </p>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            {card.charges.length ? (
              <div className="mt-3">
                <h3 className="text-sm font-semibold">Charges</h3>
                <ul className="mt-1 flex flex-col gap-1 text-sm">
                  {card.charges.map((charge) => (
                    <li key={charge.id}>
                      {CARD_CHARGE_LABELS[charge.kind]} {formatPence(charge.amount)},{' '}
                      {formatLongDateTime(charge.createdAt)}: {chargeOutcome(charge)}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <ChargeCardDialog patientId={patientId} card={charging} onClose={() => setCharging(null)} />
      <ConfirmDialog
        open={removing !== null}
        title="Remove this card?"
        description={
          removing
            ? `${cardBrandLabel(removing.brand)} ending ${removing.last4} will be removed for good. The clinic will not be able to charge it again.`
            : ''
        }
        confirmLabel="Remove card"
        pendingLabel="Removing..."
        pending={remove.isPending}
        error={remove.error ? remove.error.message || SAVED_CARD_MESSAGES.removeFailed : null}
        destructive
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing.id, {
            onSuccess: () => {
              setRemoving(null);
              toast.success(SAVED_CARD_MESSAGES.removed);
            },
          });
        }}
        onCancel={() => setRemoving(null)}
      />
    </>
  );
}
