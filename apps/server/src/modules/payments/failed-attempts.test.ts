import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  confirmWithCard,
  connectedClinicWithLink,
  payPage,
  sandboxOf,
  startPayment,
} from '../../../test/sandbox.js';
import { createTestApp } from '../../../test/test-app.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('declined attempts (decision 0101)', () => {
  it('lists a declined attempt with the reason under Failed, never among payments or in the figures', async () => {
    const clinic = await connectedClinicWithLink(app, 4500);
    const intent = await startPayment(app, clinic.linkId);
    const declined = (await confirmWithCard(app, intent, '4000000000009995')).json();
    expect(declined.error.declineCode).toBe('insufficient_funds');
    await sandboxOf(app).events.deliverDue();
    // Delivered again, as the provider may: still one attempt.
    await sandboxOf(app).events.retryNow();
    await sandboxOf(app).events.deliverDue();
    await payPage(app, clinic.linkId);
    await sandboxOf(app).events.deliverDue();

    const list = (query: string) =>
      app
        .inject({ url: `/api/payments${query}`, cookies: clinic.cookies })
        .then((response) => response.json());
    const failed = await list('?status=failed');
    expect(failed.total).toBe(1);
    expect(failed.items).toEqual([
      expect.objectContaining({
        status: 'failed',
        patientName: 'Ada Patient',
        amount: 4500,
        reference: null,
        linkTitle: 'Consultation',
        failureMessage: expect.stringMatching(/insufficient funds/i),
      }),
    ]);
    expect((await list('?status=failed&search=nobody')).total).toBe(0);
    expect((await list('?status=failed&search=ada@patient')).total).toBe(1);
    // Shorter than a trigram, a word's start (decision 0136): the email starts with 'ad', 'da' is inside.
    expect((await list('?status=failed&search=AD')).total).toBe(1);
    expect((await list('?status=failed&search=da')).total).toBe(0);

    const all = await list('');
    expect(all.items.map((item: { status: string }) => item.status)).toEqual(['paid']);
    const stats = (await app.inject({ url: '/api/payments/stats', cookies: clinic.cookies })).json();
    expect(stats.totalReceivedToday).toBe(4500);
    // The report holds payments only.
    const report = await app.inject({ url: '/api/payments/export?status=failed', cookies: clinic.cookies });
    expect(report.statusCode).toBe(404);
    expect(report.json().message).toBe('No data to export');
  });

  it("never lists another clinic's declined attempts", async () => {
    const clinic = await connectedClinicWithLink(app, 3000);
    const other = await connectedClinicWithLink(app, 3000);
    await payPage(app, clinic.linkId, '4000000000000002');
    await sandboxOf(app).events.deliverDue();
    const mine = await app.inject({ url: '/api/payments?status=failed', cookies: clinic.cookies });
    const theirs = await app.inject({ url: '/api/payments?status=failed', cookies: other.cookies });
    expect(mine.json().total).toBe(1);
    expect(theirs.json().total).toBe(0);
  });
});
