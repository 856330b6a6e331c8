/** Product-wide constants that the spec fixes (spec §9). */
export const PRODUCT_NAME = 'ClinicPay';

/** Contact hours shown on the contact page (spec §2 "Public routes"). */
export const CONTACT_HOURS = 'Monday-Friday 9am-5pm';

/** Card processing fees as the spec states them in text (spec §9). */
export const CARD_FEE_TEXT = {
  european: '1.4% + 20p',
  nonEuropean: '2.9% + 20p',
} as const;
