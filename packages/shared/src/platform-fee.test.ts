import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { basisPointsToPercentText, percentTextToBasisPoints } from './platform-fee.js';

describe('platform fee percent', () => {
  it('reads percent text into basis points', () => {
    expect(percentTextToBasisPoints('3.0')).toBe(300);
    expect(percentTextToBasisPoints('3')).toBe(300);
    expect(percentTextToBasisPoints('12.5')).toBe(1250);
    expect(percentTextToBasisPoints('100')).toBe(10_000);
    expect(percentTextToBasisPoints('0')).toBe(0);
    for (const bad of ['100.1', '-1', '3.25', 'x', '', '1e2'])
      expect(percentTextToBasisPoints(bad)).toBeNull();
  });

  it('round-trips every percent 0.0 to 100.0', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), (tenths) => {
        const basisPoints = tenths * 10;
        expect(percentTextToBasisPoints(basisPointsToPercentText(basisPoints))).toBe(basisPoints);
      }),
    );
  });
});
