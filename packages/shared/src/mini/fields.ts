/**
 * The field rules every form and API shares, beside the email field of email-field.ts
 * (docs/decisions/0120-one-rule-per-field.md): an amount in pence, a person's or clinic's name, and a
 * phone number as typed. Each form keeps its own messages; the rule (trimming, blank, bounds, whole
 * pence) is written once, so a value one screen takes is read the same by the server and by every
 * other screen. Written in zod/mini, which the payment pages parse with (decision 0116); zod's classic
 * schemas take each as a field, inside `z.nullish(…)` or after `.pipe`.
 */
import { z } from 'zod/mini';

/** The longest name a form takes: a person's, a patient's or a clinic's. */
export const NAME_MAX_LENGTH = 200;
/** The longest phone number a form takes as typed, spaces and punctuation included. */
export const PHONE_MAX_LENGTH = 30;

/**
 * An amount in whole pence, from `limits.min` (default 1) to `limits.max` (no upper bound when left
 * out). `missing` when absent (null or undefined; default `invalid`), `belowMinimum` for a positive
 * amount under `min` (default `invalid`), `invalid` for anything else refused: not a number, not whole,
 * zero or less, or over `max`.
 */
export function penceField(
  messages: { invalid: string; missing?: string; belowMinimum?: string },
  limits: { min?: number; max?: number } = {},
) {
  const { invalid } = messages;
  const checks: z.core.$ZodCheck<number>[] = [
    z.positive(invalid),
    z.gte(limits.min ?? 1, messages.belowMinimum ?? invalid),
  ];
  if (limits.max !== undefined) checks.push(z.lte(limits.max, invalid));
  return z
    .int({ error: (issue) => (issue.input == null ? (messages.missing ?? invalid) : invalid) })
    .check(...checks);
}

/**
 * A name (a patient's, a payer's, a clinic's): trimmed; `missing` when absent or shorter than
 * `minLength` characters once trimmed (default 1, so blank), `tooLong` (default `missing`) over
 * NAME_MAX_LENGTH.
 */
export function nameField(messages: { missing: string; tooLong?: string }, minLength = 1) {
  return z
    .string({ error: messages.missing })
    .check(
      z.trim(),
      z.minLength(minLength, messages.missing),
      z.maxLength(NAME_MAX_LENGTH, messages.tooLong ?? messages.missing),
    );
}

/**
 * An optional phone number as typed: trimmed, blank (or absent) as null, `invalid` over
 * PHONE_MAX_LENGTH characters. Its content is not checked here: the payment form never refuses a
 * payer's phone (docs/decisions/0112-payer-phone-is-the-servers.md), and the Send Payment Link form adds
 * its own reading (`sendLinkPhoneField` in phone.ts, decision 0018), which needs the phone-number
 * library the payment pages leave out.
 */
export function optionalPhoneField(invalid: string) {
  return z.pipe(
    z.nullish(z.string({ error: invalid }).check(z.trim(), z.maxLength(PHONE_MAX_LENGTH, invalid))),
    z.transform((value) => value || null),
  );
}
