import { describe, expect, it } from 'vitest';
import {
  BELOW_MIN_CHARGE,
  createPaymentLinkSchema,
  LINK_MESSAGES,
  linkAmountText,
  paymentLinkFormSchema,
} from './payment-links.js';

const form = (amount: string) => ({
  title: 'Consultation',
  amount,
  type: 'consultation',
  description: '',
  requiresCardOnFile: false,
  treatmentTotal: '',
  depositPercent: '',
  securesAppointment: false,
  expiresOn: '',
  maxPayments: '',
});
const amountError = (amount: string) => {
  const result = paymentLinkFormSchema.safeParse(form(amount));
  return result.success ? null : result.error.issues.find((issue) => issue.path[0] === 'amount')?.message;
};

describe('the Create Payment Link form amount (docs/product.md#validation)', () => {
  it('turns pounds into pence', () => {
    expect(paymentLinkFormSchema.parse(form('45')).amount).toBe(4500);
    expect(paymentLinkFormSchema.parse(form('45.50')).amount).toBe(4550);
    expect(paymentLinkFormSchema.parse(form('0.30')).amount).toBe(30);
  });

  it('refuses in the browser what the server refuses, the £0.30 minimum included', () => {
    expect(amountError('0.29')).toBe(BELOW_MIN_CHARGE);
    expect(amountError('')).toBe(LINK_MESSAGES.amountRequired);
    expect(amountError('abc')).toBe(LINK_MESSAGES.invalidAmount);
    expect(amountError('0')).toBe(LINK_MESSAGES.invalidAmount);
    expect(amountError('100000.01')).toBe(LINK_MESSAGES.invalidAmount);
  });
});

describe('the Create Payment Link form deposit (docs/decisions/0094-deposits-and-balances.md)', () => {
  const deposit = (amount: string, treatmentTotal: string, depositPercent = '') =>
    paymentLinkFormSchema.safeParse({ ...form(amount), treatmentTotal, depositPercent });
  const errors = (result: ReturnType<typeof deposit>) =>
    result.success
      ? {}
      : Object.fromEntries(result.error.issues.map((issue) => [issue.path[0], issue.message]));

  it('takes an amount below the treatment total, or a percent of it in whole pence', () => {
    expect(deposit('50', '200').data).toMatchObject({
      amount: 5000,
      treatmentTotal: 20_000,
      depositPercent: null,
    });
    expect(deposit('', '125.50', '25').data).toMatchObject({
      amount: 3138,
      treatmentTotal: 12_550,
      depositPercent: 25,
    });
  });

  it('refuses a deposit not below the total, a percent without a total, and a percent out of range', () => {
    expect(errors(deposit('200', '200'))).toEqual({ amount: LINK_MESSAGES.depositBelowTotal });
    expect(errors(deposit('', '', '25'))).toEqual({ treatmentTotal: LINK_MESSAGES.depositPercentNeedsTotal });
    expect(errors(deposit('', '200', '100'))).toEqual({
      depositPercent: LINK_MESSAGES.invalidDepositPercent,
    });
    expect(errors(deposit('', '1', '10'))).toEqual({ depositPercent: BELOW_MIN_CHARGE });
  });
});

describe('a link that secures an appointment (docs/decisions/0095-secure-your-appointment.md)', () => {
  it('always asks for a card on file, in the form and in the API', () => {
    expect(paymentLinkFormSchema.parse({ ...form('120'), securesAppointment: true })).toMatchObject({
      amount: 12_000,
      securesAppointment: true,
      requiresCardOnFile: true,
    });
    expect(
      createPaymentLinkSchema.parse({ title: 'Facial', amount: 9000, securesAppointment: true }),
    ).toMatchObject({ securesAppointment: true, requiresCardOnFile: true });
    expect(createPaymentLinkSchema.parse({ title: 'Facial', amount: 9000 })).toMatchObject({
      securesAppointment: false,
      requiresCardOnFile: false,
    });
  });

  it('takes no deposit', () => {
    const issues = (input: unknown) => {
      const result = createPaymentLinkSchema.safeParse(input);
      return result.success ? [] : result.error.issues.map((issue) => [issue.path[0], issue.message]);
    };
    expect(issues({ title: 'Facial', amount: 3000, treatmentTotal: 9000, securesAppointment: true })).toEqual(
      [['treatmentTotal', LINK_MESSAGES.securesAppointmentNoDeposit]],
    );
    const typed = paymentLinkFormSchema.safeParse({
      ...form('30'),
      treatmentTotal: '90',
      securesAppointment: true,
    });
    expect(typed.success ? [] : typed.error.issues.map((issue) => issue.message)).toEqual([
      LINK_MESSAGES.securesAppointmentNoDeposit,
    ]);
  });

  it("names the treatment's price, and says nothing is paid now", () => {
    expect(linkAmountText({ amount: 12_000, securesAppointment: true })).toBe(
      '£120.00 treatment, card saved: nothing paid now',
    );
    expect(linkAmountText({ amount: 4500, securesAppointment: false })).toBe('£45.00');
  });
});
