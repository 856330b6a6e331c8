import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cardFeeFor } from './card-fees.js';

describe('cardFeeFor', () => {
  it('charges 1.4% + 20p on UK and EEA cards and 2.9% + 20p on others', () => {
    expect(cardFeeFor(4500, 'GB')).toBe(83);
    expect(cardFeeFor(4500, 'IE')).toBe(83);
    expect(cardFeeFor(4500, 'US')).toBe(151);
    expect(cardFeeFor(10_000, 'GB')).toBe(160);
  });

  it('rounds the percentage half up to whole pence', () => {
    // 2.9% of £0.50 is 1.45p → 1p; of £0.75 is 2.175p → 2p; 1.4% of £0.25 is 0.35p → 0p.
    expect(cardFeeFor(50, 'US')).toBe(21);
    expect(cardFeeFor(75, 'US')).toBe(22);
    expect(cardFeeFor(25, 'GB')).toBe(20);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000 }), (amount) => {
        const exact = (amount * 140) / 10_000;
        const fee = cardFeeFor(amount, 'GB') - 20;
        expect(Number.isInteger(fee)).toBe(true);
        expect(fee - exact).toBeLessThanOrEqual(0.5);
        expect(fee - exact).toBeGreaterThan(-0.5);
      }),
    );
  });
});
