/**
 * Saved cards on the patient page (docs/decisions/0091-saved-cards-on-platform-customers.md,
 * 0092-card-consent.md): each card with the consents it was saved under, and its removal.
 */
import { z } from 'zod';

export const SAVED_CARD_MESSAGES = {
  notFound: 'Saved card not found',
  alreadyRemoved: 'This card has already been removed',
  removed: 'Card removed. It can no longer be charged.',
  removeFailed: 'Failed to remove the card',
  none: 'No saved cards.',
} as const;

/** The patient's agreement to one policy, as they gave it; the maximum in pence. */
export const cardConsentSchema = z.object({
  kind: z.enum(['cancellation', 'no_show']),
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
