/**
 * Test data for this feature's component tests, in the API's shapes from @clinicpay/shared (rendering
 * and the network: src/testing/app.tsx).
 */
import type { Payout, PayoutDetail, PayoutLine, PayoutsOverview } from '@clinicpay/shared';

export const aPayout = (overrides: Partial<Payout> = {}): Payout => ({
  id: 'po_1',
  amount: 12_000,
  status: 'paid',
  statusLabel: 'Paid',
  // Winter: Greenwich Mean Time, so London shows the same day.
  arrivalDate: '2026-12-02T00:00:00.000Z',
  created: '2026-11-30T09:00:00.000Z',
  failureCode: null,
  failureReason: null,
  ...overrides,
});

export const aFailedPayout = (overrides: Partial<Payout> = {}): Payout =>
  aPayout({
    id: 'po_failed',
    amount: 8_000,
    status: 'failed',
    statusLabel: 'Failed',
    failureCode: 'account_closed',
    failureReason: 'The bank account has been closed.',
    ...overrides,
  });

export const anOverview = (overrides: Partial<PayoutsOverview> = {}): PayoutsOverview => ({
  balance: { available: 123_456, pending: 7_890 },
  payouts: [aPayout()],
  ...overrides,
});

export const aLine = (overrides: Partial<PayoutLine> = {}): PayoutLine => ({
  id: 'txn_1',
  type: 'payment',
  origin: 'charge',
  label: 'Payment',
  amount: 10_000,
  fee: 0,
  net: 10_000,
  created: '2026-11-25T10:00:00.000Z',
  paymentId: 'pay_1',
  paymentReference: 'CP-ABC123',
  patientName: 'Ada Lovelace',
  ...overrides,
});

/** A payout of £120.00: two payments and a refund, whose nets add up to it. */
export const aPayoutDetail = (overrides: Partial<PayoutDetail> = {}): PayoutDetail => {
  const lines = [
    aLine(),
    aLine({
      id: 'txn_2',
      amount: 4_000,
      net: 4_000,
      paymentId: 'pay_2',
      paymentReference: 'CP-DEF456',
      patientName: 'Grace Hopper',
    }),
    aLine({
      id: 'txn_3',
      type: 'payment_refund',
      origin: 'refund',
      label: 'Refund',
      amount: -2_000,
      net: -2_000,
      created: '2026-11-26T10:00:00.000Z',
    }),
  ];
  return { payout: aPayout(), lines, linesTotal: 12_000, ...overrides };
};
