/**
 * SQL aggregates behind the admin statistics (spec §9): sums in pence over the platform's daily
 * totals, whose trigger applies the §9 formulas to each payment (decision 0022).
 */
import { CLINIC_TIME_ZONE } from '@clinicpay/shared';
import { and, count, desc, lt, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { clinics, platformDailyTotals } from '../../db/schema/index.js';

const totals = platformDailyTotals;
/** A London calendar date (YYYY-MM-DD) from an instant at a London midnight. */
const londonDay = (instant: Date) =>
  sql`(${instant.toISOString()}::timestamptz at time zone ${sql.raw(`'${CLINIC_TIME_ZONE}'`)})::date`;

export interface PeriodTotals {
  payments: number;
  paymentCount: number;
  refunds: number;
  revenue: number;
}

/**
 * The spec §9 totals of payments paid in [split, end) as `current` and in [start, split) as
 * `previous` (each bound a London midnight); without bounds, all time is current. Read from the
 * platform's daily totals (platform_daily_totals, kept by a trigger on payments): 16 rows a day.
 */
export async function selectTotals(
  db: Db,
  bounds?: { start: Date; split: Date; end: Date },
): Promise<{ current: PeriodTotals; previous: PeriodTotals }> {
  const inCurrent = bounds ? sql`${totals.day} >= ${londonDay(bounds.split)}` : sql`true`;
  const sum = (column: AnyPgColumn, current: boolean) =>
    sql<number>`coalesce(sum(${column}) filter (where ${current ? inCurrent : sql`not (${inCurrent})`}), 0)`.mapWith(
      Number,
    );
  const [row] = await db
    .select({
      payments: sum(totals.paymentsTotal, true),
      paymentCount: sum(totals.paymentCount, true),
      refunds: sum(totals.refundsTotal, true),
      revenue: sum(totals.revenue, true),
      previousPayments: sum(totals.paymentsTotal, false),
      previousPaymentCount: sum(totals.paymentCount, false),
      previousRefunds: sum(totals.refundsTotal, false),
      previousRevenue: sum(totals.revenue, false),
    })
    .from(totals)
    .where(
      bounds
        ? and(sql`${totals.day} >= ${londonDay(bounds.start)}`, sql`${totals.day} < ${londonDay(bounds.end)}`)
        : undefined,
    );
  return {
    current: {
      payments: row?.payments ?? 0,
      paymentCount: row?.paymentCount ?? 0,
      refunds: row?.refunds ?? 0,
      revenue: row?.revenue ?? 0,
    },
    previous: {
      payments: row?.previousPayments ?? 0,
      paymentCount: row?.previousPaymentCount ?? 0,
      refunds: row?.previousRefunds ?? 0,
      revenue: row?.previousRevenue ?? 0,
    },
  };
}

/**
 * Payments total and count per London day (YYYY-MM-DD) in [start, end) (London midnights); days
 * without any are absent.
 */
export async function selectDailyPayments(db: Db, start: Date, end: Date) {
  return db
    .select({
      date: sql<string>`to_char(${totals.day}, 'YYYY-MM-DD')`,
      amount: sql<number>`coalesce(sum(${totals.paymentsTotal}), 0)`.mapWith(Number),
      count: sql<number>`coalesce(sum(${totals.paymentCount}), 0)`.mapWith(Number),
    })
    .from(totals)
    .where(and(sql`${totals.day} >= ${londonDay(start)}`, sql`${totals.day} < ${londonDay(end)}`))
    .groupBy(totals.day);
}

/** Clinics created before `end` (all when undefined), and of those, created from `monthStart`. */
export async function countClinics(db: Db, monthStart: Date, end?: Date) {
  const [row] = await db
    .select({
      total: count(),
      joinedThisMonth:
        sql<number>`count(*) filter (where ${clinics.createdAt} >= ${monthStart.toISOString()})`.mapWith(
          Number,
        ),
    })
    .from(clinics)
    .where(end ? lt(clinics.createdAt, end) : undefined);
  return { total: row?.total ?? 0, joinedThisMonth: row?.joinedThisMonth ?? 0 };
}

/** The 5 newest clinics with the payments each has processed (paid or partially refunded; spec §7). */
export function selectRecentClinics(db: Db, limit: number) {
  return db
    .select({
      id: clinics.id,
      clinicName: clinics.clinicName,
      logoUrl: clinics.logoUrl,
      createdAt: clinics.createdAt,
      stripeStatus: clinics.stripeStatus,
      // Drizzle leaves columns unqualified in a select list, so the correlated subquery names its tables.
      paymentsProcessed: sql<number>`(select coalesce(sum(t.payment_count), 0) from payment_daily_totals t
        where t.clinic_id = "clinics"."id")`.mapWith(Number),
    })
    .from(clinics)
    .orderBy(desc(clinics.createdAt), desc(clinics.id))
    .limit(limit);
}
