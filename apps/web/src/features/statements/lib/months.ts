/** Months as the statements name them: YYYY-MM in Europe/London. */

const yearMonthInLondon = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
});

/** The London calendar month of `at`, YYYY-MM: just after midnight on 1 July BST is already July. */
export function londonMonth(at: Date = new Date()): string {
  const parts = yearMonthInLondon.formatToParts(at);
  const year = parts.find((part) => part.type === 'year')?.value ?? '';
  const month = parts.find((part) => part.type === 'month')?.value ?? '';
  return `${year}-${month}`;
}

/** The month before `month` (YYYY-MM). */
function previousMonth(month: string): string {
  const [year = 0, number = 1] = month.split('-').map(Number);
  return number === 1 ? `${year - 1}-12` : `${year}-${String(number - 1).padStart(2, '0')}`;
}

/** How many months the pickers offer: this month and the 23 before it. */
export const STATEMENT_MONTHS = 24;

/** The last `count` months, newest (the current London month) first. */
export function recentMonths(count: number = STATEMENT_MONTHS, at: Date = new Date()): string[] {
  const months = [londonMonth(at)];
  while (months.length < count) months.push(previousMonth(months[months.length - 1] ?? ''));
  return months;
}

const monthName = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** '2026-11' → 'November 2026'. */
export function monthLabel(month: string): string {
  const [year = 0, number = 1] = month.split('-').map(Number);
  return monthName.format(new Date(Date.UTC(year, number - 1, 1)));
}
