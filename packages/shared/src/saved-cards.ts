/**
 * Saved cards on the patient page (docs/decisions/0091-saved-cards-on-platform-customers.md,
 * 0092-card-consent.md): each card with the consents it was saved under, and its removal.
 */
import { z } from 'zod';
import { penceField } from './mini/fields.js';
import { formatPence } from './money.js';
import { MIN_CHARGE_PENCE } from './payment-links.js';
import { CONSENT_KINDS, type ConsentKind } from './policy-labels.js';

export const SAVED_CARD_MESSAGES = {
  notFound: 'Saved card not found',
  alreadyRemoved: 'This card has already been removed',
  removed: 'Card removed. It can no longer be charged.',
  removeFailed: 'Failed to remove the card',
  none: 'No saved cards.',
  cardRemoved: 'This card has been removed and can no longer be charged',
  cardExpired: 'This card has expired and can no longer be charged',
  paymentsPaused: 'Card payments to your clinic are paused, so the card cannot be charged now',
  noConsent: 'The patient did not agree to this fee when their card was saved',
  invalidAmount: 'Please enter an amount of at least £0.30',
  overMaximum: (maximum: number) => `The most the patient agreed to for this fee is ${formatPence(maximum)}`,
  overBalance: (due: number) => `The balance due is ${formatPence(due)}`,
  noBalanceDue: 'No balance is due on this payment',
  leavesTooLittle: (due: number) =>
    `Charge the whole ${formatPence(due)}, or leave at least £0.30 to pay: a card cannot be charged less`,
  alreadyCharged: 'A fee has already been charged, or is being charged, for this appointment',
  charged: (amount: number) => `${formatPence(amount)} charged to the saved card`,
  /** The provider took the charge but has not said yet whether it succeeded (decision 0137). */
  chargeProcessing: (amount: number) =>
    `Charge of ${formatPence(amount)} sent to the card provider. It is still being processed.`,
  waiting: 'Waiting for the patient: their bank asks them to confirm the charge',
  declined: (reason: string) => `The card was declined: ${reason}`,
  chargeFailed: 'Failed to charge the card',
  notAnswered: 'The card provider did not answer this charge',
} as const;

/**
 * What a saved card can be charged without the patient: a fee, or the balance of a treatment whose
 * deposit it paid (docs/decisions/0094-deposits-and-balances.md). Each is also the type of its payment.
 */
export const CARD_CHARGE_KINDS = ['no_show_fee', 'late_cancellation_fee', 'balance'] as const;
export type CardChargeKind = (typeof CARD_CHARGE_KINDS)[number];

export const CARD_CHARGE_LABELS: Record<CardChargeKind, string> = {
  no_show_fee: 'No-show fee',
  late_cancellation_fee: 'Late cancellation fee',
  balance: 'Balance',
};

/** What the patient must have agreed to for each charge. */
export const CONSENT_FOR_CHARGE: Record<CardChargeKind, ConsentKind> = {
  no_show_fee: 'no_show',
  late_cancellation_fee: 'cancellation',
  balance: 'balance',
};

/** Whether a card expiring at the end of `expMonth`/`expYear` has expired at `now` (UTC months). */
export function cardExpired(card: { expMonth: number; expYear: number }, now: Date): boolean {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return card.expYear < year || (card.expYear === year && card.expMonth < month);
}

/** POST /api/patients/:id/cards/:cardId/charges: the fee and its amount in pence. */
export const chargeSavedCardSchema = z.object({
  kind: z.enum(CARD_CHARGE_KINDS, { error: 'Please choose a fee' }),
  amount: penceField(
    { invalid: SAVED_CARD_MESSAGES.invalidAmount },
    { min: MIN_CHARGE_PENCE, max: 10_000_000 },
  ),
});
export type ChargeSavedCard = z.infer<typeof chargeSavedCardSchema>;

/**
 * A charge of a saved card: 'processing', 'succeeded', 'requires_authentication' (waiting for the
 * patient) or 'failed' with the bank's reason. Amount in pence.
 */
export const cardChargeSchema = z.object({
  id: z.string(),
  kind: z.enum(CARD_CHARGE_KINDS),
  amount: z.number().int(),
  status: z.enum(['processing', 'succeeded', 'requires_authentication', 'failed']),
  failureMessage: z.string().nullable(),
  declineCode: z.string().nullable(),
  /** The payment recorded for it, once paid. */
  paymentId: z.string().nullable(),
  createdAt: z.string(),
});
export type CardCharge = z.infer<typeof cardChargeSchema>;
export const cardChargeResponseSchema = z.object({ charge: cardChargeSchema });

/** The patient's agreement to one policy, as they gave it; the maximum in pence. */
export const cardConsentSchema = z.object({
  kind: z.enum(CONSENT_KINDS),
  version: z.number().int(),
  text: z.string(),
  maximumAmount: z.number().int(),
  consentedAt: z.string(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type CardConsent = z.infer<typeof cardConsentSchema>;

export const savedCardSchema = z.object({
  id: z.string(),
  /** The provider's brand name: 'visa', 'mastercard', … */
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  /** The payment it was saved with, if any. */
  paymentId: z.string().nullable(),
  createdAt: z.string(),
  /** When it was removed; null while it can be charged. */
  removedAt: z.string().nullable(),
  consents: z.array(cardConsentSchema),
  /** Its charges without the patient, newest first. */
  charges: z.array(cardChargeSchema),
});
export type SavedCardView = z.infer<typeof savedCardSchema>;

/** GET /api/patients/:id/cards: newest first. */
export const savedCardListSchema = z.object({ cards: z.array(savedCardSchema) });
export type SavedCardList = z.infer<typeof savedCardListSchema>;

/** A card's brand as people write it: 'Visa', 'Mastercard', 'American Express', … */
export function cardBrandLabel(brand: string): string {
  const names: Record<string, string> = {
    visa: 'Visa',
    mastercard: 'Mastercard',
    amex: 'American Express',
    discover: 'Discover',
    diners: 'Diners Club',
    jcb: 'JCB',
    unionpay: 'UnionPay',
  };
  return names[brand] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
}
