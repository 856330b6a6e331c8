/**
 * Monthly statements (docs/decisions/0088-monthly-statements.md): the clinic's month (what its patients
 * paid, ClinicPay's fee, refunds, disputes and their fees, and what that leaves the clinic) and the
 * platform's month for admins (application fees earned, card fees and dispute costs borne, refunds'
 * fee share given back, net revenue, negative when a loss). Every amount is integer pence; a month is
 * YYYY-MM in Europe/London.
 */
import { z } from 'zod';

export const MONTHLY_STATEMENT_MESSAGES = {
  invalidMonth: 'Enter the month as YYYY-MM',
  futureMonth: 'That month has not started yet',
} as const;

/** A calendar month written YYYY-MM, from 2000-01 to 2100-12. */
export const statementMonthSchema = z
  .string()
  .regex(/^(20\d{2}|2100)-(0[1-9]|1[0-2])$/, MONTHLY_STATEMENT_MESSAGES.invalidMonth);

/** GET /api/statements/:month and /api/admin/statements/:month; ?format=csv for the CSV. */
export const statementQuerySchema = z.object({ format: z.enum(['json', 'csv']).default('json') });

/**
 * The clinic's month. `net` = grossPayments − platformFees − refundsDeducted − disputesTakenBack +
 * disputesReturned, to the penny: what the month's payments, refunds and disputes left in the clinic's
 * card-provider balance. The dispute fees are owed on top (not yet taken from the balance). Card fees are
 * ClinicPay's to pay under destination charges, shown for information and not deducted.
 */
export const clinicStatementSchema = z.object({
  month: z.string(),
  paymentCount: z.number().int(),
  /** What patients paid (payments made this month). */
  grossPayments: z.number().int(),
  /** ClinicPay's fee on those payments. */
  platformFees: z.number().int(),
  /** What was refunded to patients this month. */
  refunds: z.number().int(),
  /** The clinic's share of those refunds, taken back from its transfers (in proportion, as Stripe reverses them). */
  refundsDeducted: z.number().int(),
  disputeCount: z.number().int(),
  /** Taken back from the clinic for disputes opened this month. */
  disputesTakenBack: z.number().int(),
  /** Paid back to the clinic for disputes won this month. */
  disputesReturned: z.number().int(),
  /** The card provider's dispute fees on disputes opened this month: the clinic's to bear, owed to ClinicPay. */
  disputeFeesOwed: z.number().int(),
  /** The card provider's processing fees, paid by ClinicPay (not deducted). */
  cardFeesPaidByClinicPay: z.number().int(),
  net: z.number().int(),
  /** Payouts that reached the clinic's bank this month (arrival date), as the provider reported them. */
  paidOut: z.number().int(),
});
export type ClinicStatement = z.infer<typeof clinicStatementSchema>;

/**
 * The platform's month. `netRevenue` = applicationFees − cardFees − refundFeeShare − disputeCosts, to
 * the penny, negative when the month lost money.
 */
export const platformStatementSchema = z.object({
  month: z.string(),
  paymentCount: z.number().int(),
  grossPayments: z.number().int(),
  /** Application fees earned on this month's payments. */
  applicationFees: z.number().int(),
  /** The card provider's processing fees on those payments, borne by ClinicPay. */
  cardFees: z.number().int(),
  /** The part of this month's refunds not taken back from clinics (the fee's share), borne by ClinicPay. */
  refundFeeShare: z.number().int(),
  /**
   * Disputes opened this month: what the card provider withdrew and kept that was not taken back from
   * the clinic (the application fee's part), and its dispute fees until clinics are charged them.
   */
  disputeCosts: z.number().int(),
  netRevenue: z.number().int(),
});
export type PlatformStatement = z.infer<typeof platformStatementSchema>;

/** The clinic statement's CSV: one line per figure, amounts in pounds. */
export const CLINIC_STATEMENT_CSV_COLUMNS = ['Item', 'Amount'] as const;
