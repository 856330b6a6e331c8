import { CARD_FEES, cardFeeRateText } from './card-fees.js';

/** Product-wide constants that the spec fixes (spec §9). */
export const PRODUCT_NAME = 'ClinicPay';

/** Contact hours shown on the contact page (spec §2 "Public routes"). */
export const CONTACT_HOURS = 'Monday-Friday 9am-5pm';

/** Card processing fees as users read them, from the one card fee table (card-fees.ts). */
export const CARD_FEE_TEXT = {
  european: cardFeeRateText(CARD_FEES.european),
  nonEuropean: cardFeeRateText(CARD_FEES.nonEuropean),
} as const;
