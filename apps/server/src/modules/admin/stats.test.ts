import { percentChange } from '@clinicpay/shared';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedInAdmin } from '../../../test/accounts.js';
import { insertClinic, insertPayment } from '../../../test/admin-data.js';
import { createTestApp } from '../../../test/test-app.js';

describe("GET /api/admin/stats: the admin dashboard's figures (decision 0097)", () => {
  let app: FastifyInstance;
  let cookies: Record<string, string>;
  beforeEach(async () => {
    app = await createTestApp();
    cookies = (await signedInAdmin(app)).cookies;
  });
  afterEach(() => app.close());

  const stats = async (query = '') => {
    const response = await app.inject({ url: `/api/admin/stats${query}`, cookies });
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  it('sums payments, refunds and platform revenue (a loss counted as one, decision 0085), ignoring pending payments', async () => {
    const clinicId = await insertClinic(app);
    const at = '2026-11-10T12:00:00Z';
    await insertPayment(app, { clinicId, paidAt: at, amountPaid: 10_000, platformFee: 300, stripeFee: 160 });
    await insertPayment(app, {
      clinicId,
      paidAt: at,
      amountPaid: 5000,
      status: 'partially_refunded',
      refundAmount: 2000,
      platformFee: 150,
      stripeFee: 270,
    });
    await insertPayment(app, {
      clinicId,
      paidAt: at,
      amountPaid: 4000,
      status: 'refunded',
      refundAmount: 4000,
      platformFee: 120,
      stripeFee: 76,
    });
    await insertPayment(app, { clinicId, paidAt: at, amountPaid: 9999, status: 'pending', platformFee: 99 });

    const result = await stats('?from=2026-11-10&to=2026-11-10');
    // Net: 10000 paid + (5000 − 2000) partially refunded + (4000 − 4000) refunded; three payments taken.
    expect(result.totalPayments).toMatchObject({ value: 13_000, count: 3 });
    // One set of figures (decision 0097): gross less refunds is net; fees less card fees is revenue.
    expect(result.figures).toEqual({
      count: 3,
      gross: 19_000,
      refunds: 6000,
      refundCount: 2,
      net: 13_000,
      platformFees: 570,
      cardFees: 506,
      platformRevenue: 64,
    });
    // 4000 refunded whole + 2000 refunded in part.
    expect(result.totalRefunds.value).toBe(6000);
    // (300 − 160) + (150 − 270) + (120 − 76): the second payment cost more than it earned.
    expect(result.platformRevenue.value).toBe(64);
    // All time gives the same sums, and no change without a previous period.
    const allTime = await stats();
    expect(allTime.totalPayments).toEqual({ value: 13_000, count: 3, change: null });
    expect(allTime.figures).toEqual(result.figures);
    expect(allTime.platformRevenue).toEqual({ value: 64, change: null });
  });

  it('compares with the previous period of as many days, rounded to one decimal, with the zero rule', async () => {
    const clinicId = await insertClinic(app);
    // The range is 7 days, 10–16 November; the previous period is 3–9 November.
    await insertPayment(app, {
      clinicId,
      paidAt: '2026-11-12T10:00:00Z',
      amountPaid: 13_000,
      platformFee: 184,
    });
    await insertPayment(app, {
      clinicId,
      paidAt: '2026-11-05T10:00:00Z',
      amountPaid: 8000,
      platformFee: 240,
    });
    // Before the previous period: counted in neither.
    await insertPayment(app, { clinicId, paidAt: '2026-11-02T23:59:59Z', amountPaid: 50_000 });

    const result = await stats('?from=2026-11-10&to=2026-11-16');
    expect(result.totalPayments.change).toBe(62.5); // (13000 − 8000) / 8000
    expect(result.platformRevenue.change).toBe(-23.3); // (184 − 240) / 240 = −23.33…
    expect(result.totalRefunds).toEqual({ value: 0, change: 0 }); // 0 against 0

    // Its own previous period, 27 October – 2 November, holds the 50000 paid late on 2 November.
    const earlier = await stats('?from=2026-11-03&to=2026-11-09');
    expect(earlier.totalPayments).toMatchObject({ value: 8000, change: -84 }); // (8000 − 50000) / 50000
    expect(earlier.platformRevenue).toEqual({ value: 240, change: 100 }); // against 0
  });

  it('rounds changes half away from zero', () => {
    expect(percentChange(1001, 800)).toBe(25.1); // 25.125
    expect(percentChange(2, 3)).toBe(-33.3);
    expect(percentChange(799, 800)).toBe(-0.1); // −0.125
    expect(percentChange(0, 800)).toBe(-100);
    expect(percentChange(0, 0)).toBe(0);
    expect(percentChange(5, 0)).toBe(100);
  });

  it('counts the whole London day across the spring change of clock (29 March 2026, 23 hours)', async () => {
    const clinicId = await insertClinic(app);
    const pay = (paidAt: string, amountPaid: number) => insertPayment(app, { clinicId, paidAt, amountPaid });
    await pay('2026-03-27T23:59:59.999Z', 1); // 27 March: before the previous period
    await pay('2026-03-28T00:00:00.000Z', 10); // 28 March 00:00 GMT: previous period
    await pay('2026-03-28T23:59:59.999Z', 20); // 28 March 23:59 GMT: previous period
    await pay('2026-03-29T00:00:00.000Z', 100); // 29 March 00:00 GMT: in
    await pay('2026-03-29T22:59:59.999Z', 200); // 29 March 23:59:59.999 BST: in
    await pay('2026-03-29T23:00:00.000Z', 4000); // 30 March 00:00 BST: after

    const result = await stats('?from=2026-03-29&to=2026-03-29');
    expect(result.totalPayments).toMatchObject({ value: 300, count: 2 });
    expect(result.totalPayments.change).toBe(900); // (300 − 30) / 30
    expect(result.series).toEqual([{ date: '2026-03-29', amount: 300, count: 2 }]);
  });

  it('counts the whole London day across the autumn change of clock (25 October 2026, 25 hours)', async () => {
    const clinicId = await insertClinic(app);
    const pay = (paidAt: string, amountPaid: number) => insertPayment(app, { clinicId, paidAt, amountPaid });
    await pay('2026-10-23T22:59:59.999Z', 1); // 23 October 23:59 BST: before the previous period
    await pay('2026-10-23T23:00:00.000Z', 10); // 24 October 00:00 BST: previous period
    await pay('2026-10-24T22:59:59.999Z', 20); // 24 October 23:59 BST: previous period
    await pay('2026-10-24T23:00:00.000Z', 100); // 25 October 00:00 BST: in
    await pay('2026-10-25T23:59:59.999Z', 200); // 25 October 23:59:59.999 GMT: in
    await pay('2026-10-26T00:00:00.000Z', 4000); // 26 October 00:00 GMT: after

    const result = await stats('?from=2026-10-24&to=2026-10-25');
    // Two days, 24–25 October; the previous period is 22–23 October.
    expect(result.totalPayments).toMatchObject({ value: 330, count: 4 });
    expect(result.totalPayments.change).toBe(32_900); // (330 − 1) / 1
    expect(result.series).toEqual([
      { date: '2026-10-24', amount: 30, count: 2 },
      { date: '2026-10-25', amount: 300, count: 2 },
    ]);
    const oneDay = await stats('?from=2026-10-25&to=2026-10-25');
    expect(oneDay.totalPayments).toMatchObject({ value: 300, change: 900 });
  });

  it('counts clinics up to the end of the range and those that joined this London month', async () => {
    await insertClinic(app, { createdAt: new Date() });
    await insertClinic(app, { createdAt: new Date(Date.now() - 70 * 86_400_000) });
    expect((await stats()).totalClinics).toEqual({ value: 2, joinedThisMonth: 1 });
    await insertClinic(app, { createdAt: new Date('2026-03-01T12:00:00Z') });
    expect((await stats('?from=2026-03-01&to=2026-03-31')).totalClinics.value).toBe(1);
  });

  it('lists the 5 newest clinics with the payments each has processed', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 6; index += 1) {
      ids.push(
        await insertClinic(app, {
          clinicName: index === 5 ? null : `Clinic ${index}`,
          createdAt: new Date(Date.UTC(2026, 0, 1 + index)),
          stripeStatus: index === 4 ? 'connected' : null,
        }),
      );
    }
    const newest = String(ids[5]);
    const paidAt = '2026-06-01T12:00:00Z';
    await insertPayment(app, { clinicId: newest, paidAt, amountPaid: 100 });
    await insertPayment(app, {
      clinicId: newest,
      paidAt,
      amountPaid: 100,
      status: 'partially_refunded',
      refundAmount: 10,
    });
    await insertPayment(app, {
      clinicId: newest,
      paidAt,
      amountPaid: 100,
      status: 'refunded',
      refundAmount: 100,
    });

    const { recentClinics } = await stats();
    expect(recentClinics.map((clinic: { id: string }) => clinic.id)).toEqual(ids.slice(1).reverse());
    expect(recentClinics[0]).toMatchObject({
      clinicName: null,
      stripeStatus: 'not_connected',
      paymentsProcessed: 3,
      createdAt: '2026-01-06T00:00:00.000Z',
    });
    // The same count as the clinic list's Transactions and the profile's Total Payments (decision 0097).
    const list = await app.inject({ url: '/api/admin/clinics', cookies });
    expect(list.json().items.find((clinic: { id: string }) => clinic.id === newest).transactions).toBe(3);
    const profile = await app.inject({ url: `/api/admin/clinics/${newest}`, cookies });
    expect(profile.json().stats).toMatchObject({ count: 3, gross: 300, refunds: 110, net: 190 });
    expect(recentClinics[1]).toMatchObject({ clinicName: 'Clinic 4', stripeStatus: 'connected' });
  });

  it('charts the last 30 London days without a range, one point a day', async () => {
    const { series } = await stats();
    expect(series).toHaveLength(30);
    expect(series.every((day: { amount: number }) => day.amount === 0)).toBe(true);
  });

  it('refuses a half-open, reversed or malformed range with a clear message', async () => {
    const bad = async (query: string) => {
      const response = await app.inject({ url: `/api/admin/stats${query}`, cookies });
      expect(response.statusCode, query).toBe(400);
      return response.json().message;
    };
    expect(await bad('?from=2026-11-01')).toBe('Choose both a start and an end date');
    expect(await bad('?from=2026-11-02&to=2026-11-01')).toBe('The start date must not be after the end date');
    expect(await bad('?from=2026-02-30&to=2026-03-01')).toBe('Enter dates as YYYY-MM-DD');
  });
});
