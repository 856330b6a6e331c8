/**
 * Monthly statements through the real app and the sandbox: a clinic's month with a payment, a partial
 * refund and a lost dispute, to the penny, on screen and as CSV; the platform's month shows the loss the
 * dispute made; months not started, malformed months and other roles are refused.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin, signedInClinic } from '../../../test/accounts.js';
import { connectedClinicWithLink, payPage, sandboxOf, settleSandbox } from '../../../test/sandbox.js';
import { createTestApp } from '../../../test/test-app.js';
import { auditLog, disputes, payments } from '../../db/schema/index.js';
import { londonToday } from '../payments/index.js';

describe('monthly statements', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const settle = () => settleSandbox(app);

  it('gives the clinic its month to the penny, and the platform the loss a lost dispute made', async () => {
    const month = londonToday().slice(0, 7);
    const clinic = await connectedClinicWithLink(app, 4500);
    const paid = await payPage(app, clinic.linkId);
    const disputed = await payPage(app, clinic.linkId, '4000000000000259');
    await settle();
    const [payment] = await app.database.db.select().from(payments).where(eq(payments.stripePaymentId, paid));
    const refund = await app.inject({
      method: 'POST',
      url: `/api/payments/${payment?.id}/refunds`,
      cookies: clinic.cookies,
      payload: { amount: 1000 },
    });
    expect(refund.statusCode).toBe(200);
    const [disputedPayment] = await app.database.db
      .select()
      .from(payments)
      .where(eq(payments.stripePaymentId, disputed));
    const [dispute] = await app.database.db
      .select()
      .from(disputes)
      .where(eq(disputes.paymentId, String(disputedPayment?.id)));
    await sandboxOf(app).disputes.decide(String(dispute?.providerDisputeId), 'lost');
    await settle();
    // Another clinic's payment is not on this clinic's statement.
    const other = await connectedClinicWithLink(app, 10_000);
    await payPage(app, other.linkId, '4000008260000000');
    await settle();

    const response = await app.inject({
      method: 'GET',
      url: `/api/statements/${month}`,
      cookies: clinic.cookies,
    });
    expect(response.statusCode).toBe(200);
    // Each £45.00 payment: ClinicPay's 3% fee 135p, 4365p to the clinic; the US test card costs 166p.
    expect(response.json()).toEqual({
      month,
      paymentCount: 2,
      grossPayments: 9000,
      platformFees: 270,
      refunds: 1000,
      refundsDeducted: 970,
      disputeCount: 1,
      disputesTakenBack: 4365,
      disputesReturned: 0,
      disputeFeesOwed: 2000,
      cardFeesPaidByClinicPay: 332,
      net: 9000 - 270 - 970 - 4365,
      // Nothing reached the bank yet: funds are pending for two days.
      paidOut: 0,
    });

    const csv = await app.inject({
      method: 'GET',
      url: `/api/statements/${month}?format=csv`,
      cookies: clinic.cookies,
    });
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="clinicpay-statement-${month}.csv"`,
    );
    const lines = csv.body.replace('\uFEFF', '').trim().split('\n');
    expect(lines[0]).toBe('Item,Amount');
    expect(lines).toContain('Net to your balance,33.95');
    expect(lines).toContain('Dispute fees owed,-20.00');
    // The lines above the net add up to it, each refund counted once.
    const netLine = lines.findIndex((line) => line.startsWith('Net to your balance,'));
    const above = lines.slice(1, netLine).map((line) => Math.round(Number(line.split(',').at(-1)) * 100));
    expect(above.reduce((sum, pence) => sum + pence, 0)).toBe(3395);
    expect(lines).toContain('Refunds to patients in all,10.00');

    const admin = await signedInAdmin(app);
    const platform = await app.inject({
      method: 'GET',
      url: `/api/admin/statements/${month}`,
      cookies: admin.cookies,
    });
    // The other clinic's £100.00 UK card payment: 300p fee, 170p card fee.
    expect(platform.json()).toEqual({
      month,
      paymentCount: 3,
      grossPayments: 19_000,
      applicationFees: 570,
      cardFees: 502,
      refundFeeShare: 30,
      disputeCosts: 135 + 2000,
      netRevenue: 570 - 502 - 30 - 2135,
    });
  });

  it("audits the clinic's CSV export with its month, and neither the screen, the platform's nor a refusal", async () => {
    const month = londonToday().slice(0, 7);
    const clinic = await signedInClinic(app);
    const statement = (url: string, cookies = clinic.cookies) => app.inject({ method: 'GET', url, cookies });
    const exported = () =>
      app.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.clinicId, clinic.user.clinicId), eq(auditLog.action, 'statement.exported')));

    expect((await statement(`/api/statements/${month}`)).statusCode).toBe(200);
    expect((await statement('/api/statements/2099-01?format=csv')).statusCode).toBe(400);
    expect((await statement('/api/statements/2026-13?format=csv')).statusCode).toBe(400);
    expect(await exported()).toEqual([]);

    expect((await statement(`/api/statements/${month}?format=csv`)).statusCode).toBe(200);
    expect(await exported()).toEqual([
      expect.objectContaining({
        action: 'statement.exported',
        actorUserId: clinic.user.id,
        entityType: 'clinic',
        entityId: clinic.user.clinicId,
        details: { month },
      }),
    ]);

    const admin = await signedInAdmin(app);
    expect((await statement(`/api/admin/statements/${month}?format=csv`, admin.cookies)).statusCode).toBe(
      200,
    );
    const byAdmin = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, admin.user.id), eq(auditLog.action, 'statement.exported')));
    expect(byAdmin).toEqual([]);
  });

  it('refuses a month not started, a malformed month, and the other role', async () => {
    const clinic = await signedInClinic(app);
    const future = await app.inject({
      method: 'GET',
      url: '/api/statements/2099-01',
      cookies: clinic.cookies,
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe('That month has not started yet');
    const malformed = await app.inject({
      method: 'GET',
      url: '/api/statements/2026-13',
      cookies: clinic.cookies,
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('Enter the month as YYYY-MM');
    const month = londonToday().slice(0, 7);
    expect(
      (await app.inject({ method: 'GET', url: `/api/admin/statements/${month}`, cookies: clinic.cookies }))
        .statusCode,
    ).toBe(403);
    expect((await app.inject({ method: 'GET', url: `/api/statements/${month}` })).statusCode).toBe(401);
  });
});
