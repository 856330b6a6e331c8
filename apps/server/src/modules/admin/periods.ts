/**
 * Admin statistics periods in Europe/London (docs/product.md#constants): a range of calendar days with the
 * end day included whole, and the previous period of the same number of days ending just before the start.
 * Days are counted on the London calendar, so a week across a change of clock is 167 or 169 hours.
 */
import { CLINIC_TIME_ZONE } from '@clinicpay/shared';
import { TZDate } from '@date-fns/tz';
import { format, startOfMonth } from 'date-fns';

/** UTC instants: [start, end) is the range; [previousStart, start) the period before it. */
export interface StatsPeriod {
  start: Date;
  end: Date;
  previousStart: Date;
  /** The London days of the range, YYYY-MM-DD, in order. */
  days: string[];
}

const londonDay = (isoDate: string) => {
  const [year, month, day] = isoDate.split('-').map(Number);
  return new TZDate(Number(year), Number(month) - 1, Number(day), CLINIC_TIME_ZONE);
};

const instant = (date: Date) => new Date(date.getTime());

const DAY_MS = 86_400_000;
/**
 * Calendar arithmetic on YYYY-MM-DD dates. A calendar date has no time zone, so it is counted as
 * a UTC day, which is always 24 hours: a year of days takes microseconds, where stepping a London
 * TZDate day by day took about 25 ms (docs/benchmarks.md).
 */
const dayNumber = (isoDate: string) => Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS;
const isoDateOf = (dayNumber: number) => new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);

/** The period of London days `from`..`to` (both YYYY-MM-DD, from ≤ to). */
export function statsPeriod(from: string, to: string): StatsPeriod {
  const first = dayNumber(from);
  const length = dayNumber(to) - first + 1;
  const days = Array.from({ length }, (_, index) => isoDateOf(first + index));
  return {
    start: instant(londonDay(from)),
    end: instant(londonDay(isoDateOf(first + length))),
    previousStart: instant(londonDay(isoDateOf(first - length))),
    days,
  };
}

/** Today in London as YYYY-MM-DD. */
export function londonToday(now: Date): string {
  return format(new TZDate(now, CLINIC_TIME_ZONE), 'yyyy-MM-dd');
}

/** The last 30 London days up to today: the chart's span when no range is chosen. */
export function recentDays(now: Date): StatsPeriod {
  const today = londonToday(now);
  return statsPeriod(isoDateOf(dayNumber(today) - 29), today);
}

/** The UTC instant the current London calendar month began. */
export function londonMonthStart(now: Date): Date {
  return instant(startOfMonth(new TZDate(now, CLINIC_TIME_ZONE)));
}
