import { CLINIC_PASSWORD, linkFromOutbox, signInAsAdminInBrowser, uniqueEmail } from '../fixtures/accounts';
import { expect, test } from '../fixtures/test';

test.describe('accounts', () => {
  test('a clinic signs up, verifies from the emailed link, signs in and signs out', async ({ page }) => {
    const email = uniqueEmail();
    await page.goto('/sign-up');
    await page.getByLabel('Clinic Name').fill('Chelsea Dental Studio');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(CLINIC_PASSWORD);
    await page.getByLabel('Confirm Password').fill(CLINIC_PASSWORD);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Sign Up' }).click();

    await expect(page).toHaveURL(`/verify-email?email=${encodeURIComponent(email)}`);
    await expect(
      page.getByText('Sign up successful! Please check your email for verification.'),
    ).toBeVisible();
    await expect(page.getByTestId('verification-link')).toBeVisible();

    const link = await linkFromOutbox(page, email, 'Verify your ClinicPay email address');
    await page.goto(link);
    await expect(page.getByText('Email verification successful! You can now sign in.')).toBeVisible();
    await expect(page).toHaveURL('/sign-in');

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(CLINIC_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByText('Welcome, Chelsea Dental Studio.')).toBeVisible();

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL('/sign-in');
    await expect(page.getByText('Signed out successfully')).toBeVisible();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/sign-in\?redirectTo=%2Fdashboard/);
  });

  test('a forgotten password is reset from the emailed link and the old one stops working', async ({
    page,
    clinic,
  }) => {
    const { email } = clinic;
    await page.request.post('/api/auth/sign-out');
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Instructions' }).click();
    await expect(page.getByText('Password reset instructions sent to your email.').first()).toBeVisible();

    const link = await linkFromOutbox(page, email, 'Reset your ClinicPay password');
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Set new password' })).toBeVisible();
    await page.getByLabel('New Password', { exact: true }).fill('my new password');
    await page.getByLabel('Confirm New Password').fill('my new password');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText('Password updated successfully').first()).toBeVisible();
    await expect(page).toHaveURL('/sign-in');

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(CLINIC_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    // The refusal is said once and tied to both fields, with focus on the first of them.
    await expect(page.getByText('Invalid email or password')).toHaveCount(1);
    await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Email')).toBeFocused();
    await page.getByLabel('Password').fill('my new password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL('/dashboard');

    await page.goto(link);
    await expect(page.getByText('Invalid reset token')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to Forgot Password' })).toBeVisible();
  });

  test('signing in before verifying lands on /verify-email with the message', async ({ page }) => {
    const email = uniqueEmail();
    await page.request.post('/api/auth/sign-up', {
      data: {
        clinicName: 'Unverified',
        email,
        password: CLINIC_PASSWORD,
        confirmPassword: CLINIC_PASSWORD,
        agreeTerms: true,
      },
    });
    await page.goto('/sign-in');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(CLINIC_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(`/verify-email?email=${encodeURIComponent(email)}`);
    await expect(page.getByText('Please verify your email address before signing in')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(email);
    expect(await page.evaluate(() => localStorage.getItem('verificationEmail'))).toBe(email);
  });

  test('the admin made with the CLI signs in to /admin with its code, and is kept out of /dashboard', async ({
    page,
  }) => {
    await signInAsAdminInBrowser(page);
    await expect(
      page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Clinics' }),
    ).toBeVisible();
    await page.goto('/dashboard/settings');
    await expect(page).toHaveURL('/admin');
  });

  test('a clinic user opening /admin lands on /dashboard', async ({ page, clinic: _clinic }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL('/dashboard');
  });

  test('a signed-out visitor is sent to sign in and brought back after', async ({ page, clinic }) => {
    const { email } = clinic;
    await page.request.post('/api/auth/sign-out');
    await page.goto('/dashboard/settings?tab=security');
    await expect(page).toHaveURL(/\/sign-in\?redirectTo=/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(CLINIC_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL('/dashboard/settings?tab=security');
  });

  test('a signed-in user on sign-in or sign-up sees the already signed in notice', async ({
    page,
    clinic: _clinic,
  }) => {
    for (const path of ['/sign-in', '/sign-up']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'You are already signed in' })).toBeVisible();
    }
    await page.goto('/verify-email');
    await expect(page).toHaveURL('/dashboard');
  });

  test('the sign-up form shows the rules of docs/product.md#validation', async ({ page }) => {
    await page.goto('/sign-up');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText('Please fill in all fields').first()).toBeVisible();
    await expect(page.getByText('You must agree to the terms and conditions')).toBeVisible();
    await page.getByLabel('Clinic Name').fill('A Clinic');
    await page.getByLabel('Email').fill(uniqueEmail());
    await page.getByLabel('Password', { exact: true }).fill('password one');
    await page.getByLabel('Confirm Password').fill('password two');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
  });
});

test.describe('auth callback', () => {
  test('shows an error description from the callback with a way back to sign in', async ({ page }) => {
    await page.goto('/auth/callback#error_description=Email+link+is+invalid+or+has+expired');
    await expect(page.getByRole('heading', { name: 'Authentication Error' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText('Email link is invalid or has expired');
    await page.getByRole('link', { name: 'Back to Sign In' }).click();
    await expect(page).toHaveURL('/sign-in');
  });

  test('without an error continues to sign in', async ({ page }) => {
    await page.goto('/auth/callback');
    await expect(page).toHaveURL('/sign-in');
  });
});
