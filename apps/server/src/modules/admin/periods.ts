/**
 * Admin statistics periods in Europe/London (spec §9): a range of calendar days with the end day
 * included whole, and the previous period of the same number of days ending just before the start.
 * Days are counted on the London calendar, so a week across a change of clock is 167 or 169 hours.
 */
import { CLINIC_TIME_ZONE } from '@clinicpay/shared';
import { TZDate } from '@date-fns/tz';
import { addDays, differenceInCalendarDays, format, startOfDay, startOfMonth, subDays } from 'date-fns';

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

/** The period of London days `from`..`to` (both YYYY-MM-DD, from ≤ to). */
export function statsPeriod(from: string, to: string): StatsPeriod {
  const first = londonDay(from);
  const last = londonDay(to);
  const length = differenceInCalendarDays(last, first) + 1;
  const days = Array.from({ length }, (_, index) => format(addDays(first, index), 'yyyy-MM-dd'));
  return {
    start: instant(first),
    end: instant(addDays(last, 1)),
    previousStart: instant(subDays(first, length)),
    days,
  };
}

/** Today in London as YYYY-MM-DD. */
export function londonToday(now: Date): string {
  return format(new TZDate(now, CLINIC_TIME_ZONE), 'yyyy-MM-dd');
}

/** The last 30 London days up to today: the chart's span when no range is chosen. */
export function recentDays(now: Date): StatsPeriod {
  const today = startOfDay(new TZDate(now, CLINIC_TIME_ZONE));
  return statsPeriod(format(subDays(today, 29), 'yyyy-MM-dd'), format(today, 'yyyy-MM-dd'));
}

/** The UTC instant the current London calendar month began. */
export function londonMonthStart(now: Date): Date {
  return instant(startOfMonth(new TZDate(now, CLINIC_TIME_ZONE)));
}
