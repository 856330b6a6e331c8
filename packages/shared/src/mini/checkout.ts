/**
 * The public payment page and checkout (docs/product.md#payment-page, docs/product.md#public-payment-data,
 * docs/product.md#payment-flow; the payment form rules, docs/product.md#validation). The amount is always
 * the server's: the client never sends it.
 */
import { z } from 'zod/mini';
import { PAYMENT_TYPES } from '../payment-constants.js';
import { CONSENT_KINDS } from '../policy-labels.js';
import { emailField } from './email-field.js';
import { nameField, optionalPhoneField } from './fields.js';
import { providerStatusSchema } from './provider-account.js';

export const providerConfigResponseSchema = z.object({
  provider: z.enum(['stripe', 'sandbox']),
  publishableKey: z.nullable(z.string()),
});

export const CHECKOUT_MESSAGES = {
  unavailableTitle: 'Payment Unavailable',
  unavailable:
    'This clinic has not set up payment processing. Please contact the clinic directly to arrange payment.',
  // The spec does not say what an archived link or a paid request shows; these are ours (decision 0046).
  archived: 'This payment link is no longer active. Please contact the clinic for a new link.',
  alreadyPaid: 'This payment request has already been paid. Thank you.',
  // Pages that no longer take payment (docs/decisions/0105-request-and-link-lifetimes.md); ours.
  cancelledTitle: 'Payment Request Cancelled',
  cancelled:
    'The clinic has cancelled this payment request, so it can no longer be paid. Please contact the clinic if you have any questions.',
  expiredTitle: 'Payment Link Expired',
  expired:
    'This payment link has expired, so it can no longer be paid. Please contact the clinic for a new link.',
  usedUpTitle: 'Payment Link Closed',
  usedUp:
    'This payment link has taken all the payments it was set up for. Please contact the clinic for a new link.',
  // The clinic's payment terms (docs/decisions/0107-payment-terms.md).
  termsHeading: (clinic: string) => `${clinic}’s payment terms`,
  termsAccept: 'I have read and accept these payment terms',
  termsRequired: 'Please confirm you have read and accept the payment terms',
  // A clinic whose card payments are paused (by ClinicPay or the provider) is not blamed for its set-up.
  temporarilyUnavailable:
    'Card payments to this clinic are temporarily unavailable. Please contact the clinic directly to arrange payment.',
  nameMin: 'Name must be at least 3 characters',
  invalidEmail: 'Please enter a valid email address',
  invalidPhone: 'Please enter a valid phone number',
  // What the payment pages say while they work (docs/product.md#messages-payment-page).
  loading: 'Loading payment information...',
  paymentSystemLoading: 'Loading payment system...',
  paymentSystemFailed: 'Payment system could not be initialized. Please try again later.',
  stripeInitFailed: 'Failed to initialize payment system',
  cardIncomplete: 'Card information is not complete',
  unexpectedError: 'An unexpected error occurred',
  paymentSuccessful: 'Payment successful!',
  // The success page: the email sentence only when the clinic emails receipts (decision 0096).
  processed: 'Your payment has been processed successfully.',
  confirmationEmailSent: 'A confirmation email has been sent to your email address.',
  keepReference: 'Please keep the payment reference below as your record of this payment.',
  // The Secure Payment panel, each claim worded so that it holds
  // (docs/decisions/0096-truthful-payment-pages.md).
  reassuranceStripe:
    'Your card details go straight to Stripe, a PCI DSS Level 1 certified payment provider. The clinic never sees them.',
  reassuranceSandbox: 'This is a test page: use a test card. No real money moves.',
  reassuranceReceipt: 'A receipt is emailed to you once your payment goes through.',
  reassuranceTakenBy: (clinic: string) => `Payments to ${clinic} are taken by ClinicPay.`,
  messageFromClinic: 'Message from the clinic',
  // As CLINIC_REFERENCE_MESSAGES.patients; said here so the payment pages take no zod with it (0108).
  clinicReference: 'Clinic reference',
  generatingReference: 'Generating payment reference...',
  noReference: 'Could not retrieve payment reference. Please contact the clinic for assistance.',
  referenceMissing:
    'Your payment succeeded, but we could not retrieve its reference. Please contact the clinic.',
  infoUnavailableTitle: 'Payment Information Unavailable',
  infoUnavailable: "We couldn't retrieve your payment information. Please contact the clinic for assistance.",
  // The card on file (docs/decisions/0092-card-consent.md).
  cardOnFileHeading: 'Card saved for your appointment',
  cardOnFileIntro:
    'This clinic saves the card you pay with, so that it can charge the fees below if they apply. It will never charge more than the amount shown for each.',
  cardOnFileConsent:
    'I agree to the policies above and allow the clinic to charge my saved card up to the amounts shown.',
  consentRequired: 'Please agree to the clinic’s policies to continue',
  balanceLater: (balance: string, total: string) =>
    `This is a deposit. The balance of ${balance} (of ${total} in all) is paid later.`,
  // A "secure your appointment" link: the card is saved and nothing is paid now
  // (docs/decisions/0095-secure-your-appointment.md).
  securesHeading: 'Secure your appointment',
  securesNothingNow: 'Nothing is paid now.',
  securesTreatmentPrice: (price: string) => `Treatment price: ${price}, paid at or after your appointment.`,
  securesIntro:
    'This clinic saves your card to secure your appointment, so that it can charge the fees below if they apply. Nothing is charged now, and it will never charge more than the amount shown for each.',
  saveCard: 'Save card',
  savingCard: 'Saving card...',
  cardSavedToast: 'Card saved. Your appointment is secured.',
  cardNotSaved: (reason: string) => `Your card was not saved: ${reason}`,
  cardSavedTitle: 'Appointment secured',
  cardSavedBody: (clinic: string) =>
    `Your card is saved and nothing has been charged. ${clinic} may charge it only under the policies you agreed to.`,
  cardSavedPending: 'Confirming your card...',
  cardSavedPendingTitle: 'Confirming your card',
  // A refused attempt keeps the patient on the form, the reason in an alert there
  // (docs/decisions/0100-declines-keep-the-form.md). The provider's own reason for a decline
  // ('Your card was declined.') comes first; this follows it.
  declinedAdvice: 'Nothing was taken. Check your card details and try again, or use another card.',
  // 3-D Secure failed or was cancelled (Stripe's payment_intent_authentication_failure).
  authenticationFailed:
    "We couldn't confirm it was you. Your bank's check was not completed, so nothing was taken. Try again, or use another card.",
  cardSavedLater:
    'Your card is still being confirmed. If you are unsure whether it was saved, please contact the clinic.',
  laterFeesStatement: (text: string) =>
    `Any fee charged later will appear on your card statement as ${text}.`,
  noPolicyToSecure:
    'This clinic is not saving cards for appointments at the moment. Please contact the clinic directly.',
} as const;

/**
 * One thing the patient agrees to when their card is saved: a policy ('cancellation', 'no_show') or
 * the balance of the treatment ('balance'), with its version, words, and the most it lets the clinic
 * charge for this treatment, in pence.
 */
export const cardOnFileTermSchema = z.object({
  kind: z.enum(CONSENT_KINDS),
  version: z.int(),
  text: z.string(),
  /** Pence. */
  maximumAmount: z.int(),
  /** Hours of notice, for a cancellation policy; else null. */
  noticeHours: z.nullable(z.int()),
});
export type CardOnFileTerm = z.infer<typeof cardOnFileTermSchema>;

/** Why a page cannot take a payment right now; null when it can. */
export const payabilitySchema = z.enum([
  'payable',
  'archived',
  'paid',
  'not_connected',
  'unavailable',
  // No longer payable (docs/decisions/0105-request-and-link-lifetimes.md).
  'cancelled',
  'expired',
  'used_up',
]);

export const publicPaymentDataSchema = z.object({
  id: z.string(),
  /** Pence. */
  amount: z.int(),
  title: z.string(),
  type: z.enum(PAYMENT_TYPES),
  isRequest: z.boolean(),
  patientName: z.nullable(z.string()),
  patientEmail: z.nullable(z.string()),
  patientPhone: z.nullable(z.string()),
  payability: payabilitySchema,
  clinic: z.object({
    id: z.string(),
    name: z.string(),
    logo: z.nullable(z.string()),
    email: z.nullable(z.string()),
    phone: z.nullable(z.string()),
    address: z.nullable(z.string()),
    stripeStatus: providerStatusSchema,
    /** What the patient's card statement will show, e.g. 'CLINICPAY* SMITH DENT'. */
    cardStatementText: z.string(),
    /**
     * Whether the patient's receipt is emailed (the clinic's email notifications are on), so the pages
     * promise an email only when one will be sent (docs/decisions/0096-truthful-payment-pages.md).
     */
    emailsReceipts: z.boolean(),
  }),
  /** The link's description, as the clinic wrote it; null when none. */
  description: z.nullable(z.string()),
  /** The clinic's message with a payment request; null when none (or for a link). */
  message: z.nullable(z.string()),
  /** The clinic's reference for this link or request (docs/decisions/0108-clinic-reference.md); null when none. */
  clinicReference: z.nullable(z.string()),
  /**
   * The policies the patient must agree to, their card being saved, when the link asks for a card on
   * file and the clinic has policies in force; null when no card is saved.
   */
  cardOnFile: z.nullable(z.array(cardOnFileTermSchema)),
  /**
   * Pence: for a deposit, the treatment's whole price and the balance left to pay later
   * (docs/decisions/0094-deposits-and-balances.md); null when the page takes the whole price.
   */
  deposit: z.nullable(z.object({ treatmentTotal: z.int(), balanceDue: z.int() })),
  /**
   * A "secure your appointment" link (docs/decisions/0095-secure-your-appointment.md): the patient
   * saves their card and pays nothing now; `amount` is the treatment's price.
   */
  securesAppointment: z.boolean(),
  /**
   * What the clinic wrote for patients on a page that is cancelled, expired or used up, shown with its
   * contact details (docs/decisions/0105-request-and-link-lifetimes.md); null on any other page, or when
   * the clinic wrote nothing.
   */
  closedNote: z.nullable(z.string()),
  /**
   * The clinic's payment terms in force, which the patient must accept to pay
   * (docs/decisions/0107-payment-terms.md); null when it has none, or the page takes no payment.
   */
  terms: z.nullable(z.object({ id: z.string(), version: z.int(), text: z.string() })),
});
export type PublicPaymentData = z.infer<typeof publicPaymentDataSchema>;

/**
 * The payer's details as the payment form (or a wallet sheet) takes them (the payment form rules,
 * docs/product.md#validation): name and email trimmed and checked, the optional phone trimmed, blank as
 * null. The spec checks no
 * payment-form phone, so nothing but an absurd length is refused; the server alone puts a phone that
 * reads as a number in E.164 (the checkout module's body schema, decision 0018), which keeps
 * libphonenumber-js out of the payment page (decision 0112).
 */
export const payerDetailsSchema = z.object({
  name: nameField({ missing: CHECKOUT_MESSAGES.nameMin }, 3),
  email: emailField({ missing: CHECKOUT_MESSAGES.invalidEmail, invalid: CHECKOUT_MESSAGES.invalidEmail }),
  phone: optionalPhoneField(CHECKOUT_MESSAGES.invalidPhone),
});
export type PayerDetailsForm = z.input<typeof payerDetailsSchema>;
/** As validated: trimmed, with an empty phone as null; the phone is otherwise as typed. */
export type PayerDetails = z.output<typeof payerDetailsSchema>;

/**
 * The payer's details as the payment page keeps them in the tab while a payment is tried (decision
 * 0024): what payerDetailsSchema gives, read back without checking it again.
 */
export const rememberedPayerSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.nullable(z.string()),
});
export type RememberedPayer = z.output<typeof rememberedPayerSchema>;

/** POST /api/public/payments/:id/payment-intents: the payer's details and the attempt; never an amount. */
export const checkoutRequestSchema = z.extend(payerDetailsSchema, {
  /** Made once per payment form; repeats (a double-clicked Pay Now) get the same payment intent. */
  attemptId: z.uuid(),
  /**
   * The consent box under the clinic's policies; must be true when the page asks for a card on file
   * (the server refuses otherwise), and is ignored when it does not.
   */
  cardOnFileConsent: z.optional(z.boolean()),
  /**
   * The box under the clinic's payment terms, and the version the page showed; must be true and the
   * version in force when the clinic has terms (docs/decisions/0107-payment-terms.md).
   */
  termsAccepted: z.optional(z.boolean()),
  termsVersion: z.optional(z.int()),
});
export type CheckoutRequest = z.input<typeof checkoutRequestSchema>;

export const checkoutResponseSchema = z.object({
  paymentIntentId: z.string(),
  clientSecret: z.string(),
  amount: z.int(),
});

/**
 * POST /api/public/payments/:id/setup-intents, on a link that secures an appointment: the SetupIntent
 * the browser confirms with the card (docs.stripe.com/payments/save-and-reuse). Same body as a payment
 * intent's; the consent box must be ticked.
 */
export const checkoutSetupResponseSchema = z.object({
  setupIntentId: z.string(),
  clientSecret: z.string(),
});

/**
 * GET /api/public/setup-intents/:id/card, polled by the success page: the card once it is saved
 * ('Visa ending 4242') with the consents as recorded, else null (and none) while the provider's event
 * is on its way.
 */
export const savedCardResultSchema = z.object({
  card: z.nullable(z.string()),
  consents: z.array(cardOnFileTermSchema),
});
export type SavedCardResult = z.infer<typeof savedCardResultSchema>;

export const paymentReferenceResponseSchema = z.object({
  reference: z.nullable(z.string()),
});

/**
 * GET /api/public/card-charges/:id?token=: a charge of a saved card the patient's bank asked them to
 * confirm (docs/decisions/0093-charging-saved-cards.md), for the page the patient's email and text link
 * to. The payment intent's client secret and the saved card are given only while it can be confirmed.
 * Amount in pence.
 */
export const chargeConfirmationSchema = z.object({
  clinicName: z.string(),
  title: z.string(),
  amount: z.int(),
  cardBrand: z.string(),
  cardLast4: z.string(),
  status: z.enum(['processing', 'succeeded', 'requires_authentication', 'failed']),
  paymentIntentId: z.nullable(z.string()),
  clientSecret: z.nullable(z.string()),
  paymentMethodId: z.nullable(z.string()),
});
export type ChargeConfirmation = z.infer<typeof chargeConfirmationSchema>;

export const CHARGE_CONFIRMATION_MESSAGES = {
  notValid: 'This link is not valid. Please contact the clinic.',
  heading: 'Confirm your payment',
  confirmed: 'Thank you. Your payment is confirmed.',
  /** Confirmed by the patient's bank, but not finished by the card provider yet. */
  processing: 'Thank you. Your payment is being processed.',
  failed: 'The payment could not be confirmed. Please contact the clinic.',
  authenticationFailed: 'Your bank did not confirm the payment. You can try again.',
} as const;

/** Where a patient reads one version of a clinic's terms: a route of the payment pages. */
export function termsPath(termsId: string): string {
  return `/payment/terms/${termsId}`;
}
