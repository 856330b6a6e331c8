/**
 * Decision 0066: someone who opens the app at http://127.0.0.1:PORT (not localhost) stays on 127.0.0.1
 * through the sandbox's onboarding, so the session cookie, which belongs to 127.0.0.1, still signs
 * them in when they come back. PUBLIC_URL is unset in this suite, as on a developer's machine.
 */

import { CLINIC_PASSWORD, signedInClinic, uniqueEmail } from '../fixtures/accounts';
import { expect, test } from '../fixtures/test';

const loopback = `http://127.0.0.1:${process.env.E2E_PORT}`;
test.use({ baseURL: loopback });

test.describe('the app opened at 127.0.0.1', () => {
  test('connects the sandbox provider and comes back to 127.0.0.1, still signed in', async ({ page }) => {
    const { email } = await signedInClinic(page.request);
    await page.goto('/dashboard/settings?tab=payments');
    await expect(page.getByTestId('provider-status')).toHaveText('Not Connected');

    await page.getByRole('button', { name: 'Connect with Stripe' }).click();
    await expect(page).toHaveURL(new RegExp(`^${loopback}/sandbox/onboarding/acct_sbx_`));
    await page.getByRole('button', { name: 'Complete onboarding' }).click();

    await expect(page).toHaveURL(`${loopback}/dashboard/settings?tab=payments`);
    // Stripe checks the details first, then the account is connected (decision 0080).
    await expect(page.getByTestId('provider-status')).toHaveText('Connected', { timeout: 30_000 });
    const session = await page.request.get('/api/auth/session');
    expect((await session.json()).user).toMatchObject({ email });
  });

  test('emails a verification link on 127.0.0.1', async ({ request }) => {
    const email = uniqueEmail('loopback');
    const signUp = await request.post('/api/auth/sign-up', {
      data: {
        clinicName: 'Loopback Clinic',
        email,
        password: CLINIC_PASSWORD,
        confirmPassword: CLINIC_PASSWORD,
        agreeTerms: true,
      },
    });
    expect(signUp.status()).toBe(201);
    expect(new URL((await signUp.json()).verificationUrl).origin).toBe(loopback);
  });
});
