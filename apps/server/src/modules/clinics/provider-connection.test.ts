import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClinic } from '../../../test/accounts.js';
import { finishVerification, pressOnboardingButton, sandboxOf } from '../../../test/sandbox.js';
import { createTestApp } from '../../../test/test-app.js';
import { auditLog } from '../../db/schema/index.js';

describe('connecting a clinic to the card provider (sandbox)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const post = (url: string, cookies: Record<string, string>) => app.inject({ method: 'POST', url, cookies });
  const clinicOf = async (cookies: Record<string, string>) =>
    (await app.inject({ url: '/api/clinic', cookies })).json().clinic;
  const connect = async (cookies: Record<string, string>) =>
    (await post('/api/clinic/payment-provider/connect', cookies)).json().url as string;

  it('creates a pending connected account and sends the clinic to the sandbox onboarding page', async () => {
    const { cookies } = await signedInClinic(app);
    const url = await connect(cookies);
    const clinic = await clinicOf(cookies);
    expect(clinic.stripeStatus).toBe('pending');
    expect(clinic.stripeAccountId).toMatch(/^acct_sbx_/);
    expect(url).toContain(`/sandbox/onboarding/${clinic.stripeAccountId}?`);
    expect(new URL(url).searchParams.get('return_url')).toBe(
      `${app.config.publicUrl}/auth/callback?type=stripe_connect`,
    );

    const page = await app.inject({ url: new URL(url).pathname + new URL(url).search });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Sandbox');
    expect(page.body).toContain('Complete onboarding');
    expect(page.body).toContain('Finish later');
  });

  it('is verifying after completing onboarding, then connected once verified, through the account events and the callback', async () => {
    const { cookies } = await signedInClinic(app);
    const url = await connect(cookies);
    const pressed = await pressOnboardingButton(app, url, 'complete');
    expect(pressed.statusCode).toBe(303);
    expect(pressed.headers.location).toBe(`${app.config.publicUrl}/auth/callback?type=stripe_connect`);

    // Stripe checks the details first (requirements.pending_verification): no payments yet.
    await sandboxOf(app).events.deliverDue();
    expect((await clinicOf(cookies)).stripeStatus).toBe('verifying');
    await finishVerification(app);
    expect((await clinicOf(cookies)).stripeStatus).toBe('connected');
    const refreshed = await post('/api/clinic/payment-provider/refresh', cookies);
    expect(refreshed.json().clinic.stripeStatus).toBe('connected');
  });

  it('stays pending after finish later, and resumes the same account', async () => {
    const { cookies } = await signedInClinic(app);
    const first = await connect(cookies);
    await pressOnboardingButton(app, first, 'later');
    const pending = (await post('/api/clinic/payment-provider/refresh', cookies)).json().clinic;
    expect(pending.stripeStatus).toBe('pending');

    const resumed = await connect(cookies);
    expect(new URL(resumed).pathname).toBe(new URL(first).pathname);
    await pressOnboardingButton(app, resumed, 'complete');
    await finishVerification(app);
    const connected = (await post('/api/clinic/payment-provider/refresh', cookies)).json().clinic;
    expect(connected).toMatchObject({ stripeStatus: 'connected', stripeAccountId: pending.stripeAccountId });
  });

  it('disconnects, clearing the account in use and recording who did it', async () => {
    const { cookies, user } = await signedInClinic(app);
    await pressOnboardingButton(app, await connect(cookies), 'complete');
    await finishVerification(app);
    const accountId = (await post('/api/clinic/payment-provider/refresh', cookies)).json().clinic
      .stripeAccountId;

    const response = await post('/api/clinic/payment-provider/disconnect', cookies);
    expect(response.json().clinic).toMatchObject({ stripeAccountId: null, stripeStatus: 'not_connected' });
    const [entry] = await app.database.db.select().from(auditLog).where(eq(auditLog.entityId, user.clinicId));
    expect(entry).toMatchObject({
      actorUserId: user.id,
      action: 'provider.disconnected',
      details: { accountId, by: 'clinic' },
    });

    // A late event about the account does not reconnect the clinic.
    await sandboxOf(app).controlAccount(accountId, 'clear');
    await sandboxOf(app).events.deliverDue();
    expect((await clinicOf(cookies)).stripeStatus).toBe('not_connected');
  });

  it('keeps the onboarding page to valid accounts and our own return addresses', async () => {
    const { cookies } = await signedInClinic(app);
    const url = new URL(await connect(cookies));
    const unknown = await app.inject({ url: `/sandbox/onboarding/acct_sbx_ffff${url.search}` });
    expect(unknown.statusCode).toBe(404);
    const elsewhere = await app.inject({
      method: 'POST',
      url: url.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.config.publicUrl },
      payload: 'outcome=later&return_url=https%3A%2F%2Fevil.example%2F',
    });
    expect(elsewhere.headers.location).toBe(`${app.config.publicUrl}/dashboard/settings?tab=payments`);
    const crossSite = await app.inject({
      method: 'POST',
      url: url.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      payload: 'outcome=complete&return_url=x',
    });
    expect(crossSite.statusCode).toBe(403);
  });

  it('needs a signed-in clinic', async () => {
    expect(
      (await app.inject({ method: 'POST', url: '/api/clinic/payment-provider/connect' })).statusCode,
    ).toBe(401);
  });
});
