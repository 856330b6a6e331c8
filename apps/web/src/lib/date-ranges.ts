/**
 * Calendar-day ranges for date filters (the date presets of docs/product.md#constants: last 7 days, this
 * month, last month, year to date, clear). Days are the browser's calendar days, sent to the server as
 * YYYY-MM-DD.
 */
/*
 * date-fns's lightFormat and parseISO rather than format and parse, which bring every token's parser and
 * formatter and the default locale: about 8 kB gzipped in every page with a date filter (decision 0127).
 */
import {
  endOfMonth,
  isValid,
  lightFormat,
  parseISO,
  startOfMonth,
  startOfYear,
  subDays,
  subMonths,
} from 'date-fns';

export interface DayRange {
  from: Date;
  to: Date;
}

export interface RangePreset {
  label: string;
  range: (today: Date) => DayRange;
}

export const RANGE_PRESETS: readonly RangePreset[] = [
  { label: 'Last 7 days', range: (today) => ({ from: subDays(today, 6), to: today }) },
  { label: 'This month', range: (today) => ({ from: startOfMonth(today), to: today }) },
  {
    label: 'Last month',
    range: (today) => {
      const lastMonth = subMonths(today, 1);
      return { from: startOfMonth(lastMonth), to: endOfMonth(lastMonth) };
    },
  },
  { label: 'Year to date', range: (today) => ({ from: startOfYear(today), to: today }) },
];

/** '2026-11-23' for the day as shown on the calendar. */
export function toIsoDay(date: Date): string {
  return lightFormat(date, 'yyyy-MM-dd');
}

/** The calendar day of '2026-11-23', or null for anything that is not a real date. */
export function fromIsoDay(value: string | null | undefined): Date | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  // A date-only ISO string is the calendar day at local midnight, as the picker's days are.
  const date = parseISO(value);
  return isValid(date) && toIsoDay(date) === value ? date : null;
}

/** '23/11/2026' (en-GB, docs/product.md#constants). */
export function formatDayNumeric(date: Date): string {
  return lightFormat(date, 'dd/MM/yyyy');
}
