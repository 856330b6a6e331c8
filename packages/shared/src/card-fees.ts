/**
 * The card provider's processing fees, in one table (decisions 0084, 0085): what the sandbox charges,
 * and what the fees page, the terms and the admin settings quote. Each rate names its source and the
 * day it took effect. Integer pence; the percentage part is rounded half up to whole pence.
 */

export interface CardFeeRate {
  /** Hundredths of a percent: 150 is 1.5%. */
  basisPoints: number;
  /** Pence added to every charge. */
  fixedPence: number;
  /** Where the rate comes from. */
  source: string;
  /** The ISO date the rate was taken from its source. */
  asOf: string;
}

const UK_PRICING =
  'support.stripe.com/questions/pricing-updates-for-businesses-in-the-united-kingdom (stripe.com/gb/pricing)';

/**
 * Stripe's standard UK prices for card payments, in force since 10 April 2023 (decision 0085; the
 * product's earlier text quoted the earlier 1.4% + 20p and 2.9% + 20p): standard and premium (commercial, corporate and
 * business) UK cards, EEA cards, and cards issued elsewhere.
 */
export const CARD_FEES = {
  ukStandard: { basisPoints: 150, fixedPence: 20, source: UK_PRICING, asOf: '2023-04-10' },
  ukPremium: { basisPoints: 190, fixedPence: 20, source: UK_PRICING, asOf: '2023-04-10' },
  eea: { basisPoints: 250, fixedPence: 20, source: UK_PRICING, asOf: '2023-04-10' },
  international: { basisPoints: 325, fixedPence: 20, source: UK_PRICING, asOf: '2023-04-10' },
} as const satisfies Record<string, CardFeeRate>;

/** What Stripe charges per dispute, in pence (the same source; not returned if the dispute is won). */
export const DISPUTE_FEE = { pence: 2000, source: UK_PRICING, asOf: '2023-04-10' } as const;

/** The EEA's countries (ISO 3166 alpha-2), whose cards are charged the EEA rate. */
export const EEA_CARD_COUNTRIES: ReadonlySet<string> = new Set([
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

/** A rate as users read it, e.g. '1.5% + 20p'. */
export function cardFeeRateText(rate: Pick<CardFeeRate, 'basisPoints' | 'fixedPence'>): string {
  return `${rate.basisPoints / 100}% + ${rate.fixedPence}p`;
}

/** The rate for a card issued in `country` (ISO 3166 alpha-2); `premium` for a UK commercial card. */
export function cardFeeRateFor(country: string, premium = false): CardFeeRate {
  if (country === 'GB') return premium ? CARD_FEES.ukPremium : CARD_FEES.ukStandard;
  return EEA_CARD_COUNTRIES.has(country) ? CARD_FEES.eea : CARD_FEES.international;
}

/** The fee in pence on `amount` pence paid with a card from `country`; the percentage rounded half up. */
export function cardFeeFor(amount: number, country: string, premium = false): number {
  const rate = cardFeeRateFor(country, premium);
  return Math.floor((amount * rate.basisPoints + 5000) / 10_000) + rate.fixedPence;
}
