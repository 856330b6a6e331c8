/**
 * GET /api/payments/revenue: the clinic dashboard's revenue chart (docs/decisions/0103-revenue-chart.md).
 * Gross and net per London day, week (from Monday) or month, over the last REVENUE_BUCKETS of them
 * ending with the current one, each beside the one at the same place in the period just before. The
 * sums are the clinic's daily totals, so they agree with every other figure
 * (docs/decisions/0097-one-set-of-figures.md). Amounts in pence.
 */
import {
  CLINIC_TIME_ZONE,
  type ClinicRevenue,
  REVENUE_BUCKETS,
  type RevenueInterval,
  type RevenueTotals,
} from '@clinicpay/shared';
import { TZDate } from '@date-fns/tz';
import { addDays, addMonths, addWeeks, format, startOfDay, startOfMonth, startOfWeek } from 'date-fns';
import { type RevenueRow, selectRevenueRows } from './queries.js';
import type { PaymentsContext } from './service.js';

const iso = (day: Date) => format(day, 'yyyy-MM-dd');

/** The first London day of the bucket holding `day`, and a step of `n` buckets. */
const BUCKETS: Record<
  RevenueInterval,
  { startOf: (day: TZDate) => Date; add: (day: Date, n: number) => Date }
> = {
  day: { startOf: (day) => startOfDay(day), add: addDays },
  week: { startOf: (day) => startOfWeek(day, { weekStartsOn: 1 }), add: addWeeks },
  month: { startOf: (day) => startOfMonth(day), add: addMonths },
};

const ZERO: RevenueTotals = { count: 0, gross: 0, net: 0 };

function total(rows: RevenueTotals[]): RevenueTotals {
  return rows.reduce(
    (sum, row) => ({ count: sum.count + row.count, gross: sum.gross + row.gross, net: sum.net + row.net }),
    ZERO,
  );
}

/** The chart's buckets and totals for `interval`, as of `now` (London calendar). */
export async function clinicRevenue(
  context: PaymentsContext,
  interval: RevenueInterval,
  now: Date = new Date(),
): Promise<ClinicRevenue> {
  const { startOf, add } = BUCKETS[interval];
  const size = REVENUE_BUCKETS[interval];
  const today = startOfDay(new TZDate(now, CLINIC_TIME_ZONE));
  const from = add(startOf(today), -(size - 1));
  const previousFrom = add(from, -size);
  const rows = await selectRevenueRows(context.db, context.clinicId, interval, iso(previousFrom), iso(today));
  const byStart = new Map<string, RevenueRow>(rows.map((row) => [row.start, row]));
  const sums = (start: Date): RevenueTotals => {
    const row = byStart.get(iso(start));
    return row ? { count: row.count, gross: row.gross, net: row.net } : ZERO;
  };

  const buckets = Array.from({ length: size }, (_, index) => {
    const start = add(from, index);
    const previousStart = add(previousFrom, index);
    return {
      start: iso(start),
      ...sums(start),
      previous: { start: iso(previousStart), ...sums(previousStart) },
    };
  });
  return {
    interval,
    from: iso(from),
    to: iso(today),
    previousFrom: iso(previousFrom),
    previousTo: iso(addDays(from, -1)),
    buckets,
    current: total(buckets),
    previous: total(buckets.map((bucket) => bucket.previous)),
  };
}
