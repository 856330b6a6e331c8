/**
 * The money rules' one SQL home (migration 0033, decision 0119) equals their TypeScript reference
 * (paymentMoney, refundClinicShare and requestAmount in packages/shared) on any payment, refund and
 * request: fast-check draws them, the database works each figure out with its function, and the two
 * must agree to the penny. Runs on PGlite and, in the server-postgres project, on PostgreSQL.
 */
import {
  paymentMoney,
  type RecordedPaymentStatus,
  refundClinicShare,
  requestAmount,
} from '@clinicpay/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database.js';
import type { Database } from './client.js';

const STATUSES: RecordedPaymentStatus[] = ['pending', 'paid', 'partially_refunded', 'refunded'];

/** A payment as the table's checks allow it: fee and refunds within the amount paid. */
const payment = fc
  .record({
    status: fc.constantFrom(...STATUSES),
    amountPaid: fc.integer({ min: 1, max: 100_000_000 }),
    refundShare: fc.double({ min: 0, max: 1, noNaN: true }),
    feeShare: fc.double({ min: 0, max: 1, noNaN: true }),
    cardFee: fc.option(fc.integer({ min: 0, max: 5_000_000 }), { nil: null }),
  })
  .map(({ status, amountPaid, refundShare, feeShare, cardFee }) => ({
    status,
    amountPaid,
    refundAmount: Math.floor(amountPaid * refundShare),
    platformFee: Math.floor(amountPaid * feeShare),
    cardFee,
  }));

describe('the money rules in SQL', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('work out every payment figure as paymentMoney does', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(payment, { minLength: 1, maxLength: 40 }), async (drawn) => {
        const { rows } = await database.sql.executeSql(
          `select payment_gross(s, a) as gross, payment_refunded(s, a, r) as refunded, payment_net(s, a, r) as net,
                  payment_application_fee(s, f) as "applicationFee", payment_card_fee(s, c) as "cardFee",
                  payment_platform_revenue(s, f, c) as "platformRevenue"
           from unnest($1::payment_status[], $2::int[], $3::int[], $4::int[], $5::int[]) as t(s, a, r, f, c)`,
          [
            drawn.map((p) => p.status),
            drawn.map((p) => p.amountPaid),
            drawn.map((p) => p.refundAmount),
            drawn.map((p) => p.platformFee),
            drawn.map((p) => p.cardFee),
          ],
        );
        expect(
          rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)]))),
        ).toEqual(drawn.map(paymentMoney));
      }),
      { numRuns: 50 },
    );
  });

  it("work out a refund's clinic share as refundClinicShare does, halves included", async () => {
    const refund = fc
      .record({
        amountPaid: fc.integer({ min: 1, max: 100_000_000 }),
        netShare: fc.double({ min: 0, max: 1, noNaN: true }),
        refundShare: fc.double({ min: 0, max: 1, noNaN: true }),
      })
      .map(({ amountPaid, netShare, refundShare }) => ({
        amountPaid,
        netAmount: Math.floor(amountPaid * netShare),
        refund: Math.max(1, Math.floor(amountPaid * refundShare)),
      }));
    // Exact halves: 1 × 1 ÷ 2 and 3 × 5 ÷ 6 round up.
    const halves = [
      { amountPaid: 2, netAmount: 1, refund: 1 },
      { amountPaid: 6, netAmount: 5, refund: 3 },
    ];
    await fc.assert(
      fc.asyncProperty(fc.array(refund, { minLength: 1, maxLength: 40 }), async (drawn) => {
        const all = [...halves, ...drawn];
        const { rows } = await database.sql.executeSql(
          `select refund_clinic_share(r, n, a) as share from unnest($1::int[], $2::int[], $3::int[]) as t(r, n, a)`,
          [all.map((x) => x.refund), all.map((x) => x.netAmount), all.map((x) => x.amountPaid)],
        );
        expect(rows.map((row) => Number(row.share))).toEqual(
          all.map((x) => refundClinicShare(x.refund, x.netAmount, x.amountPaid)),
        );
      }),
      { numRuns: 50 },
    );
    expect(refundClinicShare(1, 1, 2)).toBe(1);
    expect(refundClinicShare(3, 5, 6)).toBe(3);
  });

  it('price a payment request as requestAmount does', async () => {
    const amount = fc.option(fc.integer({ min: 1, max: 100_000_000 }), { nil: null });
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(amount, amount), { minLength: 1, maxLength: 40 }), async (drawn) => {
        const { rows } = await database.sql.executeSql(
          'select payment_request_amount(c, l) as amount from unnest($1::int[], $2::int[]) as t(c, l)',
          [drawn.map(([custom]) => custom), drawn.map(([, link]) => link)],
        );
        expect(rows.map((row) => (row.amount === null ? null : Number(row.amount)))).toEqual(
          drawn.map(([custom, link]) => requestAmount(custom, link)),
        );
      }),
      { numRuns: 30 },
    );
  });
});
