import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { netAmountFor, platformFeeFor, platformRevenueFor } from './fees.js';

describe('platformFeeFor', () => {
  it('takes the percent of the amount in whole pence, rounding half up', () => {
    expect(platformFeeFor(4500, 300)).toBe(135);
    expect(platformFeeFor(50, 300)).toBe(2); // 1.5p → 2p
    expect(platformFeeFor(49, 300)).toBe(1); // 1.47p → 1p
    expect(platformFeeFor(1, 5000)).toBe(1); // 0.5p → 1p
    expect(platformFeeFor(12_345, 0)).toBe(0);
    expect(platformFeeFor(12_345, 10_000)).toBe(12_345);
  });

  it('is within half a penny of the exact fee, never above the amount, for any amount and percent', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.integer({ min: 0, max: 1000 }),
        (amount, tenths) => {
          const basisPoints = tenths * 10;
          const fee = platformFeeFor(amount, basisPoints);
          const exact = (amount * basisPoints) / 10_000;
          expect(Number.isInteger(fee)).toBe(true);
          expect(fee).toBeGreaterThanOrEqual(0);
          expect(fee).toBeLessThanOrEqual(amount);
          expect(fee - exact).toBeLessThanOrEqual(0.5);
          expect(fee - exact).toBeGreaterThan(-0.5);
          expect(netAmountFor(amount, fee) + fee).toBe(amount);
        },
      ),
    );
  });

  it('refuses fractional pence and out-of-range fees', () => {
    expect(() => platformFeeFor(10.5, 300)).toThrow(RangeError);
    expect(() => platformFeeFor(-1, 300)).toThrow(RangeError);
    expect(() => platformFeeFor(100, 10_001)).toThrow(RangeError);
  });
});

describe('platformRevenueFor', () => {
  it('is the platform fee less the card fee, a loss shown as one (decision 0085)', () => {
    expect(platformRevenueFor(135, 83)).toBe(52);
    expect(platformRevenueFor(30, 34)).toBe(-4);
    expect(platformRevenueFor(135, null)).toBe(135);
  });
});
