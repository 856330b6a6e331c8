/**
 * What the sandbox card field does with each keystroke, as Stripe's card Element does (decision 0024):
 * formats the number in the brand's groups, the expiry as "MM / YY" and caps the CVC at the brand's
 * length, and says what is wrong with each part. Brand, Luhn digit, expiry and CVC length come from
 * Braintree's card-validator, not from our own rules.
 */
// The four checks this field needs, not the package's index, which adds postal-code and cardholder
// checks to the payment page's download (decision 0117's budget).
import { cardNumber as verifyCardNumber } from 'card-validator/dist/card-number';
import { cvv } from 'card-validator/dist/cvv';
import { expirationDate } from 'card-validator/dist/expiration-date';
import { expirationMonth } from 'card-validator/dist/expiration-month';

/** The longest number any brand has (ISO/IEC 7812). */
const MAX_CARD_DIGITS = 19;

export const CARD_MESSAGES = {
  numberEmpty: 'Enter your card number.',
  numberIncomplete: 'Your card number is incomplete.',
  numberInvalid: 'Your card number is invalid.',
  expiryEmpty: "Enter your card's expiry date.",
  expiryIncomplete: "Your card's expiry date is incomplete.",
  expiryMonth: "Your card's expiry month must be between 01 and 12.",
  expiryPast: "Your card's expiry date is in the past.",
  expiryYear: "Your card's expiry year is invalid.",
  cvcEmpty: "Enter your card's security code.",
  cvcIncomplete: "Your card's security code is incomplete.",
} as const;

/** A part's check: `message` says what is wrong; `definite` when typing on cannot mend it. */
export interface PartCheck {
  complete: boolean;
  message: string | null;
  definite: boolean;
}

const ok: PartCheck = { complete: true, message: null, definite: false };
const wrong = (message: string, definite: boolean): PartCheck => ({ complete: false, message, definite });

export const digitsOf = (value: string) => value.replace(/\D/g, '');

function brandOf(digits: string) {
  return verifyCardNumber(digits).card;
}

/** The card number in the brand's groups (4242 4242 4242 4242, 3782 822463 10005), capped at its length. */
export function formatCardNumber(value: string): string {
  const brand = brandOf(digitsOf(value));
  const digits = digitsOf(value).slice(0, brand ? Math.max(...brand.lengths) : MAX_CARD_DIGITS);
  const gaps = brand?.gaps ?? [4, 8, 12, 16];
  let formatted = '';
  for (const [index, digit] of [...digits].entries()) {
    if (index > 0 && gaps.includes(index)) formatted += ' ';
    formatted += digit;
  }
  return formatted;
}

/**
 * The expiry as "MM / YY" from what was typed or pasted: "1234" and "12/34" give "12 / 34", "4" gives
 * "04" (no month starts with 4), "12/2034" gives "12 / 34". The " / " appears with the year's first
 * digit, so Backspace is never stuck behind it.
 */
export function formatExpiry(value: string): string {
  const separated = /^\s*(\d{1,2})\s*[/\-.\s]\s*(\d*)/.exec(value);
  let digits: string;
  if (separated?.[1] && separated[2] !== undefined) {
    const year = separated[2].length > 2 ? separated[2].slice(2, 4) : separated[2];
    digits = separated[1].padStart(2, '0') + year;
  } else {
    digits = digitsOf(value);
    if (/^[2-9]/.test(digits)) digits = `0${digits}`;
  }
  digits = digits.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/** The CVC length of the card's brand (4 for American Express, else 3); 4 while the brand is unknown. */
export function cvcLength(cardNumber: string): number {
  return brandOf(digitsOf(cardNumber))?.code.size ?? 4;
}

export function formatCvc(value: string, cardNumber: string): string {
  return digitsOf(value).slice(0, cvcLength(cardNumber));
}

/** The card number: a known brand, a length that brand issues and a right Luhn check digit. */
export function checkCardNumber(value: string): PartCheck {
  const digits = digitsOf(value);
  if (!digits) return wrong(CARD_MESSAGES.numberEmpty, false);
  const verdict = verifyCardNumber(digits);
  if (verdict.isValid) return ok;
  if (!verdict.isPotentiallyValid) return wrong(CARD_MESSAGES.numberInvalid, true);
  // A length the brand issues that is still not valid has a wrong check digit (Luhn).
  if (verdict.card?.lengths.includes(digits.length)) return wrong(CARD_MESSAGES.numberInvalid, true);
  return wrong(CARD_MESSAGES.numberIncomplete, false);
}

/** The expiry "MM / YY": a month 01-12 and a date not in the past (nor beyond card-validator's 19 years). */
export function checkExpiry(value: string): PartCheck {
  const digits = digitsOf(value);
  if (!digits) return wrong(CARD_MESSAGES.expiryEmpty, false);
  const month = digits.slice(0, 2);
  if (!expirationMonth(month).isPotentiallyValid) return wrong(CARD_MESSAGES.expiryMonth, true);
  if (digits.length < 4) return wrong(CARD_MESSAGES.expiryIncomplete, false);
  const year = digits.slice(2, 4);
  if (expirationDate({ month, year }).isValid) return ok;
  const twoDigitYear = new Date().getFullYear() % 100;
  return wrong(Number(year) <= twoDigitYear ? CARD_MESSAGES.expiryPast : CARD_MESSAGES.expiryYear, true);
}

/** The CVC: as many digits as the brand's security code has (3, or 4 for American Express). */
export function checkCvc(value: string, cardNumber: string): PartCheck {
  if (!value) return wrong(CARD_MESSAGES.cvcEmpty, false);
  const brand = brandOf(digitsOf(cardNumber));
  const lengths = brand ? brand.code.size : [3, 4];
  return cvv(value, lengths).isValid ? ok : wrong(CARD_MESSAGES.cvcIncomplete, false);
}
