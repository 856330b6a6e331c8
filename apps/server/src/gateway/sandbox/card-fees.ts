/**
 * The card processing fee the sandbox charges, as Stripe's UK pricing states it (spec §9): 1.4% + 20p
 * for UK and EEA cards, 2.9% + 20p for others. Integer pence, percentage part rounded half up.
 */
const EUROPEAN = new Set([
  'GB',
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
  'IS',
  'LI',
  'NO',
]);

const FIXED_FEE_PENCE = 20;

/** The fee in pence on `amount` pence paid with a card from `country` (ISO 3166 alpha-2). */
export function cardFeeFor(amount: number, country: string): number {
  const basisPoints = EUROPEAN.has(country) ? 140 : 290;
  return Math.floor((amount * basisPoints + 5000) / 10_000) + FIXED_FEE_PENCE;
}
