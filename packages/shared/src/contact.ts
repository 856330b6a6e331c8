/**
 * The contact form (docs/product.md#public-pages). The spec leaves the submit "not shown"; ClinicPay stores
 * the message and emails it to support (docs/decisions/0006-contact-form-submit.md). The field messages are
 * ours, as the spec gives none.
 */
import { z } from 'zod';
import { emailField } from './mini/email-field.js';
import { NAME_MAX_LENGTH, nameField } from './mini/fields.js';

export const CONTACT_MESSAGES = {
  name: 'Please enter your name',
  email: 'Please enter a valid email address',
  subject: 'Please enter a subject',
  message: 'Please enter your message',
  tooLong: (max: number) => `Please keep this under ${max} characters`,
  sent: 'Thank you for your message. We will get back to you within one working day.',
  failed: 'Your message could not be sent. Please try again.',
} as const;

const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, CONTACT_MESSAGES.tooLong(max));

export const contactRequestSchema = z.object({
  name: nameField({ missing: CONTACT_MESSAGES.name, tooLong: CONTACT_MESSAGES.tooLong(NAME_MAX_LENGTH) }),
  email: emailField({ missing: CONTACT_MESSAGES.email, invalid: CONTACT_MESSAGES.email }),
  subject: requiredText(CONTACT_MESSAGES.subject, 200),
  message: requiredText(CONTACT_MESSAGES.message, 5000),
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;

export const contactResponseSchema = z.object({ id: z.string(), message: z.string() });
export type ContactResponse = z.infer<typeof contactResponseSchema>;

/** GET /api/contact/details: where the contact page's email and phone cards point. */
export const contactDetailsResponseSchema = z.object({
  email: z.string(),
  phone: z.string(),
  hours: z.string(),
});
export type ContactDetailsResponse = z.infer<typeof contactDetailsResponseSchema>;
