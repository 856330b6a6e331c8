import { describe, expect, it } from 'vitest';
import {
  PAYOUT_EXPORT_COLUMNS,
  PAYOUT_FAILURE_FALLBACK,
  PAYOUT_LINE_LABELS,
  PAYOUT_LINE_ORIGINS,
  payoutFailureReason,
} from './payouts.js';

describe('payouts', () => {
  it("says why a payout failed in plain English for Stripe's failure codes, and something for any other", () => {
    expect(payoutFailureReason('account_closed')).toBe('The bank account has been closed.');
    expect(payoutFailureReason('no_account')).toBe('The bank could not find an account with these details.');
    expect(payoutFailureReason('a_code_stripe_adds_later')).toBe(PAYOUT_FAILURE_FALLBACK);
    expect(payoutFailureReason('__proto__')).toBe(PAYOUT_FAILURE_FALLBACK);
    expect(payoutFailureReason(null)).toBeNull();
  });

  it('labels every kind of line', () => {
    for (const origin of PAYOUT_LINE_ORIGINS) expect(PAYOUT_LINE_LABELS[origin]).toMatch(/\S/);
  });

  it("keeps Xero's and QuickBooks Online's bank statement columns", () => {
    expect(PAYOUT_EXPORT_COLUMNS.xero.join(',')).toBe('Date,Amount,Payee,Description,Reference');
    expect(PAYOUT_EXPORT_COLUMNS.quickbooks.join(',')).toBe('Date,Description,Amount');
  });
});
