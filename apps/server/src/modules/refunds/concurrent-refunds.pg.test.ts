/**
 * On PostgreSQL (real concurrent transactions): 20 refund requests at once on one payment never refund
 * more than was paid, and each refund that succeeded was made exactly once at the gateway.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordedPayment, sandboxOf } from '../../../test/sandbox.js';
import { createTestApp } from '../../../test/test-app.js';
import { payments, refunds, sandboxPaymentIntents, sandboxRefunds } from '../../db/schema/index.js';

describe('concurrent refunds on PostgreSQL', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
    expect(app.database.kind).toBe('postgres');
  });
  afterAll(() => app.close());

  it('20 requests of £1.00 on a £10.00 payment: exactly ten refunds, each made once', async () => {
    const { clinic, payment, intentId } = await recordedPayment(app, 1000);

    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        app.inject({
          method: 'POST',
          url: `/api/payments/${payment.id}/refunds`,
          cookies: clinic.cookies,
          payload: { amount: 100 },
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    for (const response of responses.filter((candidate) => candidate.statusCode !== 200)) {
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(['REFUND_EXCEEDS_PAYMENT', 'PAYMENT_NOT_REFUNDABLE']).toContain(response.json().code);
    }

    await sandboxOf(app).events.deliverDue();
    const db = app.database.db;
    const [after] = await db.select().from(payments).where(eq(payments.id, payment.id));
    expect(after).toMatchObject({ status: 'refunded', refundAmount: 1000 });
    const rows = await db.select().from(refunds).where(eq(refunds.paymentId, payment.id));
    const succeeded = rows.filter((row) => row.status === 'succeeded');
    expect(succeeded).toHaveLength(10);
    expect(rows.filter((row) => row.status !== 'succeeded')).toHaveLength(0);

    const atGateway = await db
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.paymentIntentId, intentId));
    expect(atGateway).toHaveLength(10);
    for (const row of succeeded) {
      const made = atGateway.filter((refund) => refund.id === row.providerRefundId);
      expect(made).toHaveLength(1);
      expect(made[0]).toMatchObject({ idempotencyKey: row.idempotencyKey, amount: 100 });
    }
    const [intent] = await db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, intentId));
    expect(intent?.refundedAmount).toBe(1000);
  });
});
