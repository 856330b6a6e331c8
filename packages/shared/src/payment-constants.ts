/** The types a clinic gives a payment link, and so a request made from one. */
export const LINK_TYPES = ['deposit', 'treatment', 'consultation', 'other'] as const;
export type LinkType = (typeof LINK_TYPES)[number];

/**
 * The types of a payment: a link's types, plus the charges ClinicPay makes itself after the appointment
 * (docs/decisions/0094-deposits-and-balances.md): a no-show fee or late cancellation fee charged to a
 * saved card, and the balance of a treatment whose deposit was paid.
 */
export const PAYMENT_TYPES = [...LINK_TYPES, 'no_show_fee', 'late_cancellation_fee', 'balance'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

const TYPE_LABELS: Record<PaymentType, string> = {
  deposit: 'Deposit',
  treatment: 'Treatment',
  consultation: 'Consultation',
  other: 'Other',
  no_show_fee: 'No-show fee',
  late_cancellation_fee: 'Late cancellation fee',
  balance: 'Balance',
};

/** 'deposit' → 'Deposit', 'no_show_fee' → 'No-show fee', as the success page's Payment Type shows it. */
export function paymentTypeLabel(type: PaymentType): string {
  return TYPE_LABELS[type];
}
export const PROVIDER_NAME = 'Stripe';
