/**
 * The clinic's payments list (the dashboard's Recent Payments, docs/product.md#clinic-dashboard;
 * docs/product.md#display-payment; the statuses, docs/product.md#payment-statuses): payments and unpaid
 * payment requests (shown as 'sent'), newest first. Amounts in pence.
 */
import { z } from 'zod';
import { PAYMENT_DISPUTE_STATUSES, type PaymentDisputeStatus } from './disputes.js';
import { PAYMENT_TYPES } from './payment-constants.js';

/**
 * 'failed' is a declined attempt to pay (docs/decisions/0101-failed-attempts.md), never a payment.
 * 'sent', 'expired' and 'cancelled' are unpaid requests: waiting, past their last day to pay, or
 * cancelled by the clinic (docs/decisions/0105-request-and-link-lifetimes.md).
 */
export const DISPLAY_STATUSES = [
  'paid',
  'partially_refunded',
  'refunded',
  'sent',
  'pending',
  'failed',
  'expired',
  'cancelled',
] as const;
export type DisplayStatus = (typeof DISPLAY_STATUSES)[number];

/** The statuses of an unpaid request in the history (0105). */
export const REQUEST_DISPLAY_STATUSES = ['sent', 'expired', 'cancelled'] as const;
export type RequestDisplayStatus = (typeof REQUEST_DISPLAY_STATUSES)[number];

/** True for a history entry that is an unpaid request rather than a payment. */
export function isRequestStatus(status: DisplayStatus): status is RequestDisplayStatus {
  return (REQUEST_DISPLAY_STATUSES as readonly string[]).includes(status);
}

export const PAYMENT_MESSAGES = {
  noPayments: 'No payments found',
  notFound: 'Payment not found',
  referenceCopied: 'Payment reference copied to clipboard',
} as const;

export const displayPaymentSchema = z.object({
  id: z.string(),
  patientName: z.string(),
  patientEmail: z.string(),
  patientPhone: z.string().nullable(),
  amount: z.number().int(),
  platformFee: z.number().int().nullable(),
  date: z.string(),
  status: z.enum(DISPLAY_STATUSES),
  type: z.enum(PAYMENT_TYPES),
  linkTitle: z.string(),
  paymentLinkId: z.string().nullable(),
  /** null for an unpaid request. */
  reference: z.string().nullable(),
  refundedAmount: z.number().int(),
  isRequest: z.boolean(),
  /** The payment's latest dispute, shown instead of its refund status; null when never disputed. */
  disputeStatus: z.enum(PAYMENT_DISPUTE_STATUSES).nullable(),
  /** Why a failed attempt was declined, in the provider's words; null for anything else. */
  failureMessage: z.string().nullable().default(null),
  /** The clinic's reference (docs/decisions/0108-clinic-reference.md); null when none. */
  clinicReference: z.string().nullable().default(null),
});
export type DisplayPayment = z.infer<typeof displayPaymentSchema>;

export const listPaymentsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});

export const paymentPageSchema = z.object({
  items: z.array(displayPaymentSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});

/** How each payment status is named to users, everywhere a payment's status shows. */
export const PAYMENT_STATUS_LABELS: Record<DisplayStatus, string> = {
  paid: 'Paid',
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
  sent: 'Sent',
  pending: 'Pending',
  failed: 'Failed',
  expired: 'Expired',
  cancelled: 'Cancelled',
};

/**
 * Badge colours: green for paid; blue for refunds; yellow for sent and pending; red for failed; grey
 * for an expired or cancelled request.
 */
export function statusTone(status: DisplayStatus): 'green' | 'blue' | 'yellow' | 'grey' | 'red' {
  if (status === 'failed') return 'red';
  if (status === 'paid') return 'green';
  if (status === 'refunded' || status === 'partially_refunded') return 'blue';
  if (status === 'sent' || status === 'pending') return 'yellow';
  return 'grey';
}

/** How a payment's dispute status is named to users, and the tone of its badge (docs/decisions/0086-disputes.md). */
export const PAYMENT_DISPUTE_STATUS_LABELS: Record<
  PaymentDisputeStatus,
  { label: string; tone: 'green' | 'red' | 'grey' }
> = {
  disputed: { label: 'Disputed', tone: 'red' },
  dispute_won: { label: 'Dispute won', tone: 'green' },
  dispute_lost: { label: 'Dispute lost', tone: 'grey' },
};
