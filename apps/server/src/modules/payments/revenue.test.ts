/**
 * The clinic dashboard's revenue chart (docs/decisions/0103-revenue-chart.md): gross and net per London
 * day, week or month, beside the period before, from the same daily totals as every other figure.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClinic } from '../../../test/accounts.js';
import { createTestApp } from '../../../test/test-app.js';
import { payments } from '../../db/schema/index.js';
import { clinicRevenue } from './revenue.js';
import { clinicStats } from './service.js';

type Clinic = Awaited<ReturnType<typeof signedInClinic>>;

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function payment(
  clinic: Clinic,
  values: {
    amount: number;
    paidAt: string;
    status?: 'paid' | 'partially_refunded' | 'refunded' | 'pending';
    refund?: number;
  },
) {
  await app.database.db.insert(payments).values({
    clinicId: clinic.user.clinicId,
    patientName: 'Ada Patient',
    patientEmail: 'ada@patient.example',
    amountPaid: values.amount,
    platformFee: Math.round(values.amount * 0.03),
    refundAmount: values.refund ?? 0,
    netAmount: values.amount - Math.round(values.amount * 0.03),
    status: values.status ?? 'paid',
    type: 'treatment',
    title: 'Check-up',
    paymentRef: `CP-${randomUUID().slice(0, 8).toUpperCase()}`,
    stripePaymentId: `pi_${randomUUID()}`,
    paidAt: new Date(values.paidAt),
  });
}

const contextOf = (clinic: Clinic) => ({
  db: app.database.db,
  clinicId: clinic.user.clinicId,
  publicUrl: app.config.publicUrl,
});

describe('the revenue chart', () => {
  let clinic: Clinic;
  // Wednesday 15 July 2026, 10:00 in London (BST).
  const now = new Date('2026-07-15T09:00:00Z');
  beforeAll(async () => {
    clinic = await signedInClinic(app);
    const other = await signedInClinic(app);
    await payment(clinic, { amount: 4500, paidAt: '2026-07-14T23:30:00Z' }); // 15 July in London
    await payment(clinic, {
      amount: 10_000,
      paidAt: '2026-07-13T10:00:00Z',
      status: 'partially_refunded',
      refund: 2500,
    });
    await payment(clinic, { amount: 3000, paidAt: '2026-07-02T10:00:00Z', status: 'refunded', refund: 3000 });
    await payment(clinic, { amount: 2000, paidAt: '2026-06-16T10:00:00Z' }); // the first of the 30 days
    await payment(clinic, { amount: 700, paidAt: '2026-06-15T10:00:00Z' }); // the day before them
    await payment(clinic, { amount: 999, paidAt: '2026-06-15T11:00:00Z', status: 'pending' }); // not a payment
    await payment(clinic, { amount: 1200, paidAt: '2025-08-01T10:00:00Z' }); // 12 months ago
    await payment(clinic, { amount: 1300, paidAt: '2025-07-31T10:00:00Z' }); // in the year before
    await payment(other, { amount: 99_900, paidAt: '2026-07-15T08:00:00Z' });
  });

  it('sums each London day of the last 30, beside the 30 days before', async () => {
    const chart = await clinicRevenue(contextOf(clinic), 'day', now);
    expect(chart).toMatchObject({
      from: '2026-06-16',
      to: '2026-07-15',
      previousFrom: '2026-05-17',
      previousTo: '2026-06-15',
    });
    expect(chart.buckets).toHaveLength(30);
    expect(chart.buckets[0]).toMatchObject({ start: '2026-06-16', count: 1, gross: 2000, net: 2000 });
    expect(chart.buckets[29]).toMatchObject({
      start: '2026-07-15',
      count: 1,
      gross: 4500,
      net: 4500,
      previous: { start: '2026-06-15', count: 1, gross: 700, net: 700 },
    });
    expect(chart.buckets.find((bucket) => bucket.start === '2026-07-13')).toMatchObject({
      gross: 10_000,
      net: 7500,
    });
    expect(chart.buckets.find((bucket) => bucket.start === '2026-07-02')).toMatchObject({
      count: 1,
      gross: 3000,
      net: 0,
    });
    expect(chart.current).toEqual({ count: 4, gross: 19_500, net: 14_000 });
    expect(chart.previous).toEqual({ count: 1, gross: 700, net: 700 });
  });

  it('agrees with the dashboard cards on this month', async () => {
    const chart = await clinicRevenue(contextOf(clinic), 'month', now);
    const stats = await clinicStats(contextOf(clinic), now);
    expect(chart.buckets.at(-1)?.net).toBe(stats.totalReceivedMonth);
  });

  it('sums weeks from Monday, and months, over the last 12 of each', async () => {
    const weeks = await clinicRevenue(contextOf(clinic), 'week', now);
    expect(weeks.buckets).toHaveLength(12);
    expect(weeks.to).toBe('2026-07-15');
    expect(weeks.buckets.at(-1)).toMatchObject({ start: '2026-07-13', gross: 14_500, net: 12_000 });
    expect(weeks.buckets.at(-3)).toMatchObject({ start: '2026-06-29', gross: 3000, net: 0 });
    expect(weeks.from).toBe('2026-04-27');

    const months = await clinicRevenue(contextOf(clinic), 'month', now);
    expect(months.buckets.map((bucket) => bucket.start)).toEqual([
      '2025-08-01',
      '2025-09-01',
      '2025-10-01',
      '2025-11-01',
      '2025-12-01',
      '2026-01-01',
      '2026-02-01',
      '2026-03-01',
      '2026-04-01',
      '2026-05-01',
      '2026-06-01',
      '2026-07-01',
    ]);
    expect(months.buckets[0]).toMatchObject({ gross: 1200, previous: { start: '2024-08-01', gross: 0 } });
    expect(months.buckets.at(-1)).toMatchObject({ gross: 17_500, net: 12_000 });
    expect(months.buckets.at(-2)).toMatchObject({ gross: 2700, net: 2700 });
    expect(months.previous).toEqual({ count: 1, gross: 1300, net: 1300 });
    expect(months.previousTo).toBe('2025-07-31');
  });

  it('answers the signed-in clinic over HTTP, refuses an unknown interval and anyone signed out', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/payments/revenue?interval=week',
      cookies: clinic.cookies,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ interval: 'week' });
    expect(response.json().buckets).toHaveLength(12);
    const byDefault = await app.inject({
      method: 'GET',
      url: '/api/payments/revenue',
      cookies: clinic.cookies,
    });
    expect(byDefault.json()).toMatchObject({ interval: 'day' });
    const year = await app.inject({
      method: 'GET',
      url: '/api/payments/revenue?interval=year',
      cookies: clinic.cookies,
    });
    expect(year.statusCode).toBe(400);
    const signedOut = await app.inject({ method: 'GET', url: '/api/payments/revenue' });
    expect(signedOut.statusCode).toBe(401);
  });
});
