/**
 * The clinic's own reference on a link or request (docs/decisions/0108-clinic-reference.md): an invoice
 * or patient number that the patient sees on the payment page and the receipt, that the payment keeps,
 * and that the clinic finds it by (history and Requests search, the CSV, the provider's metadata).
 * Optional: one line, up to CLINIC_REFERENCE_MAX_LENGTH characters.
 */
import { z } from 'zod';
import { hasControlCharacters } from './payment-terms.js';

/** The longest reference: room for any invoice or patient number, well inside Stripe's 500-character metadata value. */
export const CLINIC_REFERENCE_MAX_LENGTH = 100;

export const CLINIC_REFERENCE_MESSAGES = {
  label: 'Your reference (optional)',
  hint: 'An invoice or patient number. The patient sees it, and you can search for it.',
  invalid: `Enter a reference of up to ${CLINIC_REFERENCE_MAX_LENGTH} characters on one line`,
  /** What the clinic's screens call it. */
  yours: 'Your reference',
  /** What the patient's page and emails call it, beside the payment's own reference (CHECKOUT_MESSAGES says it too). */
  patients: 'Clinic reference',
} as const;

/** A reference typed or sent: trimmed; '' or absent is none (null). */
export const clinicReferenceSchema = z
  .string({ error: CLINIC_REFERENCE_MESSAGES.invalid })
  .trim()
  .max(CLINIC_REFERENCE_MAX_LENGTH, CLINIC_REFERENCE_MESSAGES.invalid)
  .refine((text) => !hasControlCharacters(text) && !/[\r\n]/.test(text), CLINIC_REFERENCE_MESSAGES.invalid)
  .nullish()
  .transform((value) => value || null);
