/**
 * Payouts and balance (docs/decisions/0087-payout-reconciliation.md): what the clinic's Payouts page
 * shows (its connected account's balance and payouts, each payout's breakdown with ClinicPay's payment
 * references), the reconciliation exports, the texts of failed payouts and the error texts. Every
 * amount is integer pence in GBP; every date is an ISO 8601 timestamp. Stripe's objects:
 * docs.stripe.com/api/balance/balance_object, /api/payouts/object, /api/balance_transactions/object.
 */
import { z } from 'zod';
import { PROVIDER_NAME } from './payment-constants.js';

/** Where the clinic's Payouts page is in the web app (links in emails point here). */
export const PAYOUTS_PAGE_PATH = '/dashboard/payouts';

/** Stripe's payout statuses (docs.stripe.com/api/payouts/object#payout_object-status). */
export const PAYOUT_STATUSES = ['pending', 'in_transit', 'paid', 'failed', 'canceled'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** A payout's status as the clinic reads it. */
export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = {
  pending: 'Pending',
  in_transit: 'On its way',
  paid: 'Paid',
  failed: 'Failed',
  canceled: 'Cancelled',
};

/**
 * Why a payout failed, in plain English, for each of Stripe's failure codes
 * (docs.stripe.com/api/payouts/failures). Any other code reads as PAYOUT_FAILURE_FALLBACK.
 */
export const PAYOUT_FAILURE_REASONS: Record<string, string> = {
  account_closed: 'The bank account has been closed.',
  account_frozen: 'The bank account has been frozen.',
  bank_account_restricted: 'The bank account has restrictions on the payments it can receive.',
  bank_ownership_changed: 'The bank has changed owner, so the account details need to be entered again.',
  could_not_process: 'The bank could not process this payout.',
  debit_not_authorized: 'The bank account does not accept this kind of payment.',
  declined: 'The bank declined this payout.',
  incorrect_account_holder_address: "The account holder's address does not match the bank's records.",
  incorrect_account_holder_name: "The account holder's name does not match the bank's records.",
  incorrect_account_holder_tax_id: "The account holder's tax ID does not match the bank's records.",
  insufficient_funds: `Your ${PROVIDER_NAME} balance did not cover the payout.`,
  invalid_account_number: 'The account number is not valid, or the account cannot receive payouts.',
  invalid_currency: 'The bank account cannot receive payments in pounds sterling.',
  no_account: 'The bank could not find an account with these details.',
  unsupported_card: 'The debit card can no longer receive payouts.',
};
export const PAYOUT_FAILURE_FALLBACK = 'The bank returned the payout.';

/** The plain-English reason for one of Stripe's payout failure codes; null for none. */
export function payoutFailureReason(failureCode: string | null): string | null {
  if (failureCode === null) return null;
  // Own keys only: a code such as '__proto__' must not read the object's prototype.
  return Object.hasOwn(PAYOUT_FAILURE_REASONS, failureCode)
    ? (PAYOUT_FAILURE_REASONS[failureCode] ?? PAYOUT_FAILURE_FALLBACK)
    : PAYOUT_FAILURE_FALLBACK;
}

/**
 * What a line of a payout is, as far as the card provider tells: a payment (a destination charge's
 * transfer), a refund (the transfer reversed with it), a failed refund's money returned, a dispute's
 * funds taken back (a transfer reversal of its own), a dispute's funds paid back (a further transfer
 * tied to the payment), a payout, an earlier payout returned by the bank, or something else.
 */
export const PAYOUT_LINE_ORIGINS = [
  'charge',
  'refund',
  'refund_failure',
  'transfer_reversal',
  'transfer',
  'payout',
  'payout_failure',
  'other',
] as const;
export type PayoutLineOrigin = (typeof PAYOUT_LINE_ORIGINS)[number];

/** Each kind of line in plain English. */
export const PAYOUT_LINE_LABELS: Record<PayoutLineOrigin, string> = {
  charge: 'Payment',
  refund: 'Refund',
  refund_failure: 'Failed refund returned',
  transfer_reversal: 'Disputed payment taken back',
  transfer: 'Dispute won: payment returned',
  payout: 'Payout',
  payout_failure: 'Payout returned by the bank',
  other: 'Other',
};

/** The Payouts page's and the failed payout email's texts. */
export const PAYOUT_MESSAGES = {
  notFound: 'Payout not found',
  notConnected: `Connect your clinic to ${PROVIDER_NAME} to see its balance and payouts`,
  noPayouts: 'No payouts yet',
  openDashboard: `Open ${PROVIDER_NAME} dashboard`,
  failedNotice: `${PROVIDER_NAME} could not pay this payout into your bank account.`,
  fixBankDetails: `Check or update your bank details in your ${PROVIDER_NAME} dashboard (Open ${PROVIDER_NAME} dashboard on the Payouts page). The money stays in your balance and is paid out again once your bank details are right.`,
} as const;

/** The connected account's balance in GBP (docs.stripe.com/api/balance/balance_object). */
export const balanceSchema = z.object({
  /** Pence that can be paid out now. */
  available: z.number().int(),
  /** Pence not available yet. */
  pending: z.number().int(),
});
export type Balance = z.infer<typeof balanceSchema>;

/** A payout to the clinic's bank as the Payouts page shows it (docs.stripe.com/api/payouts/object). */
export const payoutSchema = z.object({
  /** The provider's payout id, 'po_…'. */
  id: z.string(),
  /** Pence paid to the bank account. */
  amount: z.number().int(),
  status: z.enum(PAYOUT_STATUSES),
  statusLabel: z.string(),
  /** ISO timestamp: when the payout is expected in the bank. */
  arrivalDate: z.string(),
  /** ISO timestamp. */
  created: z.string(),
  /** Stripe's failure code once failed, e.g. 'account_closed'; null otherwise. */
  failureCode: z.string().nullable(),
  /** Why it failed, in plain English; null unless failed. */
  failureReason: z.string().nullable(),
});
export type Payout = z.infer<typeof payoutSchema>;

/** GET /api/payouts: the balance and the latest payouts, newest first. */
export const payoutsOverviewSchema = z.object({
  balance: balanceSchema,
  payouts: z.array(payoutSchema),
});
export type PayoutsOverview = z.infer<typeof payoutsOverviewSchema>;

/**
 * One line of a payout: a balance transaction paid out in it (docs.stripe.com/api/balance_transactions/object),
 * with the ClinicPay payment it comes from, when it comes from one.
 */
export const payoutLineSchema = z.object({
  /** The balance transaction's id, 'txn_…'. */
  id: z.string(),
  /** Stripe's balance transaction type, e.g. 'payment', 'payment_refund'. */
  type: z.string(),
  origin: z.enum(PAYOUT_LINE_ORIGINS),
  /** What the line is, in plain English (PAYOUT_LINE_LABELS). */
  label: z.string(),
  /** Pence: the gross amount, the fee taken and what the line adds to the payout (negative takes away). */
  amount: z.number().int(),
  fee: z.number().int(),
  net: z.number().int(),
  /** ISO timestamp. */
  created: z.string(),
  /** The ClinicPay payment the line comes from, when it comes from one. */
  paymentId: z.string().nullable(),
  paymentReference: z.string().nullable(),
  patientName: z.string().nullable(),
});
export type PayoutLine = z.infer<typeof payoutLineSchema>;

/** GET /api/payouts/:payoutId: the payout and every line paid out in it; the lines' nets sum to its amount. */
export const payoutDetailSchema = z.object({
  payout: payoutSchema,
  lines: z.array(payoutLineSchema),
  /** The sum of the lines' nets, pence: the payout's amount. */
  linesTotal: z.number().int(),
});
export type PayoutDetail = z.infer<typeof payoutDetailSchema>;

/** The accounting packages a payout's breakdown can be exported for. */
export const PAYOUT_EXPORT_FORMATS = ['xero', 'quickbooks'] as const;
export type PayoutExportFormat = (typeof PAYOUT_EXPORT_FORMATS)[number];

/** GET /api/payouts/:payoutId/export?format=… */
export const payoutExportQuerySchema = z.object({ format: z.enum(PAYOUT_EXPORT_FORMATS) });

/**
 * The header of each export: Xero's precoded bank statement columns (Date, Amount, Payee, Description,
 * Reference) and QuickBooks Online's 3-column bank file (Date, Description, Amount).
 */
export const PAYOUT_EXPORT_COLUMNS: Record<PayoutExportFormat, readonly string[]> = {
  xero: ['Date', 'Amount', 'Payee', 'Description', 'Reference'],
  quickbooks: ['Date', 'Description', 'Amount'],
};

/** POST /api/clinic/payment-provider/dashboard-link: a one-time link to the provider's Express dashboard. */
export const dashboardLinkResponseSchema = z.object({ url: z.string() });
