import { expect, test } from '../fixtures/test';

test.describe('connecting to the card provider through the sandbox', () => {
  test('a clinic completes onboarding, is connected, and disconnects', async ({ page, clinic: _clinic }) => {
    await page.goto('/dashboard/settings?tab=payments');
    await expect(page.getByTestId('provider-status')).toHaveText('Not Connected');
    await expect(page.getByText('Sandbox', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Connect with Stripe' }).click();
    await expect(page).toHaveURL(/\/sandbox\/onboarding\/acct_sbx_/);
    await expect(page.getByText('Sandbox', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Complete onboarding' }).click();

    await expect(page).toHaveURL('/dashboard/settings?tab=payments');
    await expect(page.getByText('Successfully connected to Stripe')).toBeVisible();
    await expect(page.getByTestId('provider-status')).toHaveText('Connected');
    await expect(page.getByTestId('provider-account-id')).toHaveText(/^acct_sbx_/);

    await page.getByRole('button', { name: 'Disconnect' }).click();
    await expect(page.getByTestId('provider-status')).toHaveText('Not Connected');
    await expect(page.getByTestId('provider-account-id')).toHaveCount(0);
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
    await expect(page.getByTestId('provider-status')).toHaveText('Connected');
    await expect(page.getByTestId('provider-account-id')).toHaveText(accountId ?? '');
  });
});
