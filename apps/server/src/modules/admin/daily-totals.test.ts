/**
 * The daily totals the admin statistics read (payment_daily_totals, kept by a trigger on payments)
 * always equal the sums of the payments' figures by the TypeScript money rules (paymentMoney, decision
 * 0119; docs/product.md#constants), whatever is inserted, refunded, moved between days or clinics, or
 * deleted, including on the days the clocks change in London.
 */
import { paymentMoney, type RecordedPaymentStatus } from '@clinicpay/shared';
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

  /** Each recorded payment with its London day and its figures by the TypeScript rule (paymentMoney). */
  async function recordedPayments() {
    const { rows } = await app.database.sql.executeSql(`
      select clinic_id, to_char((paid_at at time zone 'Europe/London')::date, 'YYYY-MM-DD') as day, status,
        amount_paid, refund_amount, platform_fee, stripe_fee
      from payments where status <> 'pending'`);
    return rows.map((row) => ({
      clinic_id: String(row.clinic_id),
      day: String(row.day),
      money: paymentMoney({
        status: row.status as RecordedPaymentStatus,
        amountPaid: Number(row.amount_paid),
        refundAmount: Number(row.refund_amount),
        platformFee: Number(row.platform_fee),
        cardFee: row.stripe_fee === null ? null : Number(row.stripe_fee),
      }),
    }));
  }

  /** The figures' sums from the payments by the TypeScript rule, per `key`, ordered by it. */
  function sumBy<K extends string>(
    rows: Awaited<ReturnType<typeof recordedPayments>>,
    key: (row: { clinic_id: string; day: string }) => Record<K, string>,
  ) {
    const groups = new Map<string, Record<string, string | number>>();
    for (const row of rows) {
      const keys = key(row);
      const id = Object.values(keys).join(' ');
      const sums = groups.get(id) ?? {
        ...keys,
        payments: 0,
        payment_count: 0,
        refunds: 0,
        revenue: 0,
        recorded: 0,
        amount_paid: 0,
        refund_count: 0,
        refund_amount: 0,
        platform_fees: 0,
      };
      const add = (name: string, value: number) => {
        sums[name] = Number(sums[name]) + value;
      };
      add('payments', row.money.net);
      add('payment_count', 1);
      add('refunds', row.money.refunded);
      add('revenue', row.money.platformRevenue);
      add('recorded', 1);
      add('amount_paid', row.money.gross);
      add('refund_count', row.money.refunded > 0 ? 1 : 0);
      add('refund_amount', row.money.refunded);
      add('platform_fees', row.money.applicationFee);
      groups.set(id, sums);
    }
    return [...groups.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, sums]) => sums);
  }

  async function expected() {
    return sumBy(await recordedPayments(), ({ clinic_id, day }) => ({ clinic_id, day }));
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

  /** The platform-wide sums per day, by the TypeScript rule and from platform_daily_totals. */
  async function platformExpected() {
    return sumBy(await recordedPayments(), ({ day }) => ({ day })).map(
      ({ recorded, amount_paid, refund_amount, ...sums }) => sums,
    );
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
