/**
 * The one definition of the money figures every screen and the CSV report show
 * (docs/decisions/0097-one-set-of-figures.md). Amounts are integer pence.
 *
 * - A **payment** is a recorded one: paid, partially refunded or refunded. A refunded payment still
 *   counts: it was taken, then given back.
 * - **Gross** is what patients paid: the sum of the amounts paid.
 * - **Refunds** are the refunds that succeeded.
 * - **Net** is gross less refunds.
 * - **Platform fees** are the application fees taken on the payments; **platform revenue** is those
 *   fees less the card fees the platform pays, negative when a payment cost more than it earned
 *   (docs/decisions/0085-stripe-uk-prices-and-losses.md).
 */
import { z } from 'zod';
import { platformRevenueFor } from './fees.js';
import { formatPence } from './money.js';

export const paymentFiguresSchema = z.object({
  /** Recorded payments: paid, partially refunded or refunded. */
  count: z.number().int(),
  /** What patients paid, before refunds. */
  gross: z.number().int(),
  /** Succeeded refunds. */
  refunds: z.number().int(),
  /** Recorded payments with at least one succeeded refund. */
  refundCount: z.number().int(),
  /** gross − refunds. */
  net: z.number().int(),
  /** Application fees taken on the payments. */
  platformFees: z.number().int(),
  /** Card fees the platform paid on them. */
  cardFees: z.number().int(),
  /** platformFees − cardFees; negative for a loss. */
  platformRevenue: z.number().int(),
});
export type PaymentFigures = z.infer<typeof paymentFiguresSchema>;

/** What the database sums: everything else is worked out from these by `paymentFigures`. */
export interface FigureSums {
  count: number;
  gross: number;
  refunds: number;
  refundCount: number;
  platformFees: number;
  platformRevenue: number;
}

/** The figures from their sums (pence): net and the card fees follow from them, in one place. */
export function paymentFigures(sums: FigureSums): PaymentFigures {
  return {
    ...sums,
    net: sums.gross - sums.refunds,
    cardFees: sums.platformFees - sums.platformRevenue,
  };
}

/** A payment's stored status (payments.status). */
export type RecordedPaymentStatus = 'pending' | 'paid' | 'partially_refunded' | 'refunded';

/** One payment's figures, in pence: what each sum above adds up. */
export interface PaymentMoney {
  gross: number;
  refunded: number;
  net: number;
  applicationFee: number;
  cardFee: number;
  platformRevenue: number;
}

/**
 * The money rules for one payment (decision 0119), in pence: the reference the SQL functions of
 * migration 0033 (payment_gross, payment_refunded, payment_net, payment_application_fee,
 * payment_card_fee, payment_platform_revenue) are tested equal to. A pending payment counts for
 * nothing; a refunded one gave back all it paid; the card fee is 0 until the provider reports it.
 */
export function paymentMoney(payment: {
  status: RecordedPaymentStatus;
  amountPaid: number;
  refundAmount: number;
  platformFee: number;
  cardFee: number | null;
}): PaymentMoney {
  if (payment.status === 'pending') {
    return { gross: 0, refunded: 0, net: 0, applicationFee: 0, cardFee: 0, platformRevenue: 0 };
  }
  const refunded =
    payment.status === 'refunded'
      ? payment.amountPaid
      : payment.status === 'partially_refunded'
        ? payment.refundAmount
        : 0;
  const cardFee = payment.cardFee ?? 0;
  return {
    gross: payment.amountPaid,
    refunded,
    net: payment.amountPaid - refunded,
    applicationFee: payment.platformFee,
    cardFee,
    platformRevenue: platformRevenueFor(payment.platformFee, cardFee),
  };
}

/**
 * The clinic's share of a refund, in pence (decision 0119; SQL refund_clinic_share): a refund reverses
 * the clinic's transfer in proportion, round(refund × net amount ÷ amount paid), half up, in integers.
 */
export function refundClinicShare(refund: number, netAmount: number, amountPaid: number): number {
  return Math.floor((2 * refund * netAmount + amountPaid) / (2 * amountPaid));
}

/** A payment's own net (pence): what it paid less what was refunded of it. */
export function netOfPayment(payment: { amount: number; refundedAmount: number }): number {
  return payment.amount - payment.refundedAmount;
}

/** The average payment before refunds (pence, rounded to the penny); 0 without payments. */
export function averagePayment(figures: Pick<PaymentFigures, 'count' | 'gross'>): number {
  return figures.count ? Math.round(figures.gross / figures.count) : 0;
}

/** The line under each figure, saying what it counts. */
export const FIGURE_TEXTS = {
  paymentCount: (count: number) => `${count} ${count === 1 ? 'payment' : 'payments'}`,
  netOfGross: (figures: Pick<PaymentFigures, 'gross' | 'refunds'>) =>
    `Net: ${formatPence(figures.gross)} paid less ${formatPence(figures.refunds)} refunded`,
  refunded: (refundCount: number) =>
    `Refunded to patients, on ${refundCount} ${refundCount === 1 ? 'payment' : 'payments'}`,
  revenue: (figures: Pick<PaymentFigures, 'platformFees' | 'cardFees'>) =>
    `Platform fees ${formatPence(figures.platformFees)} less card fees ${formatPence(figures.cardFees)}`,
  averagePayment: 'Paid per payment, before refunds',
  platformFees: (figures: Pick<PaymentFigures, 'platformRevenue'>) =>
    `Application fees; ${formatPence(figures.platformRevenue)} after card fees`,
  refundedOfPayment: (refunded: number) => `${formatPence(refunded)} refunded`,
  allTime: 'All time',
  todayNet: 'Paid today, less refunds',
  pendingToday: 'Requests sent today, not yet paid',
  monthNet: 'Paid this month, less refunds',
  monthRefunded: "Refunded of this month's payments",
  chartTitle: 'Net payments per day',
  chartRecent: 'The last 30 days',
  chartRange: (from: string, to: string) => `${from} to ${to}`,
} as const;

/**
 * The clinic dashboard's revenue chart: gross and net per day, week or month (London calendar; weeks
 * start on Monday), over a fixed number of them ending with the current one, beside the same number
 * just before (docs/decisions/0103-revenue-chart.md).
 */
export const REVENUE_INTERVALS = ['day', 'week', 'month'] as const;
export type RevenueInterval = (typeof REVENUE_INTERVALS)[number];

/** How many days, weeks or months the chart shows. */
export const REVENUE_BUCKETS: Record<RevenueInterval, number> = { day: 30, week: 12, month: 12 };

export const revenueQuerySchema = z.object({ interval: z.enum(REVENUE_INTERVALS).default('day') });
export type RevenueQuery = z.infer<typeof revenueQuerySchema>;

const revenueTotalsSchema = z.object({
  /** Recorded payments, as `PaymentFigures.count`. */
  count: z.number().int(),
  /** Paid before refunds, pence. */
  gross: z.number().int(),
  /** gross − refunds, pence. */
  net: z.number().int(),
});
export type RevenueTotals = z.infer<typeof revenueTotalsSchema>;

export const revenueBucketSchema = revenueTotalsSchema.extend({
  /** The bucket's first London day, ISO (YYYY-MM-DD). */
  start: z.string(),
  /** The bucket at the same place in the previous period. */
  previous: revenueTotalsSchema.extend({ start: z.string() }),
});
export type RevenueBucket = z.infer<typeof revenueBucketSchema>;

/** GET /api/payments/revenue. Dates are ISO London days, inclusive. */
export const clinicRevenueSchema = z.object({
  interval: z.enum(REVENUE_INTERVALS),
  from: z.string(),
  to: z.string(),
  previousFrom: z.string(),
  previousTo: z.string(),
  buckets: z.array(revenueBucketSchema),
  current: revenueTotalsSchema,
  previous: revenueTotalsSchema,
});
export type ClinicRevenue = z.infer<typeof clinicRevenueSchema>;

/** What the chart's controls and summary say. */
export const REVENUE_TEXTS = {
  title: 'Revenue',
  intervals: { day: 'Daily', week: 'Weekly', month: 'Monthly' } satisfies Record<RevenueInterval, string>,
  period: {
    day: 'The last 30 days',
    week: 'The last 12 weeks',
    month: 'The last 12 months',
  } satisfies Record<RevenueInterval, string>,
  previousPeriod: {
    day: 'the 30 days before',
    week: 'the 12 weeks before',
    month: 'the 12 months before',
  } satisfies Record<RevenueInterval, string>,
  gross: 'Gross',
  net: 'Net',
  previousNet: 'Net, period before',
  /** e.g. 'Up 12.5% on the 30 days before (£1,000.00)'; `change` as percentChange gives it. */
  change: (change: number, previousPeriod: string, previous: number) =>
    `${change > 0 ? 'Up' : change < 0 ? 'Down' : 'No change'}${change === 0 ? '' : ` ${Math.abs(change)}%`} on ${previousPeriod} (${formatPence(previous)})`,
  nothingBefore: (previousPeriod: string) => `Nothing in ${previousPeriod} to compare with`,
} as const;
