import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signedInClinic } from '../../../test/accounts.js';
import { finishVerification, pressOnboardingButton, sandboxOf } from '../../../test/sandbox.js';
import { createTestApp } from '../../../test/test-app.js';
import { auditLog, clinics, payments, webhookEvents } from '../../db/schema/index.js';
import { GatewayOutcomeUnknownError } from '../../gateway/gateway.js';
import { sandboxWebhookSecrets } from '../../gateway/sandbox/sandbox-gateway.js';
import { signLikeStripe } from '../../gateway/webhook-signature.js';

describe('webhook endpoints', () => {
  let app: FastifyInstance;
  let secrets: ReturnType<typeof sandboxWebhookSecrets>;
  beforeAll(async () => {
    app = await createTestApp();
    secrets = sandboxWebhookSecrets(sandboxOf(app).webhookSecret);
  });
  afterAll(() => app.close());

  const send = (path: string, payload: string, signature: string) =>
    app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
  const eventPayload = (id: string, type: string, object: object, account?: string) =>
    JSON.stringify({
      id,
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      account,
      data: { object },
    });
  const stored = (id: string) => app.database.db.select().from(webhookEvents).where(eq(webhookEvents.id, id));

  it('acknowledges account events about no account or an unknown one, changing nothing', async () => {
    for (const [id, object] of [
      ['evt_no_account', {}],
      ['evt_unknown_account', { id: 'acct_sbx_unknown' }],
    ] as const) {
      const payload = eventPayload(id, 'account.updated', object);
      const response = await send(
        '/api/webhooks/stripe-connect',
        payload,
        signLikeStripe(payload, secrets.connect),
      );
      expect(response.statusCode, id).toBe(200);
    }
  });

  it('refuses a bad or stale signature with 400 and stores nothing', async () => {
    const payload = eventPayload('evt_bad_1', 'account.updated', { id: 'acct_sbx_00' });
    const wrongSecret = await send(
      '/api/webhooks/stripe-connect',
      payload,
      signLikeStripe(payload, 'whsec_wrong'),
    );
    expect(wrongSecret.statusCode).toBe(400);
    expect(wrongSecret.json().message).toBe('Invalid webhook signature');
    const otherEndpoint = await send(
      '/api/webhooks/stripe',
      payload,
      signLikeStripe(payload, secrets.connect),
    );
    expect(otherEndpoint.statusCode).toBe(400);
    const stale = signLikeStripe(payload, secrets.connect, Math.floor(Date.now() / 1000) - 3600);
    expect((await send('/api/webhooks/stripe-connect', payload, stale)).statusCode).toBe(400);
    const tampered = await send(
      '/api/webhooks/stripe-connect',
      payload.replace('acct_sbx_00', 'acct_sbx_01'),
      signLikeStripe(payload, secrets.connect),
    );
    expect(tampered.statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: '/api/webhooks/stripe', payload: {} })).statusCode).toBe(
      400,
    );
    expect(await stored('evt_bad_1')).toEqual([]);
  });

  it('processes the same event once however often it arrives', async () => {
    const { cookies } = await signedInClinic(app);
    const url = (
      await app.inject({ method: 'POST', url: '/api/clinic/payment-provider/connect', cookies })
    ).json().url;
    await pressOnboardingButton(app, url, 'complete');
    await finishVerification(app);
    const accountId = new URL(url).pathname.split('/').at(-1) ?? '';
    await app.database.db
      .update(clinics)
      .set({ stripeStatus: 'pending' })
      .where(eq(clinics.stripeAccountId, accountId));

    const payload = eventPayload('evt_twice', 'account.updated', { id: accountId }, accountId);
    const signature = signLikeStripe(payload, secrets.connect);
    const [first, second] = await Promise.all([
      send('/api/webhooks/stripe-connect', payload, signature),
      send('/api/webhooks/stripe-connect', payload, signature),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(await stored('evt_twice')).toHaveLength(1);
    const [clinic] = await app.database.db
      .select()
      .from(clinics)
      .where(eq(clinics.stripeAccountId, accountId));
    expect(clinic?.stripeStatus).toBe('connected');

    await app.database.db
      .update(clinics)
      .set({ stripeStatus: 'pending' })
      .where(eq(clinics.stripeAccountId, accountId));
    await send('/api/webhooks/stripe-connect', payload, signLikeStripe(payload, secrets.connect));
    const [after] = await app.database.db
      .select()
      .from(clinics)
      .where(eq(clinics.stripeAccountId, accountId));
    expect(after?.stripeStatus).toBe('pending');
  });

  it('leaves the right status whichever order account events and the callback come in', async () => {
    const { cookies } = await signedInClinic(app);
    const url = (
      await app.inject({ method: 'POST', url: '/api/clinic/payment-provider/connect', cookies })
    ).json().url;
    const accountId = new URL(url).pathname.split('/').at(-1) ?? '';
    const now = Math.floor(Date.now() / 1000);
    const older = JSON.stringify({
      id: `evt_old_${accountId}`,
      type: 'account.updated',
      created: now - 60,
      account: accountId,
      data: { object: { id: accountId, charges_enabled: false, details_submitted: false } },
    });
    const newer = JSON.stringify({
      id: `evt_new_${accountId}`,
      type: 'account.updated',
      created: now,
      account: accountId,
      data: { object: { id: accountId, charges_enabled: true, details_submitted: true } },
    });
    await pressOnboardingButton(app, url, 'complete');
    await finishVerification(app);
    await sandboxOf(app).events.deliverDue();

    // The callback first, then the events, newest before oldest.
    expect(
      (await app.inject({ method: 'POST', url: '/api/clinic/payment-provider/refresh', cookies })).json()
        .clinic.stripeStatus,
    ).toBe('connected');
    for (const payload of [newer, older]) {
      await send('/api/webhooks/stripe-connect', payload, signLikeStripe(payload, secrets.connect));
    }
    expect((await app.inject({ url: '/api/clinic', cookies })).json().clinic.stripeStatus).toBe('connected');
  });

  /** A signed-in clinic whose sandbox onboarding is complete: its cookies and account id. */
  async function connectedAccount() {
    const { cookies } = await signedInClinic(app);
    const url = (
      await app.inject({ method: 'POST', url: '/api/clinic/payment-provider/connect', cookies })
    ).json().url;
    await pressOnboardingButton(app, url, 'complete');
    await finishVerification(app);
    await sandboxOf(app).events.deliverDue();
    const accountId = new URL(url).pathname.split('/').at(-1) ?? '';
    return { cookies, accountId };
  }
  const clinicOf = async (cookies: Record<string, string>) =>
    (await app.inject({ url: '/api/clinic', cookies })).json().clinic;
  const auditOf = (clinicId: string) =>
    app.database.db.select().from(auditLog).where(eq(auditLog.entityId, clinicId));

  it('disconnects a clinic once the provider confirms the account deauthorized the platform', async () => {
    const { cookies, accountId } = await connectedAccount();
    expect((await clinicOf(cookies)).stripeStatus).toBe('connected');

    // The clinic revokes access at the provider, which then sends the event through the real endpoint.
    await sandboxOf(app).deauthorize(accountId);
    await sandboxOf(app).events.deliverDue();

    const clinic = await clinicOf(cookies);
    expect(clinic).toMatchObject({ stripeAccountId: null, stripeStatus: 'not_connected' });
    expect(await auditOf(clinic.id)).toMatchObject([
      {
        action: 'provider.disconnected',
        actorUserId: null,
        details: { accountId, by: 'provider', eventId: expect.stringMatching(/^evt_sbx_/) },
      },
    ]);
  });

  it('leaves a clinic connected when a signed deauthorization names an account the provider still reaches', async () => {
    const { cookies, accountId } = await connectedAccount();
    const before = await clinicOf(cookies);
    const payload = eventPayload(
      'evt_forged_deauth',
      'account.application.deauthorized',
      { id: 'ca_1' },
      accountId,
    );
    const response = await send(
      '/api/webhooks/stripe-connect',
      payload,
      signLikeStripe(payload, secrets.connect),
    );

    expect(response.statusCode).toBe(200);
    expect(await clinicOf(cookies)).toEqual(before);
    expect(before).toMatchObject({ stripeAccountId: accountId, stripeStatus: 'connected' });
    expect(await auditOf(before.id)).toEqual([]);
    expect(await sandboxOf(app).hasAccountAccess(accountId)).toBe(true);
  });

  it('asks for a deauthorization again, changing nothing, while the provider cannot confirm it', async () => {
    const { cookies, accountId } = await connectedAccount();
    const before = await clinicOf(cookies);
    const outage = vi
      .spyOn(sandboxOf(app), 'hasAccountAccess')
      .mockRejectedValue(new GatewayOutcomeUnknownError());
    try {
      const payload = eventPayload(
        'evt_deauth_later',
        'account.application.deauthorized',
        { id: 'ca_1' },
        accountId,
      );
      const response = await send(
        '/api/webhooks/stripe-connect',
        payload,
        signLikeStripe(payload, secrets.connect),
      );
      expect(response.statusCode).toBe(503);
      expect(await stored('evt_deauth_later')).toEqual([]);
      expect(await clinicOf(cookies)).toEqual(before);
    } finally {
      outage.mockRestore();
    }
  });

  it("leaves a payment event that reaches the Connect endpoint alone: it is not ClinicPay's payment", async () => {
    const payload = eventPayload(
      'evt_connect_pi',
      'payment_intent.succeeded',
      { id: 'pi_of_the_clinic_itself' },
      'acct_1',
    );
    const response = await send(
      '/api/webhooks/stripe-connect',
      payload,
      signLikeStripe(payload, secrets.connect),
    );
    expect(response.statusCode).toBe(200);
    expect(await stored('evt_connect_pi')).toHaveLength(1);
    expect(await app.database.db.select().from(payments)).toEqual([]);
  });

  it('acknowledges and records an event type it does not handle', async () => {
    const payload = eventPayload('evt_unknown', 'customer.created', { id: 'cus_1' });
    const response = await send('/api/webhooks/stripe', payload, signLikeStripe(payload, secrets.platform));
    expect(response.statusCode).toBe(200);
    expect(await stored('evt_unknown')).toHaveLength(1);
  });
});
