/**
 * The Send Payment Link form's phone field (decision 0018, decision 0120), apart from phone.ts so the
 * zod/mini schemas stay in this folder; the payment pages never import it, so the phone-number library
 * stays out of their bundle.
 */
import { z } from 'zod/mini';
import { normaliseSendLinkPhone } from '../phone.js';
import { optionalPhoneField } from './fields.js';

/**
 * The Send Payment Link form's phone field: the optional phone as typed (fields.ts), then
 * `normaliseSendLinkPhone`. Blank is null; a number it cannot read is refused with `invalid`; anything
 * else becomes the number to store and text.
 */
export function sendLinkPhoneField(invalid: string) {
  return z.pipe(
    optionalPhoneField(invalid),
    z.transform((phone: string | null, context) => {
      if (phone === null) return null;
      const number = normaliseSendLinkPhone(phone);
      if (number === null) context.issues.push({ code: 'custom', message: invalid, input: phone });
      return number;
    }),
  );
}
