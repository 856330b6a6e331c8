import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClinic } from '../../../test/accounts.js';
import { confirmWithCard, connectedClinic, sandboxOf } from '../../../test/sandbox.js';
import { createTestApp } from '../../../test/test-app.js';
import { paymentRequests } from '../../db/schema/index.js';

describe('GET /api/payments', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('lists paid payments and unpaid requests as sent, newest first, for this clinic only', async () => {
    const clinic = await connectedClinic(app);
    const { link } = (
      await app.inject({
        method: 'POST',
        url: '/api/payment-links',
        cookies: clinic.cookies,
        payload: { title: 'Deposit', amount: 4500 },
      })
    ).json();
    const intent = (
      await app.inject({
        method: 'POST',
        url: `/api/public/payments/${link.id}/payment-intents`,
        payload: { name: 'Ada Patient', email: 'ada@patient.example', attemptId: randomUUID() },
      })
    ).json();
    await confirmWithCard(app, intent, '4242424242424242');
    await sandboxOf(app).events.deliverDue();
    await app.database.db.insert(paymentRequests).values({
      clinicId: clinic.user.clinicId,
      customAmount: 9900,
      patientName: 'Grace Patient',
      patientEmail: 'grace@patient.example',
    });

    const page = (await app.inject({ url: '/api/payments', cookies: clinic.cookies })).json();
    expect(page.total).toBe(2);
    expect(page.items[0]).toMatchObject({
      patientName: 'Grace Patient',
      amount: 9900,
      status: 'sent',
      type: 'other',
      linkTitle: 'Custom Payment Request',
      reference: null,
      isRequest: true,
    });
    expect(page.items[1]).toMatchObject({
      patientName: 'Ada Patient',
      amount: 4500,
      platformFee: 135,
      status: 'paid',
      type: 'deposit',
      linkTitle: 'Deposit',
      paymentLinkId: link.id,
      isRequest: false,
    });
    expect(page.items[1].reference).toMatch(/^CP-/);

    const second = (
      await app.inject({ url: '/api/payments?page=2&pageSize=1', cookies: clinic.cookies })
    ).json();
    expect(second.items.map((item: { patientName: string }) => item.patientName)).toEqual(['Ada Patient']);

    const other = await signedInClinic(app);
    expect((await app.inject({ url: '/api/payments', cookies: other.cookies })).json()).toMatchObject({
      total: 0,
      items: [],
    });
    expect((await app.inject({ url: '/api/payments' })).statusCode).toBe(401);
  });
});
