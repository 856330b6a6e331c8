/**
 * The card provider's processing fees, in one table (decision 0084): what the sandbox charges, and what
 * the fees page and the admin settings quote. Each rate names its source and the day it was taken.
 * Integer pence; the percentage part is rounded half up to whole pence.
 */

export interface CardFeeRate {
  /** Hundredths of a percent: 140 is 1.4%. */
  basisPoints: number;
  /** Pence added to every charge. */
  fixedPence: number;
  /** Where the rate comes from. */
  source: string;
  /** The ISO date the rate was taken from its source. */
  asOf: string;
}

/**
 * Card fees as spec §9 quotes Stripe's UK pricing: UK and EEA cards, and cards from elsewhere. Stripe's
 * prices changed since (stripe.com/gb/pricing); bringing them in is the disputes and payouts work.
 */
export const CARD_FEES = {
  european: {
    basisPoints: 140,
    fixedPence: 20,
    source: 'spec §9, quoting stripe.com/gb/pricing',
    asOf: '2023-01-01',
  },
  nonEuropean: {
    basisPoints: 290,
    fixedPence: 20,
    source: 'spec §9, quoting stripe.com/gb/pricing',
    asOf: '2023-01-01',
  },
} as const satisfies Record<string, CardFeeRate>;

/** The countries whose cards are charged the European rate: the UK and the EEA (ISO 3166 alpha-2). */
export const EUROPEAN_CARD_COUNTRIES: ReadonlySet<string> = new Set([
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

/** A rate as users read it, e.g. '1.4% + 20p'. */
export function cardFeeRateText(rate: Pick<CardFeeRate, 'basisPoints' | 'fixedPence'>): string {
  return `${rate.basisPoints / 100}% + ${rate.fixedPence}p`;
}

/** The fee in pence on `amount` pence paid with a card from `country` (ISO 3166 alpha-2). */
export function cardFeeFor(amount: number, country: string): number {
  const rate = EUROPEAN_CARD_COUNTRIES.has(country) ? CARD_FEES.european : CARD_FEES.nonEuropean;
  return Math.floor((amount * rate.basisPoints + 5000) / 10_000) + rate.fixedPence;
}
