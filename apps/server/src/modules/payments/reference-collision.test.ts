import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectedClinicWithLink, payPage, sandboxOf } from '../../../test/sandbox.js';
import { createTestApp } from '../../../test/test-app.js';
import { payments } from '../../db/schema/index.js';

// The references drawn, in order: the second payment first draws the first one's reference again.
const drawn = vi.hoisted(() => ['CP-AAAA-AAAA', 'CP-AAAA-AAAA', 'CP-BBBB-BBBB']);
vi.mock('./reference.js', () => ({ newPaymentReference: () => drawn.shift() ?? 'CP-ZZZZ-ZZZZ' }));

describe('a payment reference drawn twice', () => {
  let app: FastifyInstance;
  let linkId: string;
  beforeAll(async () => {
    app = await createTestApp();
    linkId = (await connectedClinicWithLink(app)).linkId;
  });
  afterAll(() => app.close());

  const pay = async () => {
    const paymentIntentId = await payPage(app, linkId);
    await sandboxOf(app).events.deliverDue();
    const [payment] = await app.database.db
      .select()
      .from(payments)
      .where(eq(payments.stripePaymentId, paymentIntentId));
    return payment;
  };

  it('is drawn again, and the payment is recorded under the new one', async () => {
    expect((await pay())?.paymentRef).toBe('CP-AAAA-AAAA');
    expect((await pay())?.paymentRef).toBe('CP-BBBB-BBBB');
  });
});
