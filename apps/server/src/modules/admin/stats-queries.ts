/** SQL aggregates behind the admin statistics (spec §9): sums in pence, no rules beyond the formulas. */
import { CLINIC_TIME_ZONE } from '@clinicpay/shared';
import { and, count, desc, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { clinics, payments } from '../../db/schema/index.js';

const COUNTED = ['paid', 'partially_refunded', 'refunded'] as const;

/** Spec §9 payments total: paid adds amount_paid; partially_refunded adds amount_paid − refund, ≥ 0. */
const paymentsTotal = sql`case ${payments.status}
  when 'paid' then ${payments.amountPaid}
  when 'partially_refunded' then greatest(${payments.amountPaid} - ${payments.refundAmount}, 0)
  else 0 end`;
/** Spec §9 refunds total: refunded adds amount_paid; partially_refunded adds refund_amount. */
const refundsTotal = sql`case ${payments.status}
  when 'refunded' then ${payments.amountPaid}
  when 'partially_refunded' then ${payments.refundAmount}
  else 0 end`;
/** Spec §9 platform revenue: platform_fee − stripe_fee, not below zero (an unreported card fee counts 0). */
const revenue = sql`greatest(${payments.platformFee} - coalesce(${payments.stripeFee}, 0), 0)`;
const isPayment = sql`${payments.status} in ('paid', 'partially_refunded')`;

export interface PeriodTotals {
  payments: number;
  paymentCount: number;
  refunds: number;
  revenue: number;
}

/**
 * The totals over payments paid in [split, end) as `current` and in [start, split) as `previous`;
 * without bounds, all time is current. One pass over payments_status_paid_at_idx.
 */
export async function selectTotals(
  db: Db,
  bounds?: { start: Date; split: Date; end: Date },
): Promise<{ current: PeriodTotals; previous: PeriodTotals }> {
  const inCurrent = bounds ? sql`${payments.paidAt} >= ${bounds.split.toISOString()}` : sql`true`;
  const sum = (expression: ReturnType<typeof sql>, current: boolean) =>
    sql<number>`coalesce(sum(${expression}) filter (where ${current ? inCurrent : sql`not (${inCurrent})`}), 0)`.mapWith(
      Number,
    );
  const counted = (current: boolean) =>
    sql<number>`count(*) filter (where ${isPayment} and ${current ? inCurrent : sql`not (${inCurrent})`})`.mapWith(
      Number,
    );
  const [row] = await db
    .select({
      payments: sum(paymentsTotal, true),
      paymentCount: counted(true),
      refunds: sum(refundsTotal, true),
      revenue: sum(revenue, true),
      previousPayments: sum(paymentsTotal, false),
      previousPaymentCount: counted(false),
      previousRefunds: sum(refundsTotal, false),
      previousRevenue: sum(revenue, false),
    })
    .from(payments)
    .where(
      and(
        inArray(payments.status, [...COUNTED]),
        bounds ? gte(payments.paidAt, bounds.start) : undefined,
        bounds ? lt(payments.paidAt, bounds.end) : undefined,
      ),
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

/** Payments total and count per London day (YYYY-MM-DD) in [start, end); days without any are absent. */
export async function selectDailyPayments(db: Db, start: Date, end: Date) {
  // A literal, not a parameter: the grouping must be the very expression selected.
  const day = sql<string>`to_char(${payments.paidAt} at time zone ${sql.raw(`'${CLINIC_TIME_ZONE}'`)}, 'YYYY-MM-DD')`;
  return db
    .select({
      date: day,
      amount: sql<number>`coalesce(sum(${paymentsTotal}), 0)`.mapWith(Number),
      count: sql<number>`count(*) filter (where ${isPayment})`.mapWith(Number),
    })
    .from(payments)
    .where(and(inArray(payments.status, [...COUNTED]), gte(payments.paidAt, start), lt(payments.paidAt, end)))
    .groupBy(day);
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
      paymentsProcessed: sql<number>`(select count(*) from payments p
        where p.clinic_id = "clinics"."id" and p.status in ('paid', 'partially_refunded'))`.mapWith(Number),
    })
    .from(clinics)
    .orderBy(desc(clinics.createdAt), desc(clinics.id))
    .limit(limit);
}
