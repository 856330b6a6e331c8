import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cardFeeFor } from './card-fees.js';

describe('cardFeeFor (Stripe UK prices, decision 0085)', () => {
  it('charges 1.5% + 20p on UK cards, 2.5% + 20p on EEA cards and 3.25% + 20p on others', () => {
    expect(cardFeeFor(4500, 'GB')).toBe(88);
    expect(cardFeeFor(4500, 'IE')).toBe(133);
    expect(cardFeeFor(4500, 'US')).toBe(166);
    expect(cardFeeFor(10_000, 'GB')).toBe(170);
  });

  it('rounds the percentage half up to whole pence', () => {
    // 3.25% of £0.50 is 1.625p → 2p; of £0.30 is 0.975p → 1p; 1.5% of £0.30 is 0.45p → 0p.
    expect(cardFeeFor(50, 'US')).toBe(22);
    expect(cardFeeFor(30, 'US')).toBe(21);
    expect(cardFeeFor(30, 'GB')).toBe(20);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000 }), (amount) => {
        const exact = (amount * 150) / 10_000;
        const fee = cardFeeFor(amount, 'GB') - 20;
        expect(Number.isInteger(fee)).toBe(true);
        expect(fee - exact).toBeLessThanOrEqual(0.5);
        expect(fee - exact).toBeGreaterThan(-0.5);
      }),
    );
  });
});
