import { CARD_FEES, cardFeeRateText } from './card-fees.js';

/** Product-wide constants that the product fixes (docs/product.md#constants). */
export const PRODUCT_NAME = 'ClinicPay';

/** Contact hours shown on the contact page (docs/product.md#public-pages). */
export const CONTACT_HOURS = 'Monday-Friday 9am-5pm';

/** Card processing fees as users read them, from the one card fee table (card-fees.ts). */
export const CARD_FEE_TEXT = {
  ukStandard: cardFeeRateText(CARD_FEES.ukStandard),
  ukPremium: cardFeeRateText(CARD_FEES.ukPremium),
  eea: cardFeeRateText(CARD_FEES.eea),
  international: cardFeeRateText(CARD_FEES.international),
  /** All four, as one phrase: '1.5% + 20p for standard UK cards, …'. */
  all: `${cardFeeRateText(CARD_FEES.ukStandard)} for standard UK cards, ${cardFeeRateText(CARD_FEES.ukPremium)} for premium UK cards, ${cardFeeRateText(CARD_FEES.eea)} for EEA cards and ${cardFeeRateText(CARD_FEES.international)} for international cards`,
} as const;
