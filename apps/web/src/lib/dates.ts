/**
 * Dates are shown in the en-GB locale (docs/product.md#constants), on the clinic's day in London
 * whatever the browser's time zone, e.g. '22 Nov 2026'.
 */
const dayMonthYear = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Europe/London',
});

/** The London day of an ISO moment, e.g. '23 Jul 2026' for 2026-07-22T23:30Z (British Summer Time). */
export function formatDate(iso: string): string {
  return dayMonthYear.format(new Date(iso));
}

/** A day written out in en-GB in London, e.g. '9 December 2026' (a provider's deadline, decision 0080). */
const longDayMonthYear = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/London',
});

export function formatLongDate(iso: string): string {
  return longDayMonthYear.format(new Date(iso));
}

/** A moment written out in en-GB in London, e.g. '9 December 2026 at 23:59' (a dispute's deadline). */
const longDateTime = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/London',
});

export function formatLongDateTime(iso: string): string {
  return longDateTime.format(new Date(iso));
}

/** A moment in en-GB in London, e.g. '22 Nov 2026, 14:05': when a payment was made, or a step of it. */
const dateTime = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/London',
});

export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}
