import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectedClinicWithLink, payPage, sandboxOf } from '../../../test/sandbox.js';
import { createTestApp } from '../../../test/test-app.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('the links list: each link with its payments and their net (decision 0097)', () => {
  it('counts recorded payments through the link, net of refunds, and no declined attempt', async () => {
    const clinic = await connectedClinicWithLink(app, 4000);
    await payPage(app, clinic.linkId);
    await payPage(app, clinic.linkId);
    await payPage(app, clinic.linkId, '4000000000000002');
    await sandboxOf(app).events.deliverDue();
    const history = (await app.inject({ url: '/api/payments', cookies: clinic.cookies })).json();
    const refund = await app.inject({
      method: 'POST',
      url: `/api/payments/${history.items[0].id}/refunds`,
      cookies: clinic.cookies,
      payload: { amount: 1500 },
    });
    expect(refund.statusCode).toBe(200);

    const links = (await app.inject({ url: '/api/payment-links', cookies: clinic.cookies })).json();
    expect(links.items.find((link: { id: string }) => link.id === clinic.linkId).totals).toEqual({
      payments: 2,
      net: 8000 - 1500,
    });
  });
});
