import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxOf } from '../../../test/sandbox.js';
import { createTestApp } from '../../../test/test-app.js';

describe("the sandbox's onboarding and 3-D Secure pages", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const query = '?return_url=http%3A%2F%2Flocalhost%3A3000%2Fx&refresh_url=x';

  // A malformed id once answered 500: it is a link that is not valid, like an unknown one.
  it.each(['not-an-account', 'acct_sbx_XYZ', '__proto__', `acct_sbx_${'f'.repeat(40)}`])(
    'answers the onboarding link for %j with its not-valid page',
    async (accountId) => {
      const response = await app.inject({ url: `/sandbox/onboarding/${accountId}${query}` });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('This onboarding link is not valid');
    },
  );

  it.each(['not-an-intent', 'pi_sbx_XYZ', `pi_sbx_${'0'.repeat(24)}`])(
    'answers the 3-D Secure link for %j with its not-valid page',
    async (paymentIntentId) => {
      const response = await app.inject({
        url: `/sandbox/3ds/${paymentIntentId}?client_secret=x&return_url=x`,
      });
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('This authentication link is not valid');
    },
  );

  it("shows a sandbox account's status and runs its controls, refusing what cannot be done", async () => {
    const sandbox = sandboxOf(app);
    const account = await sandbox.createConnectedAccount({
      email: 'pages@clinic.example',
      clinicId: null as unknown as string,
      idempotencyKey: 'account:pages',
    });
    const form = (control: string, accountId = account.id) =>
      app.inject({
        method: 'POST',
        url: `/sandbox/accounts/${accountId}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.config.publicUrl },
        payload: `control=${control}`,
      });
    const shown = await app.inject({ url: `/sandbox/accounts/${account.id}` });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('data-testid="sandbox-account-status">Pending<');
    expect(shown.body).toContain('Bank account for payouts');

    // Not being verified: nothing to end.
    const early = await form('verify_now');
    expect(early.statusCode).toBe(409);
    expect(early.body).toContain('This account is not being verified.');
    expect((await form('not_a_control')).statusCode).toBe(400);
    expect((await form('clear', 'acct_sbx_ffffffffffffffffffffffff')).statusCode).toBe(404);
    expect(
      (await app.inject({ url: '/sandbox/accounts/acct_sbx_ffffffffffffffffffffffff' })).statusCode,
    ).toBe(404);
    expect((await app.inject({ url: '/sandbox/accounts/__proto__' })).statusCode).toBe(404);

    await sandbox.finishOnboarding(account.id, 'complete');
    const verified = await form('verify_now');
    expect(verified.statusCode).toBe(303);
    expect(verified.headers.location).toBe(`/sandbox/accounts/${account.id}`);
    expect((await sandbox.retrieveConnectedAccount(account.id)).status).toBe('connected');
    expect((await form('require_information')).statusCode).toBe(303);
    expect((await app.inject({ url: `/sandbox/accounts/${account.id}` })).body).toContain('Action needed');
  });
});
