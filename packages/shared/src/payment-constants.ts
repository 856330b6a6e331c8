export const PAYMENT_TYPES = ['deposit', 'treatment', 'consultation', 'other'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
export function paymentTypeLabel(type: PaymentType): string {
  return type.charAt(0).toUpperCase() + type.slice(1);
}
export const PROVIDER_NAME = 'Stripe';
