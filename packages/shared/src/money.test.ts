import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPence, parsePoundsToPence, penceToPoundsText } from './money.js';

describe('money', () => {
  it('formats pence as pounds', () => {
    expect(formatPence(4500)).toBe('£45.00');
    expect(formatPence(5)).toBe('£0.05');
    expect(formatPence(123456)).toBe('£1,234.56');
  });

  it('writes pence as the pounds a person would type, and back', () => {
    expect(penceToPoundsText(4000)).toBe('40.00');
    expect(penceToPoundsText(5)).toBe('0.05');
    expect(penceToPoundsText(123456)).toBe('1234.56');
    for (const pence of [0, 1, 99, 100, 4550, 9_999_999]) {
      expect(parsePoundsToPence(penceToPoundsText(pence))).toBe(pence);
    }
  });

  it('parses typed pounds into pence without floats', () => {
    expect(parsePoundsToPence('45')).toBe(4500);
    expect(parsePoundsToPence('45.5')).toBe(4550);
    expect(parsePoundsToPence(' 0.29 ')).toBe(29);
    expect(parsePoundsToPence('£45')).toBe(4500);
    expect(parsePoundsToPence('£ 1,250.50')).toBe(125050);
    for (const bad of ['', '-1', '1.234', 'abc', '1e3', '£-5', '.5', '1,25', '12,34,567', '££5', '5£']) {
      expect(parsePoundsToPence(bad)).toBeNull();
    }
  });

  it('round-trips every amount through its two-decimal text', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999 }), (pence) => {
        const text = `${Math.trunc(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;
        expect(parsePoundsToPence(text)).toBe(pence);
      }),
    );
  });
});
