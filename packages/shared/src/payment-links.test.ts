import { describe, expect, it } from 'vitest';
import { BELOW_MIN_CHARGE, LINK_MESSAGES, paymentLinkFormSchema } from './payment-links.js';

const form = (amount: string) => ({
  title: 'Consultation',
  amount,
  type: 'consultation',
  description: '',
  requiresCardOnFile: false,
});
const amountError = (amount: string) => {
  const result = paymentLinkFormSchema.safeParse(form(amount));
  return result.success ? null : result.error.issues.find((issue) => issue.path[0] === 'amount')?.message;
};

describe('the Create Payment Link form amount (spec §5)', () => {
  it('turns pounds into pence', () => {
    expect(paymentLinkFormSchema.parse(form('45')).amount).toBe(4500);
    expect(paymentLinkFormSchema.parse(form('45.50')).amount).toBe(4550);
    expect(paymentLinkFormSchema.parse(form('0.30')).amount).toBe(30);
  });

  it('refuses in the browser what the server refuses, the £0.30 minimum included', () => {
    expect(amountError('0.29')).toBe(BELOW_MIN_CHARGE);
    expect(amountError('')).toBe(LINK_MESSAGES.requiredFields);
    expect(amountError('abc')).toBe(LINK_MESSAGES.invalidAmount);
    expect(amountError('0')).toBe(LINK_MESSAGES.invalidAmount);
    expect(amountError('100000.01')).toBe(LINK_MESSAGES.invalidAmount);
  });
});
