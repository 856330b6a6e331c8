/**
 * The public payment page and checkout (spec §2 "Public payment page", §3 "Public payment data",
 * §4 "Payment flow", §5 payment form rules). The amount is always the server's: the client never sends it.
 */
import { z } from 'zod';
import { providerStatusSchema } from './clinic-profile.js';
import { PAYMENT_TYPES } from './payment-links.js';
import { toE164 } from './phone.js';

export const CHECKOUT_MESSAGES = {
  notFound: 'Payment link not found',
  notConnected: 'This clinic does not have payment processing set up',
  unavailableTitle: 'Payment Unavailable',
  unavailable:
    'This clinic has not set up payment processing. Please contact the clinic directly to arrange payment.',
  // The spec does not say what an archived link or a paid request shows; these are ours (decision 0012).
  archived: 'This payment link is no longer active. Please contact the clinic for a new link.',
  alreadyPaid: 'This payment request has already been paid. Thank you.',
  nameMin: 'Name must be at least 3 characters',
  invalidEmail: 'Please enter a valid email address',
  invalidPhone: 'Please enter a valid phone number',
} as const;

/** Why a page cannot take a payment right now; null when it can. */
export const payabilitySchema = z.enum(['payable', 'archived', 'paid', 'not_connected']);

export const publicPaymentDataSchema = z.object({
  id: z.string(),
  /** Pence. */
  amount: z.number().int(),
  title: z.string(),
  type: z.enum(PAYMENT_TYPES),
  isRequest: z.boolean(),
  patientName: z.string().nullable(),
  patientEmail: z.string().nullable(),
  patientPhone: z.string().nullable(),
  payability: payabilitySchema,
  clinic: z.object({
    id: z.string(),
    name: z.string(),
    logo: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
    stripeStatus: providerStatusSchema,
  }),
});
export type PublicPaymentData = z.infer<typeof publicPaymentDataSchema>;

export const checkoutRequestSchema = z.object({
  name: z.string({ error: CHECKOUT_MESSAGES.nameMin }).trim().min(3, CHECKOUT_MESSAGES.nameMin).max(200),
  email: z
    .string({ error: CHECKOUT_MESSAGES.invalidEmail })
    .trim()
    .max(254, CHECKOUT_MESSAGES.invalidEmail)
    .pipe(z.email(CHECKOUT_MESSAGES.invalidEmail)),
  // The spec does not check this phone, so nothing is refused: E.164 when it reads as a number, else as
  // typed (issue #11, decision 0018).
  phone: z
    .string()
    .trim()
    .max(30, CHECKOUT_MESSAGES.invalidPhone)
    .nullish()
    .transform((value) => (value ? (toE164(value) ?? value) : null)),
  /** Made once per payment form; repeats (a double-clicked Pay Now) get the same payment intent. */
  attemptId: z.uuid(),
});
export type CheckoutRequest = z.input<typeof checkoutRequestSchema>;

/** The payer's details as the payment form (or a wallet sheet) takes them (spec §5 payment form rules). */
export const payerDetailsSchema = checkoutRequestSchema.omit({ attemptId: true });
export type PayerDetailsForm = z.input<typeof payerDetailsSchema>;
/** As validated: trimmed, with an empty phone as null and a readable one in E.164. */
export type PayerDetails = z.output<typeof payerDetailsSchema>;

export const checkoutResponseSchema = z.object({
  paymentIntentId: z.string(),
  clientSecret: z.string(),
  amount: z.number().int(),
});

export const paymentReferenceResponseSchema = z.object({
  reference: z.string().nullable(),
});
