import { describe, expect, it } from 'vitest';
import { recentDays, statsPeriod } from './periods.js';

describe('statsPeriod (docs/product.md#constants: London calendar days, end day whole)', () => {
  it('spans the clock change at the end of October with London midnights as bounds', () => {
    // BST ends on Sunday 25 October 2026: that London day has 25 hours.
    const period = statsPeriod('2026-10-24', '2026-10-26');
    expect(period.days).toEqual(['2026-10-24', '2026-10-25', '2026-10-26']);
    expect(period.start.toISOString()).toBe('2026-10-23T23:00:00.000Z');
    expect(period.end.toISOString()).toBe('2026-10-27T00:00:00.000Z');
    expect(period.previousStart.toISOString()).toBe('2026-10-20T23:00:00.000Z');
  });

  it('counts the days of a range across the spring change and a leap day', () => {
    const period = statsPeriod('2028-02-28', '2028-03-27');
    expect(period.days).toHaveLength(29);
    expect(period.days.slice(0, 3)).toEqual(['2028-02-28', '2028-02-29', '2028-03-01']);
    expect(period.days.at(-1)).toBe('2028-03-27');
    // BST starts on 26 March 2028, so the range ends at 23:00 UTC.
    expect(period.end.toISOString()).toBe('2028-03-27T23:00:00.000Z');
    expect(period.previousStart.toISOString()).toBe('2028-01-30T00:00:00.000Z');
  });

  it('lists a whole year, one entry per day, in order', () => {
    const period = statsPeriod('2025-11-24', '2026-11-23');
    expect(period.days).toHaveLength(365);
    expect(new Set(period.days).size).toBe(365);
    expect([...period.days].sort()).toEqual(period.days);
    expect(period.previousStart.toISOString()).toBe('2024-11-24T00:00:00.000Z');
  });
});

describe('recentDays', () => {
  it('is the 30 London days up to today, today being London’s date just after midnight BST', () => {
    const period = recentDays(new Date('2026-06-30T23:30:00Z'));
    expect(period.days).toHaveLength(30);
    expect(period.days.at(-1)).toBe('2026-07-01');
    expect(period.days[0]).toBe('2026-06-02');
  });
});
