/** Dates are shown in the en-GB locale (spec §9), e.g. '22 Nov 2026'. */
const dayMonthYear = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

export function formatDate(iso: string): string {
  return dayMonthYear.format(new Date(iso));
}
