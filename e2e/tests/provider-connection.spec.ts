import { signedInAdmin } from '../fixtures/accounts';
import { expect, test } from '../fixtures/test';

test.describe('connecting to the card provider through the sandbox', () => {
  test('a clinic completes onboarding, is verifying, then connected; disconnecting and reconnecting keeps the same account', async ({
    page,
    clinic: _clinic,
  }) => {
    await page.goto('/dashboard/settings?tab=payments');
    await expect(page.getByTestId('provider-status')).toHaveText('Not Connected');
    await expect(page.getByText('Sandbox', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Connect with Stripe' }).click();
    await expect(page).toHaveURL(/\/sandbox\/onboarding\/acct_sbx_/);
    await expect(page.getByText('Sandbox', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Complete onboarding' }).click();

    // Stripe checks the details first; the page follows it to connected on its own (decision 0080).
    await expect(page).toHaveURL('/dashboard/settings?tab=payments');
    await expect(page.getByTestId('provider-status')).toHaveText('Verifying');
    await expect(
      page.getByRole('tabpanel').getByText('Stripe is checking your details.', { exact: false }),
    ).toBeVisible();
    await expect(page.getByTestId('provider-status')).toHaveText('Connected', { timeout: 30_000 });
    const accountId = await page.getByTestId('provider-account-id').textContent();
    expect(accountId).toMatch(/^acct_sbx_/);

    await page.getByRole('button', { name: 'Disconnect' }).click();
    await expect(page.getByTestId('provider-status')).toHaveText('Not Connected');
    await expect(page.getByTestId('provider-account-id')).toHaveCount(0);

    // Reconnecting reuses the clinic's account: no second onboarding (decision 0081).
    await page.getByRole('button', { name: 'Connect with Stripe' }).click();
    await expect(page).toHaveURL('/dashboard/settings?tab=payments');
    await expect(page.getByTestId('provider-status')).toHaveText('Connected');
    await expect(page.getByTestId('provider-account-id')).toHaveText(accountId ?? '');
  });

  test('finishing later leaves the clinic pending until it resumes and completes', async ({
    page,
    clinic: _clinic,
  }) => {
    await page.goto('/dashboard/settings?tab=payments');
    await page.getByRole('button', { name: 'Connect with Stripe' }).click();
    await page.getByRole('button', { name: 'Finish later' }).click();

    await expect(page).toHaveURL('/dashboard/settings?tab=payments');
    await expect(page.getByTestId('provider-status')).toHaveText('Pending');
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: 'Please complete the Stripe onboarding process to enable payments' })
        .first(),
    ).toBeVisible();
    const accountId = await page.getByTestId('provider-account-id').textContent();

    await page.getByRole('button', { name: 'Resume onboarding' }).click();
    await expect(page).toHaveURL(new RegExp(`/sandbox/onboarding/${accountId}`));
    await page.getByRole('button', { name: 'Complete onboarding' }).click();
    await expect(page.getByTestId('provider-status')).toHaveText('Connected', { timeout: 30_000 });
    await expect(page.getByTestId('provider-account-id')).toHaveText(accountId ?? '');
  });

  test('an account Stripe asks more of shows what is due and by when, and Update details takes the clinic back to onboarding', async ({
    page,
    connectedClinic: _clinic,
  }) => {
    await page.goto('/dashboard/settings?tab=payments');
    await expect(page.getByTestId('provider-status')).toHaveText('Connected');
    const accountId = await page.getByTestId('provider-account-id').textContent();

    // Stripe's own checks, stood in for by the sandbox's account page.
    await page.goto(`/sandbox/accounts/${accountId}`);
    await page.getByRole('button', { name: 'Require more information (deadline in 14 days)' }).click();
    await expect(page.getByTestId('sandbox-account-status')).toHaveText('Action needed');

    await page.goto('/dashboard');
    const deadline = new Date(Date.now() + 14 * 24 * 3600 * 1000).toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Europe/London',
    });
    await expect(
      page.getByText(`Stripe needs more information from you by ${deadline}`, { exact: false }),
    ).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByText('Proof of address').first()).toBeVisible();

    await page.getByRole('button', { name: 'Update details' }).first().click();
    await expect(page).toHaveURL(new RegExp(`/sandbox/onboarding/${accountId}\\?`));
    await page.getByRole('button', { name: 'Complete onboarding' }).click();
    await expect(page).toHaveURL('/dashboard/settings?tab=payments');
    await expect(page.getByTestId('provider-status')).toHaveText('Connected');
  });

  test('after a force-disconnect the clinic sees why and cannot reconnect until an admin restores it', async ({
    page,
    browser,
    connectedClinic: _clinic,
  }) => {
    const clinicId = (await (await page.request.get('/api/clinic')).json()).clinic.id;
    const adminContext = await browser.newContext();
    await signedInAdmin(adminContext.request);
    expect((await adminContext.request.post(`/api/admin/clinics/${clinicId}/disconnect`)).ok()).toBe(true);

    await page.goto('/dashboard/settings?tab=payments');
    await expect(
      page.getByRole('heading', { name: 'Card payments were turned off by ClinicPay' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Contact ClinicPay' })).toHaveAttribute('href', '/contact');
    await expect(page.getByRole('button', { name: 'Connect with Stripe' })).toHaveCount(0);

    expect((await adminContext.request.post(`/api/admin/clinics/${clinicId}/restore-payments`)).ok()).toBe(
      true,
    );
    await adminContext.close();
    await page.reload();
    await expect(page.getByTestId('provider-status')).toHaveText('Connected');
    await expect(
      page.getByRole('heading', { name: 'Card payments were turned off by ClinicPay' }),
    ).toHaveCount(0);
  });
});
