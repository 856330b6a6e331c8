/**
 * The daily totals the admin statistics read (payment_daily_totals, kept by a trigger on payments)
 * always equal the sums docs/product.md#constants defines over the payments themselves, whatever is
 * inserted, refunded, moved between days or clinics, or deleted, including on the days the clocks
 * change in London.
 */
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertClinic, insertPayment } from '../../../test/admin-data.js';
import { createTestApp } from '../../../test/test-app.js';
import { paymentDailyTotals, payments } from '../../db/schema/index.js';

const STATUSES = ['paid', 'partially_refunded', 'refunded', 'pending'] as const;
/** Around the spring and autumn clock changes of 2026 and an ordinary day. */
const INSTANTS = [
  '2026-03-28T23:30:00Z',
  '2026-03-29T00:30:00Z',
  '2026-03-29T23:30:00Z',
  '2026-10-24T22:59:00Z',
  '2026-10-24T23:30:00Z',
  '2026-10-25T00:30:00Z',
  '2026-07-14T12:00:00Z',
];

const payment = fc.record({
  clinic: fc.nat({ max: 1 }),
  at: fc.constantFrom(...INSTANTS),
  status: fc.constantFrom(...STATUSES),
  amount: fc.integer({ min: 100, max: 500_000 }),
  refundShare: fc.integer({ min: 0, max: 100 }),
  platformFee: fc.integer({ min: 0, max: 20_000 }),
  stripeFee: fc.option(fc.integer({ min: 0, max: 30_000 }), { nil: null }),
});
const change = fc.oneof(
  fc.record({
    kind: fc.constant('status' as const),
    status: fc.constantFrom(...STATUSES),
    refundShare: fc.integer({ min: 0, max: 100 }),
  }),
  fc.record({
    kind: fc.constant('move' as const),
    at: fc.constantFrom(...INSTANTS),
    clinic: fc.nat({ max: 1 }),
  }),
  fc.record({ kind: fc.constant('delete' as const) }),
);

describe('payment_daily_totals', () => {
  let app: FastifyInstance;
  let clinicIds: string[];
  beforeAll(async () => {
    app = await createTestApp();
    clinicIds = [await insertClinic(app), await insertClinic(app)];
  });
  afterAll(() => app.close());

  /** The figures' sums straight from the payments, per clinic and London day, without empty rows. */
  async function expected() {
    const { rows } = await app.database.sql.executeSql(`
      select clinic_id, to_char((paid_at at time zone 'Europe/London')::date, 'YYYY-MM-DD') as day,
        sum(case status when 'paid' then amount_paid
          when 'partially_refunded' then greatest(amount_paid - refund_amount, 0) else 0 end)::int as payments,
        count(*)::int as payment_count,
        sum(case status when 'refunded' then amount_paid
          when 'partially_refunded' then refund_amount else 0 end)::int as refunds,
        sum(platform_fee - coalesce(stripe_fee, 0))::int as revenue,
        count(*)::int as recorded, sum(amount_paid)::int as amount_paid,
        (count(*) filter (where refund_amount > 0))::int as refund_count,
        sum(refund_amount)::int as refund_amount, sum(platform_fee)::int as platform_fees
      from payments where status in ('paid', 'partially_refunded', 'refunded')
      group by 1, 2 order by 1, 2`);
    return rows;
  }

  async function actual() {
    const rows = await app.database.db
      .select({
        clinic_id: paymentDailyTotals.clinicId,
        day: paymentDailyTotals.day,
        payments: paymentDailyTotals.paymentsTotal,
        payment_count: paymentDailyTotals.paymentCount,
        refunds: paymentDailyTotals.refundsTotal,
        revenue: paymentDailyTotals.revenue,
        recorded: paymentDailyTotals.recordedCount,
        amount_paid: paymentDailyTotals.amountPaid,
        refund_count: paymentDailyTotals.refundCount,
        refund_amount: paymentDailyTotals.refundAmount,
        platform_fees: paymentDailyTotals.platformFees,
      })
      .from(paymentDailyTotals)
      .where(sql`${paymentDailyTotals.recordedCount} <> 0`)
      .orderBy(paymentDailyTotals.clinicId, paymentDailyTotals.day);
    return rows;
  }

  /** The platform-wide sums per day, from the payments and from platform_daily_totals. */
  async function platformExpected() {
    const { rows } = await app.database.sql.executeSql(`
      select to_char((paid_at at time zone 'Europe/London')::date, 'YYYY-MM-DD') as day,
        sum(case status when 'paid' then amount_paid
          when 'partially_refunded' then greatest(amount_paid - refund_amount, 0) else 0 end)::int as payments,
        count(*)::int as payment_count,
        sum(case status when 'refunded' then amount_paid
          when 'partially_refunded' then refund_amount else 0 end)::int as refunds,
        sum(platform_fee - coalesce(stripe_fee, 0))::int as revenue,
        sum(platform_fee)::int as platform_fees,
        (count(*) filter (where refund_amount > 0))::int as refund_count
      from payments where status in ('paid', 'partially_refunded', 'refunded')
      group by 1 order by 1`);
    return rows;
  }

  async function platformActual() {
    const { rows } = await app.database.sql.executeSql(`
      select to_char(day, 'YYYY-MM-DD') as day, sum(payments_total)::int as payments,
        sum(payment_count)::int as payment_count, sum(refunds_total)::int as refunds,
        sum(revenue)::int as revenue, sum(platform_fees)::int as platform_fees,
        sum(refund_count)::int as refund_count
      from platform_daily_totals group by day
      having sum(payments_total) <> 0 or sum(payment_count) <> 0 or sum(refunds_total) <> 0 or sum(revenue) <> 0
      order by 1`);
    return rows;
  }

  const refundOf = (status: string, amount: number, share: number) =>
    status === 'refunded'
      ? amount
      : status === 'partially_refunded'
        ? Math.max(1, Math.floor((amount * share) / 101))
        : 0;

  it('match the payments after any inserts, refunds, moves and deletions', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(payment, { minLength: 1, maxLength: 6 }),
        fc.array(change, { maxLength: 6 }),
        async (made, changes) => {
          await app.database.db.delete(payments);
          const ids: string[] = [];
          for (const value of made) {
            ids.push(
              await insertPayment(app, {
                clinicId: clinicIds[value.clinic] ?? '',
                paidAt: value.at,
                amountPaid: value.amount,
                status: value.status,
                refundAmount: refundOf(value.status, value.amount, value.refundShare),
                platformFee: Math.min(value.platformFee, value.amount),
                stripeFee: value.stripeFee,
              }),
            );
          }
          for (const [index, step] of changes.entries()) {
            const id = ids[index % ids.length] ?? '';
            const [row] = await app.database.db.select().from(payments).where(eq(payments.id, id));
            if (!row) continue;
            if (step.kind === 'delete') await app.database.db.delete(payments).where(eq(payments.id, id));
            else if (step.kind === 'move') {
              await app.database.db
                .update(payments)
                .set({ paidAt: new Date(step.at), clinicId: clinicIds[step.clinic] ?? row.clinicId })
                .where(eq(payments.id, id));
            } else {
              await app.database.db
                .update(payments)
                .set({
                  status: step.status,
                  refundAmount: refundOf(step.status, row.amountPaid, step.refundShare),
                })
                .where(eq(payments.id, id));
            }
          }
          expect(await actual()).toEqual(await expected());
          expect(await platformActual()).toEqual(await platformExpected());
        },
      ),
      { numRuns: 25 },
    );
  });
});
