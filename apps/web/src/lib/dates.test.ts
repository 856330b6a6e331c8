import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './dates';

describe('dates in tables and details (docs/product.md#constants)', () => {
  it("gives a table's date as the London day, the same day the details and the CSV show", () => {
    // 23:30 UTC on 22 July is 00:30 on 23 July in London (British Summer Time).
    expect(formatDate('2026-07-22T23:30:00.000Z')).toBe('23 Jul 2026');
    expect(formatDateTime('2026-07-22T23:30:00.000Z')).toBe('23 Jul 2026, 00:30');
    // In winter London keeps Greenwich time.
    expect(formatDate('2026-12-01T23:30:00.000Z')).toBe('1 Dec 2026');
  });
});
