/**
 * GET /api/admin/stats: the admin dashboard's cards, chart and newest clinics, with the figures of
 * docs/decisions/0097-one-set-of-figures.md. Amounts in pence; the range is London calendar days with
 * the end day whole; each change compares with the previous period of as many days, rounded to one
 * decimal (100 when the previous figure was zero and this one is positive, else 0).
 */
import { type AdminStats, type AdminStatsQuery, paymentFigures, percentChange } from '@clinicpay/shared';
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
  const figures = paymentFigures(totals.current);
  const before = paymentFigures(totals.previous);
  const change = (now: number, before: number) => (period ? percentChange(now, before) : null);
  const byDay = new Map(daily.map((day) => [day.date, day]));
  return {
    range: { from: query.from ?? null, to: query.to ?? null },
    totalClinics: { value: clinicCounts.total, joinedThisMonth: clinicCounts.joinedThisMonth },
    totalPayments: {
      value: figures.net,
      count: figures.count,
      change: change(figures.net, before.net),
    },
    totalRefunds: { value: figures.refunds, change: change(figures.refunds, before.refunds) },
    platformRevenue: {
      value: figures.platformRevenue,
      change: change(figures.platformRevenue, before.platformRevenue),
    },
    figures,
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
