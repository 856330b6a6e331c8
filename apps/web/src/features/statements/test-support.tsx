/**
 * Test data for this feature's component tests, in the API's shapes from @clinicpay/shared (rendering
 * and the network: src/testing/app.tsx).
 */
import type { ClinicStatement, PlatformStatement } from '@clinicpay/shared';

/** November 2026: £300.00 paid; net £300 − £6 − £45 − £50 + £20 = £219.00. */
export const aClinicStatement = (overrides: Partial<ClinicStatement> = {}): ClinicStatement => ({
  month: '2026-11',
  paymentCount: 3,
  grossPayments: 30_000,
  platformFees: 600,
  refunds: 5_000,
  refundsDeducted: 4_500,
  disputeCount: 1,
  disputesTakenBack: 5_000,
  disputesReturned: 2_000,
  disputeFeesOwed: 2_000,
  cardFeesPaidByClinicPay: 480,
  paidOut: 12_345,
  net: 21_900,
  ...overrides,
});

/** A month ClinicPay made money in: £6.00 − £4.80 − £0.50 − £0 = £0.70. */
export const aPlatformStatement = (overrides: Partial<PlatformStatement> = {}): PlatformStatement => ({
  month: '2026-11',
  paymentCount: 3,
  grossPayments: 30_000,
  applicationFees: 600,
  cardFees: 480,
  refundFeeShare: 50,
  disputeCosts: 0,
  netRevenue: 70,
  ...overrides,
});
