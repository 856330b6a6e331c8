/**
 * Before every journey: the admin made by the CLI turns two-factor sign-in on, as every admin must
 * (decision 0122), and its TOTP secret is kept in the run's data folder for the journeys that sign in
 * as the admin (fixtures/accounts.ts).
 */

import { writeFileSync } from 'node:fs';
import { expect, test as setup } from '@playwright/test';
import { ADMIN_TOTP_SECRET_FILE, E2E_ADMIN, totpCode } from '../fixtures/accounts';

setup('the admin turns two-factor sign-in on', async ({ request }) => {
  const signIn = await request.post('/api/auth/sign-in', { data: E2E_ADMIN });
  expect((await signIn.json()).user).toMatchObject({ twoFactorSetupRequired: true });
  const setup = await request.post('/api/auth/two-factor/enable', { data: { password: E2E_ADMIN.password } });
  expect(setup.ok()).toBe(true);
  const { secret } = await setup.json();
  const confirm = await request.post('/api/auth/two-factor/confirm', { data: { code: totpCode(secret) } });
  expect(confirm.ok()).toBe(true);
  writeFileSync(ADMIN_TOTP_SECRET_FILE, secret);
});
