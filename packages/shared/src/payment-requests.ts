/**
 * Payment requests sent to a patient (docs/product.md#send-payment-link; payment_requests,
 * docs/product.md#record-payment-request, and the notification payload,
 * docs/product.md#notification-payload; the send link rules, docs/product.md#validation). Amounts are
 * integer pence; phones are stored in E.164 where they can be read as a number, and the spec's pattern
 * is still accepted (decision 0018).
 */
import { z } from 'zod';
import { isoDateSchema } from './calendar-day.js';
import { clinicReferenceSchema } from './clinic-reference.js';
import { emailField } from './mini/email-field.js';
import { nameField, penceField } from './mini/fields.js';
import { sendLinkPhoneField } from './mini/phone-field.js';
import { parsePoundsToPence } from './money.js';
import type { PaymentType } from './payment-constants.js';
import { BELOW_MIN_CHARGE, LINK_MESSAGES, MAX_LINK_AMOUNT_PENCE, MIN_CHARGE_PENCE } from './payment-links.js';
import { canTakeTexts } from './phone.js';

/**
 * What a request without a payment link is called (docs/product.md#payment-history,
 * docs/product.md#payment-flow).
 */
export const CUSTOM_REQUEST_TITLE = 'Custom Payment Request';

/**
 * A notice's default message (docs/product.md#constants): 'Payment for {title}', or 'Payment request'
 * for a custom request, whose placeholder title the patient never sees
 * (docs/decisions/0096-truthful-payment-pages.md). A refund notice's: 'Refund for {title}', or 'Refund'.
 */
export function defaultNoticeMessage(title: string, kind: 'payment' | 'refund' = 'payment'): string {
  if (title === CUSTOM_REQUEST_TITLE) return kind === 'payment' ? 'Payment request' : 'Refund';
  return `${kind === 'payment' ? 'Payment' : 'Refund'} for ${title}`;
}

/**
 * What a payment request charges, in pence: its own amount, or its payment link's; null when neither
 * has one. The reference for the SQL function payment_request_amount (decision 0119).
 */
export function requestAmount(customAmount: number | null, linkAmount: number | null): number | null {
  return customAmount ?? linkAmount;
}

/**
 * The one pricing rule of a payment request: what it charges (integer pence) and what it is for. A request
 * sent with a payment link takes the link's amount, title and type; one sent with a custom amount takes that
 * amount, 'Custom Payment Request' and type 'other' (docs/product.md#states-payment-request). A request with
 * a title and type of its own (a balance request, docs/decisions/0094-deposits-and-balances.md) keeps them.
 * The amount is null only for a request whose link no longer has one (never payable). The history SQL in
 * payments/queries.ts applies the same rule with CUSTOM_REQUEST_TITLE and
 * payment_request_amount.
 */
export function requestTerms(
  request: { customAmount: number | null; title?: string | null; type?: PaymentType | null },
  link: { amount: number | null; title: string; type: PaymentType } | null,
): { amount: number | null; title: string; type: PaymentType } {
  return {
    amount: requestAmount(request.customAmount, link?.amount ?? null),
    title: request.title ?? link?.title ?? CUSTOM_REQUEST_TITLE,
    type: request.type ?? link?.type ?? 'other',
  };
}

export const REQUEST_MESSAGES = {
  notFound: 'Payment request not found',
  requiredFields: 'Please fill in all required fields',
  linkOrAmount: 'Please either select a payment link or enter a custom amount',
  invalidAmount: 'Please enter a valid amount',
  invalidEmail: 'Please enter a valid email address',
  invalidPhone: 'Please enter a valid phone number',
  sent: 'Payment link sent successfully',
  sendFailed: (message: string) => `Failed to send payment link: ${message}`,
  deliveryDelayed: 'Payment link was sent, but notification delivery might be delayed',
  // Not in the spec: ours, for the phone rule of decision 0018.
  phoneHint: 'UK numbers as usually written, like 07700 900123; other countries start with + and the code',
  cardOnFileHint:
    'The patient agrees to your policies in force, and their card is saved so you can charge them under them. A link that saves the card asks for it anyway.',
  cardOnFileConfirm: 'The patient saves their card under your policies',
  treatmentTotalHint:
    'With a custom amount that is a deposit: the whole price of the treatment. The balance is paid later.',
  // Not in the spec: where a request goes, whatever the notification settings (decision 0104).
  channelsHint:
    'The link is always emailed, and texted too when you give a mobile number, whatever your notification settings.',
  byEmail: 'Email',
  byText: 'Text',
  noText: (phone: string) => `No text: ${phone} is not a mobile number`,
  // Not in the spec: sending an unpaid request again.
  resend: 'Resend request',
  resent: 'Payment request sent again',
  alreadyPaid: 'This request has already been paid, so there is nothing to resend',
  resendFailed: 'Failed to resend the payment request',
  // Not in the spec: a request's lifetime and reminders (docs/decisions/0105-request-and-link-lifetimes.md,
  // docs/decisions/0106-request-reminders.md).
  expiresOnLabel: 'Pay by (optional)',
  expiresOnHint: (days: number) =>
    `The last day the patient can pay. Left blank: ${days} days from today, as set in Settings → Requests.`,
  expiryInPast: 'Choose today or a later date',
  remindersLabel: 'Remind the patient until it is paid',
  remindersHint: (days: readonly number[]) =>
    days.length
      ? `Reminders go ${days.join(' and ')} days after sending, by the same channels, and stop once paid.`
      : 'Reminders are turned off in Settings → Requests.',
  cancel: 'Cancel request',
  cancelConfirmTitle: 'Cancel this payment request?',
  cancelConfirm: 'The patient’s page will say it was cancelled, and it can no longer be paid.',
  keep: 'Keep request',
  cancelled: 'Payment request cancelled',
  cannotCancelPaid: 'This request has already been paid, so it cannot be cancelled',
  cancelFailed: 'Failed to cancel the payment request',
  remindNow: 'Send reminder',
  reminded: 'Reminder sent to the patient',
  remindFailed: 'Failed to send the reminder',
  paidNoReminder: 'This request has already been paid, so the patient needs no reminder',
  closed: 'This request was cancelled or has expired, so nothing can be sent',
} as const;

/** POST /api/payment-requests/:requestId/resend's answer: what it said and how many notices it queued. */
export const requestResentSchema = z.object({ message: z.string(), notices: z.number().int() });

/** Where a request stands (docs/decisions/0105-request-and-link-lifetimes.md). */
export const REQUEST_STATES = ['open', 'paid', 'cancelled', 'expired'] as const;
export type RequestState = (typeof REQUEST_STATES)[number];

/** One step of a request's life as its timeline shows it; `at` is ISO 8601. */
export const requestEventSchema = z.object({
  kind: z.enum(['sent', 'resent', 'viewed', 'reminded', 'paid', 'cancelled', 'expired']),
  at: z.string(),
});
export type RequestEvent = z.infer<typeof requestEventSchema>;

export const REQUEST_EVENT_LABELS: Record<RequestEvent['kind'], string> = {
  sent: 'Sent',
  resent: 'Sent again',
  viewed: 'Opened by the patient',
  reminded: 'Reminder sent',
  paid: 'Paid',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

/**
 * GET /api/payment-requests/:requestId: where the request stands, its last day to pay (YYYY-MM-DD,
 * London; null for one sent before requests expired), whether it is reminded, and its timeline, oldest
 * first.
 */
export const paymentRequestDetailSchema = z.object({
  id: z.string(),
  state: z.enum(REQUEST_STATES),
  expiresOn: z.string().nullable(),
  remindersOn: z.boolean(),
  timeline: z.array(requestEventSchema),
});
export type PaymentRequestDetail = z.infer<typeof paymentRequestDetailSchema>;

/** POST /api/payment-requests/:requestId/cancel's answer. */
export const requestCancelledSchema = z.object({ message: z.string() });

/**
 * Whether a request is texted as well as emailed: when the patient's stored phone can take a text (a
 * mobile, or a number whose type is not known; never a landline). A request the clinic sends always goes
 * by email, and its channels never depend on the clinic's notification settings
 * (docs/decisions/0104-requests-go-whatever-the-settings.md).
 */
export function requestIsTexted(patientPhone: string | null): boolean {
  return patientPhone !== null && canTakeTexts(patientPhone);
}

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => value || null);

// The send link pattern (docs/product.md#validation) as the floor, plus numbers as people write them;
// stored in E.164 (decision 0018).
const patientPhoneSchema = sendLinkPhoneField(REQUEST_MESSAGES.invalidPhone);

/** A custom amount or a treatment's whole price: whole pence from the £0.30 minimum to the link maximum. */
const requestPence = penceField(
  { invalid: REQUEST_MESSAGES.invalidAmount, belowMinimum: BELOW_MIN_CHARGE },
  { min: MIN_CHARGE_PENCE, max: MAX_LINK_AMOUNT_PENCE },
);

export const sendPaymentRequestSchema = z
  .object({
    patientName: nameField({ missing: REQUEST_MESSAGES.requiredFields }),
    // The one email rule (decision 0118): the payment form takes every address a request is sent to.
    patientEmail: emailField({
      missing: REQUEST_MESSAGES.requiredFields,
      invalid: REQUEST_MESSAGES.invalidEmail,
    }),
    patientPhone: patientPhoneSchema,
    paymentLinkId: optionalText(100),
    customAmount: z.nullish(requestPence).transform((value) => value ?? null),
    /**
     * Pence: with a custom amount that is a deposit, the treatment's whole price; the balance is paid
     * later (docs/decisions/0094-deposits-and-balances.md). Ignored with a link, which has its own.
     */
    treatmentTotal: z.nullish(requestPence).transform((value) => value ?? null),
    message: optionalText(1000),
    /**
     * Whether the patient must save their card under the clinic's policies in force to pay
     * (docs/decisions/0092-card-consent.md); a link that asks it asks it of its requests anyway.
     * Refused while the clinic has no policy in force.
     */
    requiresCardOnFile: z.boolean().default(false),
    /**
     * The last day (YYYY-MM-DD, Europe/London) the patient can pay; null or left out: the clinic's
     * expiry in days (docs/decisions/0105-request-and-link-lifetimes.md). A day before today is refused
     * by the server, which knows the date.
     */
    expiresOn: isoDateSchema.nullish().transform((value) => value ?? null),
    /** Whether the patient is reminded on the clinic's schedule while unpaid (0106); default yes. */
    remindersOn: z.boolean().default(true),
    /**
     * The clinic's reference, shown to the patient and kept on the payment; left out with a link: the
     * link's (docs/decisions/0108-clinic-reference.md).
     */
    clinicReference: clinicReferenceSchema,
  })
  .refine((request) => request.paymentLinkId !== null || request.customAmount !== null, {
    message: REQUEST_MESSAGES.linkOrAmount,
    path: ['customAmount'],
  })
  // The balance must be chargeable too: at least the smallest amount a card can be charged.
  .refine(
    (request) =>
      request.paymentLinkId !== null ||
      request.customAmount === null ||
      request.treatmentTotal === null ||
      request.treatmentTotal - request.customAmount >= MIN_CHARGE_PENCE,
    { message: LINK_MESSAGES.depositBelowTotal, path: ['customAmount'] },
  )
  // A chosen link fixes the amount: the custom amount is then ignored (disabled on
  // docs/product.md#send-payment-link).
  .transform((request) =>
    request.paymentLinkId ? { ...request, customAmount: null, treatmentTotal: null } : request,
  );
export type SendPaymentRequest = z.input<typeof sendPaymentRequestSchema>;
export type NewPaymentRequest = z.output<typeof sendPaymentRequestSchema>;

/** The Send Payment Link form: the custom amount is typed in pounds. */
export function customAmountFromText(text: string): number | null | 'invalid' {
  if (!text.trim()) return null;
  const pence = parsePoundsToPence(text);
  return pence === null || pence <= 0 ? 'invalid' : pence;
}

export const paymentRequestResponseSchema = z.object({
  id: z.string(),
  paymentUrl: z.string(),
  /**
   * Set when the request exists but a notification could not be queued (docs/product.md#messages-payments).
   */
  warning: z.string().optional(),
});

/** The Requests page's filters (docs/decisions/0105-request-and-link-lifetimes.md): open ones, and of them those opened or reminded; paid, expired and cancelled ones. */
export const REQUEST_FILTERS = ['open', 'viewed', 'reminded', 'paid', 'expired', 'cancelled'] as const;
export type RequestFilter = (typeof REQUEST_FILTERS)[number];

export const REQUEST_FILTER_LABELS: Record<RequestFilter, string> = {
  open: 'Waiting for payment',
  viewed: 'Opened, not paid',
  reminded: 'Reminded, not paid',
  paid: 'Paid',
  expired: 'Expired',
  cancelled: 'Cancelled',
};

export const REQUEST_STATE_LABELS: Record<RequestState, string> = {
  open: 'Waiting',
  paid: 'Paid',
  expired: 'Expired',
  cancelled: 'Cancelled',
};

/** The tone of each state's badge, the same wherever a request is listed. */
export const REQUEST_STATE_TONES: Record<RequestState, 'yellow' | 'green' | 'grey'> = {
  open: 'yellow',
  paid: 'green',
  expired: 'grey',
  cancelled: 'grey',
};

export const REQUESTS_PAGE_SIZE = 20;

export const REQUEST_LIST_MESSAGES = {
  title: 'Requests',
  description: 'Every payment request you have sent, and where each stands.',
  searchLabel: 'Search requests by patient name, email, phone or your reference',
  filterLabel: 'Show',
  allRequests: 'All requests',
  noRequests: 'No payment requests sent yet.',
  noMatches: 'No requests match.',
  pastTheEnd: 'No requests on this page.',
  invalidFilter: 'Unknown request filter',
} as const;

/** GET /api/payment-requests?status=&search=&page=: one page of the clinic's requests, newest first. */
export const listRequestsQuerySchema = z.object({
  status: z.enum(REQUEST_FILTERS, { error: REQUEST_LIST_MESSAGES.invalidFilter }).optional(),
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type ListRequestsQuery = z.output<typeof listRequestsQuerySchema>;

/** One request as the Requests page lists it; amounts in pence, times ISO 8601. */
export const requestSummarySchema = z.object({
  id: z.string(),
  patientName: z.string(),
  patientEmail: z.string(),
  amount: z.number().int().nullable(),
  title: z.string(),
  sentAt: z.string(),
  state: z.enum(REQUEST_STATES),
  /** The last day to pay (YYYY-MM-DD, London); null when it never expires. */
  expiresOn: z.string().nullable(),
  viewedAt: z.string().nullable(),
  lastRemindedAt: z.string().nullable(),
  /** The clinic's reference (docs/decisions/0108-clinic-reference.md); null when none. */
  clinicReference: z.string().nullable(),
});
export type RequestSummary = z.infer<typeof requestSummarySchema>;

export const requestListSchema = z.object({
  items: z.array(requestSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type RequestList = z.infer<typeof requestListSchema>;
