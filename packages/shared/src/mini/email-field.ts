/**
 * The one email field of ClinicPay (docs/decisions/0118-one-email-rule.md): every form and API that takes
 * an email address (sign-up and sign-in, the clinic's profile, a payment request, the payment form, the
 * contact form, an admin's invitation) reads it with this rule, so an address one screen takes is never
 * refused by another: a clinic cannot send a request to an address the patient's payment form then
 * refuses. Trimmed; at most 254 characters (RFC 5321's longest path); an address as zod's email check
 * reads it (a local part, '@', a domain with a dot and a top-level domain of two letters or more).
 * Written in zod/mini, which the payment pages parse with (decision 0116); zod's classic schemas take it
 * as a field or after `.pipe`.
 */
import { z } from 'zod/mini';

/** RFC 5321: a forward path (an address in angle brackets) is at most 256 octets, so 254 characters. */
export const EMAIL_MAX_LENGTH = 254;

/** The email field: `missing` when absent or blank, `invalid` when too long or not an address. */
export function emailField(messages: { missing: string; invalid: string }) {
  return z.pipe(
    z
      .string({ error: messages.missing })
      .check(z.trim(), z.minLength(1, messages.missing), z.maxLength(EMAIL_MAX_LENGTH, messages.invalid)),
    z.email(messages.invalid),
  );
}

/**
 * An account's email (sign-up, sign-in, an invitation): the email field, lower-cased, as an account is
 * one whatever the case it is typed in.
 */
export function accountEmailField(messages: { missing: string; invalid: string }) {
  return z.pipe(
    emailField(messages),
    z.transform((email: string) => email.toLowerCase()),
  );
}
