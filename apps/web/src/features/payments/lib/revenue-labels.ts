import type { RevenueInterval } from '@clinicpay/shared';

// The buckets are London calendar days (YYYY-MM-DD); noon UTC is the same day in London all year.
const dayMonth = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const monthYear = new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** A chart bucket's name: '15 Jul' for a day, 'w/c 13 Jul' for a week, 'Jul 2026' for a month. */
export function bucketLabel(interval: RevenueInterval, start: string): string {
  const day = new Date(`${start}T12:00:00Z`);
  if (interval === 'month') return monthYear.format(day);
  return interval === 'week' ? `w/c ${dayMonth.format(day)}` : dayMonth.format(day);
}
