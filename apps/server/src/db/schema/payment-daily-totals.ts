/**
 * Each clinic's payments summed per Europe/London day of paid_at (decision 0022): what the
 * admin statistics and a clinic's profile read instead of every payment row. Kept by a trigger on
 * payments (migration 0010), so every write (recording, refunds, seeding) keeps it exact: each change
 * to a payment takes its old contribution away and adds its new one. Amounts in pence.
 */
import { bigint, date, integer, pgTable, primaryKey, smallint, uuid } from 'drizzle-orm/pg-core';
import { clinics } from './clinics.js';

const pence = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

export const paymentDailyTotals = pgTable(
  'payment_daily_totals',
  {
    /** The London calendar day of paid_at. */
    day: date('day', { mode: 'string' }).notNull(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id, { onDelete: 'cascade' }),
    /** Net: paid adds amount_paid; partially refunded adds amount_paid − refund (≥ 0); refunded adds 0. */
    paymentsTotal: pence('payments_total'),
    /**
     * Recorded payments (paid, partially refunded or refunded), as recorded_count: one count of
     * payments everywhere (docs/decisions/0097-one-set-of-figures.md, migration 0025).
     */
    paymentCount: integer('payment_count').notNull().default(0),
    /** Refunds: refunded adds amount_paid; partially refunded adds refund_amount. */
    refundsTotal: pence('refunds_total'),
    /** Platform revenue: platform_fee − card fee, negative for a loss (decision 0085). */
    revenue: pence('revenue'),
    /** Recorded payments: paid, partially refunded or refunded. */
    recordedCount: integer('recorded_count').notNull().default(0),
    amountPaid: pence('amount_paid'),
    /** Recorded payments with something refunded. */
    refundCount: integer('refund_count').notNull().default(0),
    refundAmount: pence('refund_amount'),
    platformFees: pence('platform_fees'),
  },
  (table) => [primaryKey({ columns: [table.clinicId, table.day] })],
);

/** How many rows per day platform_daily_totals spreads its sums over, so recordings rarely share one. */
export const PLATFORM_TOTALS_SHARDS = 16;

/**
 * The platform's payments summed per London day (decision 0022), for the admin statistics: a
 * year is at most 365 × 16 rows. Each day's sums are spread over PLATFORM_TOTALS_SHARDS rows by a hash
 * of the clinic, so payments of different clinics recorded at the same moment seldom wait for the same
 * row. Kept by the same trigger as payment_daily_totals (migration 0012). Amounts in pence.
 */
export const platformDailyTotals = pgTable(
  'platform_daily_totals',
  {
    day: date('day', { mode: 'string' }).notNull(),
    shard: smallint('shard').notNull(),
    /** Net: amount paid less refunds (as payment_daily_totals.payments_total). */
    paymentsTotal: pence('payments_total'),
    /** Recorded payments: paid, partially refunded or refunded (migration 0025). */
    paymentCount: integer('payment_count').notNull().default(0),
    refundsTotal: pence('refunds_total'),
    revenue: pence('revenue'),
    /** Application fees taken (migration 0025): revenue is these less card fees. */
    platformFees: pence('platform_fees'),
    /** Recorded payments with something refunded (migration 0025). */
    refundCount: integer('refund_count').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.day, table.shard] })],
);
