import { describe, expect, it } from 'vitest';
import { POLICY_MESSAGES, policyFeeText, policyFormSchema, policyMaximum } from './policies.js';

describe('policyMaximum', () => {
  it('is the fixed fee, or the percentage of the treatment rounded down to the penny', () => {
    expect(policyMaximum({ feeType: 'fixed', feeAmount: 4000, feePercent: null }, 12_000)).toBe(4000);
    expect(policyMaximum({ feeType: 'percent', feeAmount: null, feePercent: 50 }, 12_000)).toBe(6000);
    // 33% of £0.99 is 32.67p: 32p, never more than agreed.
    expect(policyMaximum({ feeType: 'percent', feeAmount: null, feePercent: 33 }, 99)).toBe(32);
    expect(policyFeeText({ feeType: 'percent', feeAmount: null, feePercent: 50 })).toBe(
      '50% of the treatment price',
    );
    expect(policyFeeText({ feeType: 'fixed', feeAmount: 12_345, feePercent: null })).toBe('£123.45');
  });
});

describe('the policy form', () => {
  const text = 'Missed appointments are charged the fee.';
  it('turns pounds into pence and keeps notice hours for a cancellation policy only', () => {
    expect(
      policyFormSchema.parse({ feeType: 'fixed', fee: '40.50', noticeHours: '', text, needsNotice: false }),
    ).toEqual({ feeType: 'fixed', feeAmount: 4050, noticeHours: null, text });
    expect(
      policyFormSchema.parse({ feeType: 'percent', fee: '25', noticeHours: '24', text, needsNotice: true }),
    ).toEqual({ feeType: 'percent', feePercent: 25, noticeHours: 24, text });
  });

  it('names each bad field with its message', () => {
    const result = policyFormSchema.safeParse({
      feeType: 'percent',
      fee: '12.5',
      noticeHours: '0',
      text: 'short',
      needsNotice: true,
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['text', POLICY_MESSAGES.textRequired],
      ['noticeHours', POLICY_MESSAGES.invalidNotice],
      ['fee', POLICY_MESSAGES.invalidPercent],
    ]);
  });
});
