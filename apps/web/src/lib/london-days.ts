/**
 * London calendar days (YYYY-MM-DD) as the clinic's forms take them: a module of its own, so the
 * payment pages, which use lib/dates.ts, do not carry these formatters.
 */
import { formatLongDate } from './dates';

/** Today in London as YYYY-MM-DD (en-CA writes ISO order): the earliest last day to pay a form offers. */
const isoDay = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  timeZone: 'Europe/London',
});

export function todayInLondon(now = new Date()): string {
  return isoDay.format(now);
}

/** A London calendar day (YYYY-MM-DD) written out in en-GB, e.g. '31 January 2027'. */
export function formatIsoDay(day: string): string {
  return formatLongDate(`${day}T12:00:00Z`);
}
