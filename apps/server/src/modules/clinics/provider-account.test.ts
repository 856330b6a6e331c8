/**
 * Connected accounts as Stripe runs them, through the app and the sandbox (decisions 0080–0083): the
 * statuses after onboarding, what is due and by when, the clinic keeping its account across a
 * disconnect, one account for concurrent connects, the statement name on every charge, idempotency
 * keys that change with what is sent, and events of the other mode ignored.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClinic } from '../../../test/accounts.js';
import {
  connectedClinic,
  connectedClinicWithLink,
  finishVerification,
  pressOnboardingButton,
  sandboxOf,
} from '../../../test/sandbox.js';
import { createTestApp } from '../../../test/test-app.js';
import { clinics, sandboxAccounts, sandboxPaymentIntents, webhookEvents } from '../../db/schema/index.js';
import { signLikeStripe } from '../../gateway/webhook-signature.js';

describe('connected accounts as Stripe runs them (sandbox)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const post = (url: string, cookies: Record<string, string>, payload?: object) =>
    app.inject({ method: 'POST', url, cookies, ...(payload ? { payload } : {}) });
  const clinicOf = async (cookies: Record<string, string>) =>
    (await app.inject({ url: '/api/clinic', cookies })).json().clinic;
  const connect = async (cookies: Record<string, string>) =>
    (await post('/api/clinic/payment-provider/connect', cookies)).json().url as string;
  const control = async (
    accountId: string,
    what: Parameters<ReturnType<typeof sandboxOf>['controlAccount']>[1],
  ) => {
    await sandboxOf(app).controlAccount(accountId, what);
    await sandboxOf(app).events.deliverDue();
  };

  it('names what is due and by when when Stripe needs more, and Update details leads back to onboarding', async () => {
    const { cookies } = await connectedClinic(app);
    const accountId = (await clinicOf(cookies)).stripeAccountId;
    await control(accountId, 'require_information');

    const clinic = await clinicOf(cookies);
    expect(clinic).toMatchObject({
      stripeStatus: 'action_needed',
      requirementsDue: ['individual.verification.additional_document'],
    });
    const deadline = new Date(clinic.requirementsDeadline).getTime();
    expect(deadline - Date.now()).toBeGreaterThan(13 * 24 * 3600 * 1000);
    // Still able to take payments meanwhile.
    const link = await post('/api/payment-links', cookies, { title: 'Check-up', amount: 3000 });
    const page = (await app.inject({ url: `/api/public/payments/${link.json().link.id}` })).json();
    expect(page.payability).toBe('payable');

    const update = await post('/api/clinic/payment-provider/update-details', cookies);
    expect(update.statusCode).toBe(200);
    const url = new URL(update.json().url);
    expect(url.pathname).toBe(`/sandbox/onboarding/${accountId}`);
    expect(url.searchParams.get('collect')).toBe('currently_due');
    const onboarding = await app.inject({ url: url.pathname + url.search });
    expect(onboarding.body).toContain('Proof of address');

    await pressOnboardingButton(app, update.json().url, 'complete');
    await sandboxOf(app).events.deliverDue();
    expect(await clinicOf(cookies)).toMatchObject({
      stripeStatus: 'connected',
      requirementsDue: [],
      requirementsDeadline: null,
    });
  });

  it('shows a restricted or rejected account, and its patients a temporarily unavailable page', async () => {
    const clinic = await connectedClinicWithLink(app);
    const accountId = (await clinicOf(clinic.cookies)).stripeAccountId;
    await control(accountId, 'restrict');
    expect(await clinicOf(clinic.cookies)).toMatchObject({
      stripeStatus: 'restricted',
      requirementsDue: ['individual.verification.document'],
    });
    const page = (await app.inject({ url: `/api/public/payments/${clinic.linkId}` })).json();
    expect(page.payability).toBe('unavailable');
    const intent = await app.inject({
      method: 'POST',
      url: `/api/public/payments/${clinic.linkId}/payment-intents`,
      payload: { name: 'Ada Patient', email: 'ada@patient.example', attemptId: crypto.randomUUID() },
    });
    expect(intent.statusCode).toBe(409);

    await control(accountId, 'reject');
    expect((await clinicOf(clinic.cookies)).stripeStatus).toBe('rejected');
  });

  it('keeps the account across a disconnect: reconnecting reuses it without onboarding again', async () => {
    const { cookies } = await connectedClinic(app);
    const accountId = (await clinicOf(cookies)).stripeAccountId;
    await post('/api/clinic/payment-provider/disconnect', cookies);
    expect(await clinicOf(cookies)).toMatchObject({ stripeAccountId: null, stripeStatus: 'not_connected' });

    const url = await connect(cookies);
    expect(url).toBe(`${app.config.publicUrl}/auth/callback?type=stripe_connect`);
    expect(await clinicOf(cookies)).toMatchObject({ stripeAccountId: accountId, stripeStatus: 'connected' });
  });

  it('makes one account for concurrent connects', async () => {
    const { cookies, user } = await signedInClinic(app);
    const urls = await Promise.all([connect(cookies), connect(cookies), connect(cookies)]);
    const ids = new Set(urls.map((url) => new URL(url).pathname));
    expect(ids.size).toBe(1);
    const accounts = await sandboxOf(app).findAccount(String((await clinicOf(cookies)).stripeAccountId));
    expect(accounts?.idempotencyKey).toBe(`account:${user.clinicId}:0`);
  });

  it('puts the clinic statement name on every charge and tells the patient what the statement shows', async () => {
    const clinic = await connectedClinicWithLink(app);
    const refused = await app.inject({
      method: 'PATCH',
      url: '/api/clinic',
      cookies: clinic.cookies,
      payload: { statementName: 'Smith <Dental>' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors.statementName).toBe('These characters are not allowed: < > \\ \' " *');
    const tooLong = await app.inject({
      method: 'PATCH',
      url: '/api/clinic',
      cookies: clinic.cookies,
      payload: { statementName: 'Smith Dental Practice' },
    });
    expect(tooLong.json().fieldErrors.statementName).toBe('Keep it to 11 characters or fewer');
    expect((await clinicOf(clinic.cookies)).statementName).toBeNull();

    const saved = await app.inject({
      method: 'PATCH',
      url: '/api/clinic',
      cookies: clinic.cookies,
      payload: { statementName: ' Smith  Dent ' },
    });
    expect(saved.json().clinic).toMatchObject({
      statementName: 'Smith Dent',
      cardStatementText: 'CLINICPAY* SMITH DENT',
    });
    const page = (await app.inject({ url: `/api/public/payments/${clinic.linkId}` })).json();
    expect(page.clinic.cardStatementText).toBe('CLINICPAY* SMITH DENT');
    const intent = await app.inject({
      method: 'POST',
      url: `/api/public/payments/${clinic.linkId}/payment-intents`,
      payload: { name: 'Ada Patient', email: 'ada@patient.example', attemptId: crypto.randomUUID() },
    });
    const [row] = await app.database.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, intent.json().paymentIntentId));
    expect(row).toMatchObject({ statementDescriptorSuffix: 'SMITH DENT' });
    // No address is given to the provider for a receipt of its own (decision 0083).
    expect(row).not.toHaveProperty('receiptEmail');
  });

  it('changes the idempotency key with the amount or fee, and the sandbox refuses a reused key with new parameters', async () => {
    const clinic = await connectedClinicWithLink(app, 5000);
    const attemptId = crypto.randomUUID();
    const pay = () =>
      app.inject({
        method: 'POST',
        url: `/api/public/payments/${clinic.linkId}/payment-intents`,
        payload: { name: 'Ada Patient', email: 'ada@patient.example', attemptId },
      });
    const first = (await pay()).json().paymentIntentId;
    expect((await pay()).json().paymentIntentId).toBe(first);
    await app.inject({
      method: 'PATCH',
      url: `/api/payment-links/${clinic.linkId}`,
      cookies: clinic.cookies,
      payload: { amount: 6000 },
    });
    await app.database.db
      .update(clinics)
      .set({ statementName: 'NEW NAME' })
      .where(eq(clinics.id, clinic.user.clinicId));
    const second = (await pay()).json().paymentIntentId;
    expect(second).not.toBe(first);

    const [stored] = await app.database.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, first));
    const accountId = (await clinicOf(clinic.cookies)).stripeAccountId;
    await expect(
      sandboxOf(app).createPaymentIntent({
        amount: 9999,
        applicationFeeAmount: 300,
        destinationAccountId: accountId,
        metadata: {},
        statementDescriptorSuffix: null,
        idempotencyKey: String(stored?.idempotencyKey),
      }),
    ).rejects.toMatchObject({ name: 'GatewayError', code: 'idempotency_error' });

    // Stripe forgets a key after 24 hours: the same key then makes a new intent.
    await app.database.db
      .update(sandboxPaymentIntents)
      .set({ createdAt: new Date(Date.now() - 25 * 3600 * 1000) })
      .where(eq(sandboxPaymentIntents.id, first));
    const fresh = await sandboxOf(app).createPaymentIntent({
      amount: 9999,
      applicationFeeAmount: 300,
      destinationAccountId: accountId,
      metadata: {},
      statementDescriptorSuffix: null,
      idempotencyKey: String(stored?.idempotencyKey),
    });
    expect(fresh.id).not.toBe(first);
  });

  it('acknowledges and ignores an event from live mode on a test-mode installation', async () => {
    const { cookies } = await connectedClinic(app);
    const accountId = (await clinicOf(cookies)).stripeAccountId;
    // The account changes at the provider without an event of its own, so only the events below tell.
    await app.database.db
      .update(sandboxAccounts)
      .set({ chargesEnabled: false, disabledReason: 'requirements.past_due', pastDue: ['external_account'] })
      .where(eq(sandboxAccounts.id, accountId));
    const secret = `${await sandboxOf(app).signingSecret()}_connect`;
    const send = (id: string, livemode: boolean) => {
      const payload = JSON.stringify({
        id,
        object: 'event',
        type: 'account.updated',
        livemode,
        created: Math.floor(Date.now() / 1000),
        account: accountId,
        data: { object: { id: accountId } },
      });
      return app.inject({
        method: 'POST',
        url: '/api/webhooks/stripe-connect',
        headers: { 'content-type': 'application/json', 'stripe-signature': signLikeStripe(payload, secret) },
        payload,
      });
    };
    const live = await send('evt_live_1', true);
    expect(live.statusCode).toBe(200);
    expect((await clinicOf(cookies)).stripeStatus).toBe('connected');
    expect(
      await app.database.db.select().from(webhookEvents).where(eq(webhookEvents.id, 'evt_live_1')),
    ).toEqual([]);
    // The same event in test mode is applied.
    expect((await send('evt_test_1', false)).statusCode).toBe(200);
    expect((await clinicOf(cookies)).stripeStatus).toBe('restricted');
  });

  it('handles capability.updated by re-reading the account', async () => {
    const { cookies } = await signedInClinic(app);
    await pressOnboardingButton(app, await connect(cookies), 'complete');
    await sandboxOf(app).events.deliverDue();
    expect((await clinicOf(cookies)).stripeStatus).toBe('verifying');
    await finishVerification(app);
    const events = await app.database.sql.executeSql(
      `select type from webhook_events where type = 'capability.updated' and payload->>'account' = $1`,
      [(await clinicOf(cookies)).stripeAccountId],
    );
    // inactive → pending, then pending → active, for card_payments and transfers.
    expect(events.rows).toHaveLength(4);
    expect((await clinicOf(cookies)).stripeStatus).toBe('connected');
  });
});
