/**
 * The clinic's back office contracts (docs/product.md#clinic-dashboard, docs/product.md#payment-history,
 * docs/product.md#display-payment, docs/product.md#stats; the stats' definitions, the CSV export, search and
 * filters, docs/product.md#constants). Every amount is integer pence; every date filter is an ISO calendar
 * date (YYYY-MM-DD) in Europe/London.
 */

import { z } from 'zod';
import { balanceOfSchema, paymentBalanceSchema } from './balances.js';
import { INVALID_DATE, isoDateSchema } from './calendar-day.js';
import { notificationDeliverySchema } from './notifications.js';
import { PAYMENT_TYPES } from './payment-constants.js';
import { acceptedTermsSchema } from './payment-terms.js';
import { displayPaymentSchema, paymentPageSchema } from './payments.js';
import { REFUND_REASONS } from './refunds.js';
import { cardBrandLabel } from './saved-cards.js';

/** Days and months of the back office are counted in the clinic's time zone. */
export const CLINIC_TIME_ZONE = 'Europe/London';

/**
 * The status filter's values (docs/product.md#constants, with a request's expired and cancelled,
 * decision 0105), besides 'all'.
 */
export const HISTORY_STATUSES = [
  'paid',
  'sent',
  'refunded',
  'partially_refunded',
  'failed',
  'expired',
  'cancelled',
] as const;
export type HistoryStatus = (typeof HISTORY_STATUSES)[number];

export const MAX_SEARCH_LENGTH = 200;

export const HISTORY_MESSAGES = {
  searchTooLong: `Search must be at most ${MAX_SEARCH_LENGTH} characters`,
  invalidDate: INVALID_DATE,
  invalidRange: 'The start date must not be after the end date',
  invalidType: 'Unknown payment type',
  invalidStatus: 'Unknown payment status',
  invalidCursor: 'Invalid page cursor',
  noData: 'No data to export',
  reportFailed: 'Failed to generate report',
  reportDownloaded: 'Report downloaded successfully',
  filtering: (from: string, to: string) => `Filtering data from ${from} to ${to}`,
  dateFilterCleared: 'Date filter cleared',
  statsFailed: 'Failed to load dashboard statistics',
} as const;

export { isoDateSchema };

const filterFields = z.object({
  search: z
    .string()
    .trim()
    .max(MAX_SEARCH_LENGTH, HISTORY_MESSAGES.searchTooLong)
    .optional()
    .transform((value) => value || undefined),
  /** First day included, Europe/London. */
  from: isoDateSchema.optional(),
  /** Last day included (the whole day), Europe/London. */
  to: isoDateSchema.optional(),
  type: z.enum(['all', ...PAYMENT_TYPES], { error: HISTORY_MESSAGES.invalidType }).default('all'),
  status: z.enum(['all', ...HISTORY_STATUSES], { error: HISTORY_MESSAGES.invalidStatus }).default('all'),
});

const rangeInOrder = (filters: { from?: string; to?: string }) =>
  !filters.from || !filters.to || filters.from <= filters.to;

/** GET /api/payments/export: the filters shared by the history list and the CSV report. */
export const paymentFiltersSchema = filterFields.refine(rangeInOrder, {
  message: HISTORY_MESSAGES.invalidRange,
  path: ['from'],
});
export type PaymentFilters = z.infer<typeof paymentFiltersSchema>;

/**
 * A page's place in the history, as the server gave it in `nextCursor` or `previousCursor`: the page
 * right after or right before one entry. Opaque to clients, which pass it back as it came.
 */
export const historyCursorSchema = z
  .string()
  .regex(
    /^[ab][pr][0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
    HISTORY_MESSAGES.invalidCursor,
  );

/**
 * GET /api/payments: the filters plus a page. With a cursor the page is read from the cursor's place
 * (as cheap however deep: docs/benchmarks.md) and `page` only labels it; without one, `page` is counted from
 * the newest entry.
 */
export const paymentHistoryQuerySchema = filterFields
  .extend({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(10),
    cursor: historyCursorSchema.optional(),
  })
  .refine(rangeInOrder, { message: HISTORY_MESSAGES.invalidRange, path: ['from'] });
export type PaymentHistoryQuery = z.infer<typeof paymentHistoryQuerySchema>;

/**
 * GET /api/payments's answer: a page and the cursors of the pages beside it (null when the page is
 * empty; optional, so an answer without them, from an older server, still reads).
 */
export const paymentHistoryPageSchema = paymentPageSchema.extend({
  nextCursor: z.string().nullable().optional(),
  previousCursor: z.string().nullable().optional(),
});
export type PaymentHistoryPage = z.infer<typeof paymentHistoryPageSchema>;

/** GET /api/payments/stats (docs/product.md#stats, defined in docs/product.md#constants), all in pence. */
export const clinicStatsSchema = z.object({
  /** Paid and partially refunded payments made today, net of refunds. */
  totalReceivedToday: z.number().int(),
  /** Sent (unpaid) requests created today: custom amount or link amount. */
  totalPendingToday: z.number().int(),
  /** Net paid this calendar month. */
  totalReceivedMonth: z.number().int(),
  /** Full refunds (the whole amount) and partial refunds (the refunded amount) this month. */
  totalRefundedMonth: z.number().int(),
});
export type ClinicStats = z.infer<typeof clinicStatsSchema>;

export const refundSummarySchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  createdAt: z.string(),
  /** Why the clinic refunded (Stripe's refund reasons), when it said. */
  reason: z.enum(REFUND_REASONS).nullable(),
});
export type RefundSummary = z.infer<typeof refundSummarySchema>;

/** GET /api/payments/:id: one payment or unpaid request with what the details dialog shows. */
export const paymentDetailsSchema = displayPaymentSchema.extend({
  description: z.string().nullable(),
  /** The request's custom message, if any. */
  message: z.string().nullable(),
  /** The page the patient pays on (a request's or link's /payment/{id}), if any. */
  paymentUrl: z.string().nullable(),
  isCustomAmount: z.boolean(),
  /** What may still be refunded, in pence: amount paid minus refunds made; 0 when not refundable. */
  refundableAmount: z.number().int(),
  /**
   * Whether a dispute stops the payment being refunded: charged back, or lost to a dispute. False
   * during an inquiry, when it may still be refunded (docs/decisions/0139-refunds-during-an-inquiry.md).
   */
  disputeRefusesRefund: z.boolean(),
  refunds: z.array(refundSummarySchema),
  /** What was sent about this payment (and the request it paid), on which channel, and how it went. */
  notifications: z.array(notificationDeliverySchema),
  /** The payment's latest dispute, for a link to its page; null when never disputed. */
  disputeId: z.string().nullable(),
  /** For a deposit towards a treatment total: the balance, and how it can be paid; else null. */
  balance: paymentBalanceSchema.nullable(),
  /** For a balance payment: the deposit it pays towards; else null. */
  balanceOf: balanceOfSchema.nullable(),
  /**
   * The card saved with this payment, while it can be charged, so a fee for this appointment can be
   * charged from here (docs/decisions/0093-charging-saved-cards.md); else null.
   */
  savedCard: z.object({ patientId: z.string(), cardId: z.string(), label: z.string() }).nullable(),
  /**
   * The card that paid: brand as Stripe names it ('visa'), last 4 digits, and the 3-D Secure result
   * ('authenticated', …; null when not used); null for a request or a payment recorded before cards were kept.
   */
  card: z.object({ brand: z.string(), last4: z.string(), threeDSecure: z.string().nullable() }).nullable(),
  /**
   * The clinic's payment terms the payer accepted at Pay Now: version, time and IP address
   * (docs/decisions/0107-payment-terms.md); null when the clinic had none (and for a request).
   */
  termsAccepted: acceptedTermsSchema.nullable(),
  /** When the request this payment paid (or this unpaid request) was sent, ISO; null without one. */
  requestSentAt: z.string().nullable(),
  /** When its latest dispute opened, ISO; null when never disputed. */
  disputeOpenedAt: z.string().nullable(),
});
export type PaymentDetails = z.infer<typeof paymentDetailsSchema>;

/** POST /api/payments/:id/receipt: the receipt sent again to the patient. */
export const receiptResentSchema = z.object({ message: z.string(), notices: z.number().int() });

/** What the payment page says of a card, e.g. 'Visa ending 4242'. */
export function cardLabel(card: { brand: string; last4: string }): string {
  return `${cardBrandLabel(card.brand)} ending ${card.last4}`;
}

/** 3-D Secure results as the payment page names them (docs.stripe.com/api/charges/object). */
export const THREE_D_SECURE_LABELS: Record<string, string> = {
  authenticated: 'Passed: the bank confirmed the patient',
  attempt_acknowledged: 'Attempted: the bank did not take part',
  exempted: 'Not needed: the bank exempted the payment',
  failed: 'Failed',
  not_supported: 'Not supported by the card',
  processing_error: 'Could not be completed',
};

/** The payment page's own texts. */
export const PAYMENT_PAGE_MESSAGES = {
  receiptResent: 'Receipt sent again to the patient',
  receiptNotSent:
    'No receipt could be sent: patient notifications are off. Turn on Email or SMS notifications in Settings.',
  receiptOnlyForPayments: 'Only a recorded payment has a receipt',
  noThreeDSecure: 'Not used',
} as const;

/**
 * The CSV report's columns, in order: the original nine, with Refunded and Net after Amount
 * (docs/decisions/0097-one-set-of-figures.md).
 */
export const CSV_COLUMNS = [
  'Patient Name',
  'Patient Email',
  'Patient Phone',
  'Amount',
  'Refunded',
  'Net',
  'Platform Fee',
  'Reference',
  'Type',
  'Date',
  'Status',
  // Ours, last so the spec's columns keep their places (docs/decisions/0108-clinic-reference.md).
  'Clinic Reference',
] as const;

/**
 * The report's file name (docs/product.md#constants): 'payment-history' followed by the range's dates or
 * today's date. Dates are ISO (YYYY-MM-DD).
 */
export function reportFileName(filters: { from?: string; to?: string }, today: string): string {
  if (filters.from || filters.to) {
    return `payment-history-${filters.from ?? 'start'}-to-${filters.to ?? today}.csv`;
  }
  return `payment-history-${today}.csv`;
}
