/**
 * Patient phone numbers as people write them (decision 0018). Numbers are read by
 * libphonenumber-js with the UK as the default country and kept in E.164 ('+447700900123'), the form an
 * SMS provider takes. The Send Link pattern (docs/product.md#validation) stays the floor: whatever it
 * accepts is accepted.
 *
 * The `min` metadata is used: this module runs in the browser as well as the server, and `min` is half
 * the size of `max` (about 19 kB against 40 kB gzipped). What `max` adds is a stricter digit check, which
 * would only refuse real numbers in ranges newer than its metadata; UK numbers get our own ten-digit rule
 * below either way, and whether a number takes texts is the SMS provider's call.
 */
import parsePhoneNumber, { type PhoneNumber } from 'libphonenumber-js/min';

/**
 * The Send Link pattern (docs/product.md#validation): optional +, a 3-digit group, a 3-digit group, then
 * 4 to 6 digits, optional separators.
 */
export const PHONE_PATTERN = /^\+?\d{3}[\s.-]?\d{3}[\s.-]?\d{4,6}$/;

const UK_CALLING_CODE = '44';
/** Every UK mobile and nearly every geographic and non-geographic number: 0 and ten digits. */
const UK_NATIONAL_DIGITS = 10;

function read(text: string): PhoneNumber | undefined {
  // Any run of whitespace (a pasted tab or no-break space) is a plain space to libphonenumber-js.
  // extract: false, so 'call 020 7946 0000' is not a phone number: the whole input must be one.
  return parsePhoneNumber(text.replace(/\s+/g, ' ').trim(), { defaultCountry: 'GB', extract: false });
}

/**
 * Reads a phone number as people write it and returns it in E.164, or null. Accepted:
 * - any number libphonenumber-js (min metadata) finds valid, without an extension, read as dialled from
 *   the UK: '07700 900123', '(020) 7946-0000', '+44 (0)20 7946 0000', '0044 20 7946 0000', and other
 *   countries with + or 00 and their code ('+1 202 555 0143'). Digits with neither a 0 nor a + in front
 *   are read as a UK number without its 0 when that is valid ('123-456-7890' → '+441234567890');
 * - a UK number (+44, 0044 or 0 in front) of ten digits after the 0 that libphonenumber finds possible
 *   but not allocated: Ofcom's drama ranges such as 07700 900xxx, and ranges newer than the metadata.
 *   A typing slip is nearly always a missing or extra digit, which this still refuses ('07700 90012').
 * Everything else is null: letters, extensions (E.164 cannot hold one), too few or too many digits.
 */
export function toE164(text: string): string | null {
  const number = read(text);
  if (!number || number.ext) return null;
  if (number.isValid()) return number.number;
  const unlistedUk =
    number.countryCallingCode === UK_CALLING_CODE &&
    number.isPossible() &&
    number.nationalNumber.length === UK_NATIONAL_DIGITS;
  return unlistedUk ? number.number : null;
}

/**
 * The Send Link form's phone rule (docs/product.md#validation plus decision 0018): the number to store and
 * text, or null when the form must say 'Please enter a valid phone number'. First `toE164`; failing that,
 * input the spec's pattern accepts is still accepted, in the best form we can give it:
 * - it began with +: '+' and its digits ('+123 456 7890' → '+1234567890');
 * - it is a UK number written with its 0 (not 00) that libphonenumber finds possible: that number in
 *   E.164 ('077 009 0012' → '+44770090012');
 * - otherwise its digits alone ('555.123.456789' → '555123456789').
 * Every answer is accepted again unchanged, so the server can re-check what the browser sent.
 */
export function normaliseSendLinkPhone(text: string): string | null {
  const e164 = toE164(text);
  if (e164) return e164;
  const trimmed = text.trim();
  if (!PHONE_PATTERN.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) return `+${digits}`;
  // Only the UK trunk 0: read after a 00, '0043 800 000' would become '+43800000', too short to re-read.
  const uk = /^0[1-9]/.test(digits) ? read(digits) : undefined;
  return uk?.countryCallingCode === UK_CALLING_CODE && uk.isPossible() ? uk.number : digits;
}

/** A stored phone for people to read: '+447700900123' → '+44 7700 900123'; other forms as they are. */
export function formatPhone(stored: string): string {
  return toE164(stored) ? (read(stored)?.formatInternational() ?? stored) : stored;
}

/**
 * A stored phone as a UK clinic dials it: UK numbers in national form ('07700 900123'), others with
 * the international prefix ('00 33 6 12 34 56 78'); other forms as they are. What the CSV report
 * writes: never starting with '+', a spreadsheet cannot take it for a formula
 * (docs/decisions/0097-one-set-of-figures.md).
 */
export function phoneAsDialledFromUk(stored: string): string {
  return toE164(stored) ? (read(stored)?.format('IDD', { fromCountry: 'GB' }) ?? stored) : stored;
}

/** Number types that cannot take a text message (libphonenumber's types). */
const NO_TEXTS = new Set(['FIXED_LINE', 'TOLL_FREE', 'PREMIUM_RATE', 'SHARED_COST', 'UAN', 'VOICEMAIL']);

/**
 * Whether a stored phone can take a text: false for a number known to be a landline or a service
 * number ('+442079460000'); true for mobiles and for numbers whose type is not known. A clinic's
 * profile phone is often its front desk, so its payment notices are texted only to a mobile.
 */
export function canTakeTexts(stored: string): boolean {
  const type = toE164(stored) ? read(stored)?.getType() : undefined;
  return !(type && NO_TEXTS.has(type));
}
