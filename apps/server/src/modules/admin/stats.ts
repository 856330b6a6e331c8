/**
 * GET /api/admin/stats (spec §2 "Admin dashboard", §9 "Admin statistics"). Amounts in pence; the
 * range is London calendar days with the end day whole; each change compares with the previous
 * period of as many days, rounded to one decimal with §9's zero rule.
 */
import { type AdminStats, type AdminStatsQuery, percentChange } from '@clinicpay/shared';
import type { Db } from '../../db/client.js';
import { londonMonthStart, recentDays, statsPeriod } from './periods.js';
import { countClinics, selectDailyPayments, selectRecentClinics, selectTotals } from './queries.js';

const RECENT_CLINICS = 5;

/** The dashboard's figures for `query`'s range, or all time without one. Throws only database errors. */
export async function adminStats(
  db: Db,
  query: AdminStatsQuery,
  now: Date = new Date(),
): Promise<AdminStats> {
  const period = query.from && query.to ? statsPeriod(query.from, query.to) : undefined;
  const chart = period ?? recentDays(now);
  const [totals, daily, clinicCounts, recent] = await Promise.all([
    selectTotals(db, period && { start: period.previousStart, split: period.start, end: period.end }),
    selectDailyPayments(db, chart.start, chart.end),
    countClinics(db, londonMonthStart(now), period?.end),
    selectRecentClinics(db, RECENT_CLINICS),
  ]);
  const { current, previous } = totals;
  const change = (now: number, before: number) => (period ? percentChange(now, before) : null);
  const byDay = new Map(daily.map((day) => [day.date, day]));
  return {
    range: { from: query.from ?? null, to: query.to ?? null },
    totalClinics: { value: clinicCounts.total, joinedThisMonth: clinicCounts.joinedThisMonth },
    totalPayments: {
      value: current.payments,
      count: current.paymentCount,
      change: change(current.payments, previous.payments),
    },
    totalRefunds: { value: current.refunds, change: change(current.refunds, previous.refunds) },
    platformRevenue: { value: current.revenue, change: change(current.revenue, previous.revenue) },
    series: chart.days.map((date) => ({
      date,
      amount: byDay.get(date)?.amount ?? 0,
      count: byDay.get(date)?.count ?? 0,
    })),
    recentClinics: recent.map((clinic) => ({
      ...clinic,
      createdAt: clinic.createdAt.toISOString(),
      stripeStatus: clinic.stripeStatus ?? 'not_connected',
    })),
  };
}
