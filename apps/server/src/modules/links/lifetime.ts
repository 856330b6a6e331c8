/**
 * When links and requests stop taking payments (docs/decisions/0105-request-and-link-lifetimes.md).
 * A last day to pay is a London calendar day (YYYY-MM-DD) kept whole: the page closes at the first
 * instant of the next London day, so a change of clock moves nothing.
 */
import { CLINIC_TIME_ZONE, type RequestState } from '@clinicpay/shared';
import { TZDate } from '@date-fns/tz';
import { addDays, format } from 'date-fns';

/** Today in London, YYYY-MM-DD. */
export function londonDay(now: Date): string {
  return format(new TZDate(now, CLINIC_TIME_ZONE), 'yyyy-MM-dd');
}

/** The instant a page whose last day to pay is `lastDay` (YYYY-MM-DD, London) closes. */
export function closesAfter(lastDay: string): Date {
  const [year, month, day] = lastDay.split('-').map(Number);
  const start = new TZDate(Number(year), Number(month) - 1, Number(day), CLINIC_TIME_ZONE);
  return new Date(addDays(start, 1).getTime());
}

/** The London day that is the last to pay for a page closing at `closesAt`: the day before it. */
export function lastDayBefore(closesAt: Date): string {
  return londonDay(new Date(closesAt.getTime() - 1));
}

/** A request's last day to pay when none was given: `days` London days on from `now` (day 0 is today). */
export function lastDayAfter(now: Date, days: number): string {
  return format(addDays(new TZDate(now, CLINIC_TIME_ZONE), days), 'yyyy-MM-dd');
}

/** Whether a page closing at `closesAt` (null: never) is closed at `at`. */
export function isClosed(closesAt: Date | null, at: Date): boolean {
  return closesAt !== null && at.getTime() >= closesAt.getTime();
}

/**
 * Where a payment request stands at `at`: paid, cancelled by the clinic, past its last day to pay, or
 * open. `status` is the request's stored status ('paid' once a payment was recorded for it).
 */
export function requestState(
  request: { status: string; cancelledAt: Date | null; expiresAt: Date | null },
  at: Date,
): RequestState {
  if (request.status === 'paid') return 'paid';
  if (request.cancelledAt) return 'cancelled';
  return isClosed(request.expiresAt, at) ? 'expired' : 'open';
}
