import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedInAdmin, signedInClinic } from '../../../test/accounts.js';
import { insertClinic, insertPayment } from '../../../test/admin-data.js';
import { connectedClinicWithLink, payPage, sandboxOf } from '../../../test/sandbox.js';
import { createTestApp } from '../../../test/test-app.js';
import { auditLog, clinics, paymentLinks } from '../../db/schema/index.js';

/** 'GET /api/x/:id' for every route, read from Fastify's printed route tree (4 characters a level). */
function registeredRoutes(app: FastifyInstance): string[] {
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?/.exec(line);
    if (!match) continue;
    const depth = String(match[1]).length / 4;
    stack.length = depth;
    stack.push(String(match[2]));
    for (const method of match[3]?.split(', ') ?? []) routes.push(`${method} ${stack.join('')}`);
  }
  return routes;
}

const NOTIFICATION_ID = '0a7c9e4e-2f6b-4c55-9a51-3d1f0b8e6c21';

describe('the admin clinics API', () => {
  let app: FastifyInstance;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;
  beforeEach(async () => {
    app = await createTestApp();
    admin = await signedInAdmin(app);
  });
  afterEach(() => app.close());

  const get = (url: string) => app.inject({ url, cookies: admin.cookies });

  it('searches clinics by name or email, case-insensitively, one page at a time, newest first', async () => {
    for (let index = 0; index < 12; index += 1) {
      await insertClinic(app, {
        clinicName: `Harley ${index}`,
        email: `h${index}@harley.example`,
        createdAt: new Date(Date.UTC(2026, 0, 1 + index)),
      });
    }
    await insertClinic(app, { clinicName: 'Bristol Smiles', email: 'Desk@Bristol.example' });
    await insertClinic(app, { clinicName: null, email: null });
    await insertClinic(app, { clinicName: '100% Dental' });

    const first = (await get('/api/admin/clinics?search=HARLEY')).json();
    expect(first).toMatchObject({ page: 1, pageSize: 10, total: 12 });
    expect(first.items.map((row: { clinicName: string }) => row.clinicName).slice(0, 2)).toEqual([
      'Harley 11',
      'Harley 10',
    ]);
    const second = (await get('/api/admin/clinics?search=harley&page=2')).json();
    expect(second.items.map((row: { clinicName: string }) => row.clinicName)).toEqual([
      'Harley 1',
      'Harley 0',
    ]);
    expect((await get('/api/admin/clinics?search=desk@bristol')).json().items).toMatchObject([
      { clinicName: 'Bristol Smiles', email: 'Desk@Bristol.example', stripeStatus: 'not_connected' },
    ]);
    // A % is searched for, not a wildcard.
    expect((await get('/api/admin/clinics?search=%25')).json().total).toBe(1);
    expect((await get('/api/admin/clinics?search=nowhere')).json()).toMatchObject({ items: [], total: 0 });
    expect((await get('/api/admin/clinics')).json().total).toBe(15);
    expect((await get('/api/admin/clinics?page=0')).statusCode).toBe(400);
  });

  it('counts each clinic’s transactions', async () => {
    const clinicId = await insertClinic(app, { clinicName: 'Counted' });
    await insertPayment(app, { clinicId, paidAt: '2026-11-01T10:00:00Z', amountPaid: 100 });
    await insertPayment(app, {
      clinicId,
      paidAt: '2026-11-02T10:00:00Z',
      amountPaid: 100,
      status: 'refunded',
    });
    const [row] = (await get('/api/admin/clinics?search=counted')).json().items;
    expect(row.transactions).toBe(2);
  });

  it('shows a clinic profile: recorded fees, first 5 payments, links with usage and audit entries', async () => {
    const clinicId = await insertClinic(app, {
      clinicName: 'Profile Clinic',
      email: 'desk@profile.example',
      phone: '02070000000',
      addressLine1: '1 Harley Street',
      city: 'London',
      postcode: 'W1G 9QD',
    });
    const [link] = await app.database.db
      .insert(paymentLinks)
      .values({ clinicId, title: 'Deposit', amount: 5000 })
      .returning();
    const linkId = String(link?.id);
    for (let day = 1; day <= 6; day += 1) {
      await insertPayment(app, {
        clinicId,
        paidAt: `2026-11-0${day}T10:00:00Z`,
        amountPaid: 5000,
        platformFee: 125, // 2.5% as recorded, not a 3% estimate
        paymentLinkId: day <= 3 ? linkId : undefined,
        patientName: `Patient ${day}`,
      });
    }
    const refundedId = await insertPayment(app, {
      clinicId,
      paidAt: '2026-11-07T10:00:00Z',
      amountPaid: 2000,
      platformFee: 60,
      status: 'partially_refunded',
      refundAmount: 500,
      patientName: 'Patient 7',
    });
    const elsewhereId = await insertPayment(app, {
      clinicId: await insertClinic(app),
      paidAt: '2026-11-07T11:00:00Z',
      amountPaid: 2000,
    });
    await app.database.db.insert(auditLog).values({
      actorUserId: admin.user.id,
      action: 'provider.disconnected',
      entityType: 'clinic',
      entityId: clinicId,
      details: { by: 'admin' },
      createdAt: new Date('2026-11-08T09:00:00Z'),
    });
    // A refund on one of its payments shows; one on another clinic's payment does not.
    for (const [entityId, at] of [
      [refundedId, '2026-11-08T10:00:00Z'],
      [elsewhereId, '2026-11-08T11:00:00Z'],
    ] as const) {
      await app.database.db.insert(auditLog).values({
        actorUserId: null,
        action: 'refund.succeeded',
        entityType: 'payment',
        entityId,
        details: { amount: 500 },
        createdAt: new Date(at),
      });
    }

    const response = await get(`/api/admin/clinics/${clinicId}`);
    expect(response.statusCode).toBe(200);
    const profile = response.json();
    expect(profile.clinic).toMatchObject({
      clinicName: 'Profile Clinic',
      email: 'desk@profile.example',
      phone: '02070000000',
      address: '1 Harley Street, London, W1G 9QD',
      stripeStatus: 'not_connected',
    });
    expect(profile.stats).toMatchObject({
      count: 7,
      gross: 32_000,
      refundCount: 1,
      refunds: 500,
      net: 31_500,
      platformFees: 6 * 125 + 60,
      averagePayment: 4571, // 32000 / 7 = 4571.4
    });
    expect(profile.recentPayments.map((payment: { patientName: string }) => payment.patientName)).toEqual([
      'Patient 7',
      'Patient 6',
      'Patient 5',
      'Patient 4',
      'Patient 3',
    ]);
    expect(profile.links).toMatchObject([{ id: linkId, title: 'Deposit', usage: 3, isActive: true }]);
    expect(profile.audit).toMatchObject([
      { action: 'refund.succeeded', actorEmail: null, details: { amount: 500 } },
      { action: 'provider.disconnected', actorEmail: admin.email },
    ]);
  });

  it('answers an unknown or malformed clinic id with the profile’s not-found message', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', 'x'.repeat(90)]) {
      const response = await get(`/api/admin/clinics/${id}`);
      expect(response.statusCode, id).toBe(404);
      expect(response.json().message).toBe('Clinic data not found. Please try again later.');
    }
    const disconnect = await app.inject({
      method: 'POST',
      url: '/api/admin/clinics/not-a-uuid/disconnect',
      cookies: admin.cookies,
    });
    expect(disconnect.statusCode).toBe(404);
  });

  it('force-disconnects a clinic and the hold stays: the clinic is told, cannot reconnect, patients see unavailable; restoring makes payments work again', async () => {
    const clinic = await connectedClinicWithLink(app);
    const clinicId = String(clinic.user.clinicId);
    const [before] = await app.database.db.select().from(clinics).where(eq(clinics.id, clinicId));
    expect(before?.stripeStatus).toBe('connected');

    const response = await app.inject({
      method: 'POST',
      url: `/api/admin/clinics/${clinicId}/disconnect`,
      cookies: admin.cookies,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: `Stripe disconnected for ${before?.clinicName}`,
      clinicId,
      clinicName: before?.clinicName,
      stripeStatus: 'not_connected',
    });
    const [after] = await app.database.db.select().from(clinics).where(eq(clinics.id, clinicId));
    expect(after).toMatchObject({
      stripeAccountId: null,
      stripeStatus: 'not_connected',
      providerAccountId: before?.stripeAccountId,
    });
    expect(after?.paymentsTurnedOffAt).toBeInstanceOf(Date);
    // The clinic is emailed, through the job queue.
    const mails = await app.database.sql.executeSql(
      `select data from pgboss.job where name = 'notifications.send-email'`,
      [],
    );
    expect(JSON.stringify(mails.rows)).toContain('Card payments were turned off by ClinicPay');
    const [entry] = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, clinicId), eq(auditLog.action, 'provider.disconnected')));
    expect(entry).toMatchObject({
      actorUserId: admin.user.id,
      action: 'provider.disconnected',
      details: { accountId: before?.stripeAccountId, from: 'connected', by: 'admin' },
    });

    const page = (await app.inject({ url: `/api/public/payments/${clinic.linkId}` })).json();
    expect(page.payability).toBe('unavailable');
    const intent = await app.inject({
      method: 'POST',
      url: `/api/public/payments/${clinic.linkId}/payment-intents`,
      payload: { name: 'Ada Patient', email: 'ada@patient.example', attemptId: crypto.randomUUID() },
    });
    expect(intent.statusCode).toBe(409);
    expect(intent.json().message).toBe(
      'Card payments to this clinic are temporarily unavailable. Please contact the clinic directly to arrange payment.',
    );

    // The clinic sees why and cannot reconnect, nor open the provider's forms.
    const own = (await app.inject({ url: '/api/clinic', cookies: clinic.cookies })).json().clinic;
    expect(own).toMatchObject({ paymentsTurnedOff: true, stripeStatus: 'not_connected' });
    for (const path of ['connect', 'update-details']) {
      const refused = await app.inject({
        method: 'POST',
        url: `/api/clinic/payment-provider/${path}`,
        cookies: clinic.cookies,
      });
      expect(refused.statusCode, path).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'PAYMENTS_TURNED_OFF' });
    }

    // Again: nothing left to disconnect, so no second audit entry.
    await app.inject({
      method: 'POST',
      url: `/api/admin/clinics/${clinicId}/disconnect`,
      cookies: admin.cookies,
    });
    expect(
      await app.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, clinicId), eq(auditLog.action, 'provider.disconnected'))),
    ).toHaveLength(1);

    // Restored: the same account is in use again at once, and patients can pay.
    const restored = await app.inject({
      method: 'POST',
      url: `/api/admin/clinics/${clinicId}/restore-payments`,
      cookies: admin.cookies,
    });
    expect(restored.json()).toEqual({
      message: `Card payments restored for ${before?.clinicName}`,
      clinicId,
      clinicName: before?.clinicName,
      stripeStatus: 'connected',
      paymentsTurnedOff: false,
    });
    const [back] = await app.database.db.select().from(clinics).where(eq(clinics.id, clinicId));
    expect(back).toMatchObject({ stripeAccountId: before?.stripeAccountId, paymentsTurnedOffAt: null });
    expect((await app.inject({ url: `/api/public/payments/${clinic.linkId}` })).json().payability).toBe(
      'payable',
    );
    const again = await app.inject({
      method: 'POST',
      url: `/api/admin/clinics/${clinicId}/restore-payments`,
      cookies: admin.cookies,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('PAYMENTS_NOT_TURNED_OFF');
  });

  it('restoring a clinic that had disconnected itself lifts the hold and leaves it disconnected', async () => {
    const clinic = await connectedClinicWithLink(app);
    const clinicId = String(clinic.user.clinicId);
    await app.inject({
      method: 'POST',
      url: '/api/clinic/payment-provider/disconnect',
      cookies: clinic.cookies,
    });
    const post = (path: string) =>
      app.inject({ method: 'POST', url: `/api/admin/clinics/${clinicId}/${path}`, cookies: admin.cookies });
    expect((await post('disconnect')).statusCode).toBe(200);
    const held = (await app.inject({ url: '/api/clinic', cookies: clinic.cookies })).json().clinic;
    expect(held).toMatchObject({ paymentsTurnedOff: true, stripeAccountId: null });

    const restored = await post('restore-payments');
    expect(restored.json()).toMatchObject({ stripeStatus: 'not_connected', paymentsTurnedOff: false });
    const [row] = await app.database.db.select().from(clinics).where(eq(clinics.id, clinicId));
    expect(row).toMatchObject({ stripeAccountId: null, paymentsTurnedOffAt: null });
    expect((await app.inject({ url: `/api/public/payments/${clinic.linkId}` })).json().payability).toBe(
      'not_connected',
    );
    // The clinic may connect again now, to its own account.
    const again = await app.inject({
      method: 'POST',
      url: '/api/clinic/payment-provider/connect',
      cookies: clinic.cookies,
    });
    expect(again.statusCode).toBe(200);
    expect(
      (await app.inject({ url: '/api/clinic', cookies: clinic.cookies })).json().clinic.stripeAccountId,
    ).toBe(row?.providerAccountId);
  });

  it("closes a clinic's provider account only once its balance is zero", async () => {
    const paid = await connectedClinicWithLink(app, 2000);
    await payPage(app, paid.linkId);
    await sandboxOf(app).events.deliverDue();
    const refused = await app.inject({
      method: 'POST',
      url: `/api/admin/clinics/${paid.user.clinicId}/close-provider-account`,
      cookies: admin.cookies,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'PROVIDER_ACCOUNT_NOT_CLOSABLE' });

    const unpaid = await connectedClinicWithLink(app);
    const clinicId = String(unpaid.user.clinicId);
    const [before] = await app.database.db.select().from(clinics).where(eq(clinics.id, clinicId));
    const closed = await app.inject({
      method: 'POST',
      url: `/api/admin/clinics/${clinicId}/close-provider-account`,
      cookies: admin.cookies,
    });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ stripeStatus: 'not_connected', paymentsTurnedOff: false });
    const [after] = await app.database.db.select().from(clinics).where(eq(clinics.id, clinicId));
    expect(after).toMatchObject({ stripeAccountId: null, providerAccountId: null, providerAccountsEnded: 1 });
    expect(await sandboxOf(app).findAccount(String(before?.stripeAccountId))).toBeUndefined();
    const [entry] = await app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'provider.account_closed'));
    expect(entry).toMatchObject({ entityId: clinicId, details: { accountId: before?.stripeAccountId } });
    // Nothing left to close.
    const none = await app.inject({
      method: 'POST',
      url: `/api/admin/clinics/${clinicId}/close-provider-account`,
      cookies: admin.cookies,
    });
    expect(none.json()).toMatchObject({ code: 'NO_PROVIDER_ACCOUNT' });
  });

  it('shows a payment made through checkout on the clinic profile, with its recorded platform fee', async () => {
    const clinic = await connectedClinicWithLink(app, 4000);
    await payPage(app, clinic.linkId);
    await sandboxOf(app).events.deliverDue();
    const profile = (await get(`/api/admin/clinics/${clinic.user.clinicId}`)).json();
    expect(profile.stats).toMatchObject({ count: 1, gross: 4000, net: 4000, platformFees: 120 }); // 3.0% of £40
    // 4242 is an international card: 3.25% + 20p (decision 0085) costs more than the fee earns.
    expect(profile.stats.cardFees).toBe(150);
    expect(profile.stats.platformRevenue).toBe(-30);
    expect(profile.links).toMatchObject([{ id: clinic.linkId, usage: 1 }]);
  });

  it('is for admins only: every admin endpoint answers 403 to a clinic and 401 anonymously, changing nothing', async () => {
    const clinic = await connectedClinicWithLink(app);
    const clinicId = String(clinic.user.clinicId);
    const other = await signedInClinic(app);
    const entriesBefore = await app.database.db.select().from(auditLog);
    const endpoints = [
      { method: 'GET', url: '/api/admin/stats' },
      { method: 'GET', url: '/api/admin/stats?from=2026-11-01&to=2026-11-30' },
      { method: 'GET', url: '/api/admin/clinics?search=a' },
      {
        method: 'POST',
        url: '/api/admin/clinics',
        payload: { clinicName: 'Sneaky Clinic', email: 'sneaky@clinic.example' },
      },
      { method: 'GET', url: `/api/admin/clinics/${clinicId}` },
      { method: 'POST', url: `/api/admin/clinics/${clinicId}/disconnect` },
      { method: 'POST', url: `/api/admin/clinics/${clinicId}/restore-payments` },
      { method: 'POST', url: `/api/admin/clinics/${clinicId}/close-provider-account` },
      { method: 'POST', url: `/api/admin/clinics/${clinicId}/resend-invitation` },
      {
        method: 'POST',
        url: `/api/admin/clinics/${clinicId}/suspend-sign-in`,
        payload: { reason: 'A sneaky reason' },
      },
      { method: 'POST', url: `/api/admin/clinics/${clinicId}/reactivate-sign-in` },
      { method: 'GET', url: '/api/admin/admins' },
      { method: 'POST', url: '/api/admin/admins', payload: { email: 'sneaky-admin@clinic.example' } },
      { method: 'PUT', url: '/api/admin/platform-settings/fee', payload: { platformFeePercent: 9 } },
      { method: 'GET', url: '/api/admin/system-settings/webhooks' },
      {
        method: 'PUT',
        url: '/api/admin/system-settings/webhooks',
        payload: { patientNotificationWebhook: 'https://evil.example/p', clinicNotificationWebhook: null },
      },
      { method: 'GET', url: '/api/admin/notifications/failed' },
      { method: 'POST', url: `/api/admin/notifications/${NOTIFICATION_ID}/retry` },
      { method: 'GET', url: '/api/admin/disputes' },
      { method: 'GET', url: '/api/admin/statements/2026-11' },
      { method: 'GET', url: '/api/admin/platform-settings/fee/history' },
      { method: 'POST', url: '/api/admin/system-settings/webhooks/signing-secret/reveal' },
      { method: 'POST', url: '/api/admin/system-settings/webhooks/signing-secret/rotate' },
      { method: 'GET', url: '/api/admin/audit?action=refund.succeeded' },
    ] as const;
    // Every admin route the app has is walked here: a new one must be added to this list.
    const adminRoutes = new Set(
      registeredRoutes(app)
        .filter((route) => route.includes(' /api/admin/'))
        .filter((route) => !route.startsWith('HEAD ')),
    );
    const walked = new Set(
      endpoints.map(
        (endpoint) =>
          `${endpoint.method} ${endpoint.url
            .split('?')[0]
            ?.replace(clinicId, ':clinicId')
            .replace(NOTIFICATION_ID, ':id')
            .replace(/statements\/[\d-]+$/, 'statements/:month')}`,
      ),
    );
    expect([...adminRoutes].sort()).toEqual([...walked].sort());
    for (const endpoint of endpoints) {
      for (const [who, cookies, status] of [
        ['clinic', other.cookies, 403],
        ['anonymous', {}, 401],
      ] as const) {
        const response = await app.inject({ ...endpoint, cookies });
        expect(response.statusCode, `${who} ${endpoint.method} ${endpoint.url}`).toBe(status);
      }
    }
    const [after] = await app.database.db.select().from(clinics).where(eq(clinics.id, clinicId));
    expect(after?.stripeStatus).toBe('connected');
    expect(after?.signInSuspendedAt).toBeNull();
    expect((await app.inject({ url: '/api/platform-settings/fee' })).json().platformFeePercent).toBe('3.0');
    const webhooks = await app.inject({ url: '/api/admin/system-settings/webhooks', cookies: admin.cookies });
    expect(webhooks.json()).toEqual({
      patientNotificationWebhook: null,
      clinicNotificationWebhook: null,
      signingSecretMasked: expect.stringMatching(/^whsec_/),
    });
    // No entry was added by the walk (those before it are the sign-ins and the admin's two-factor setup).
    expect(await app.database.db.select().from(auditLog)).toEqual(entriesBefore);
    expect(
      await app.database.db.select().from(clinics).where(eq(clinics.clinicName, 'Sneaky Clinic')),
    ).toHaveLength(0);
  });
});
