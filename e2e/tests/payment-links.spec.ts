import { expect, test } from '@playwright/test';
import { signedInClinic } from '../fixtures/accounts';

test.describe('payment links', () => {
  test('a clinic creates a £45.00 deposit link and copies it', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signedInClinic(page.request);
    await page.goto('/dashboard');
    await page
      .getByRole('navigation', { name: 'Clinic' })
      .getByRole('link', { name: 'Create a Link' })
      .click();
    await expect(page.getByRole('heading', { name: 'Create Payment Link' })).toBeVisible();
    await expect(page.getByText('Generate a secure payment link to send to your patients')).toBeVisible();
    await expect(page.getByLabel('Payment Type')).toHaveValue('deposit');

    await page.getByLabel('Payment Title*').fill('New patient deposit');
    await page.getByLabel('Amount*').fill('45');
    await page.getByLabel('Description').fill('Taken off your first treatment');
    await page.getByRole('button', { name: 'Generate Payment Link' }).click();

    const dialog = page.getByRole('dialog', { name: 'Payment Link Created' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('£45.00')).toBeVisible();
    await expect(dialog.getByText('Taken off your first treatment')).toBeVisible();
    const url = await dialog.getByTestId('created-link-url').textContent();
    expect(url).toMatch(/\/payment\/[0-9a-f-]{36}$/);
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await expect(page.getByText('Link copied to clipboard')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await expect(dialog.getByRole('link', { name: 'Send Link' })).toHaveAttribute(
      'href',
      '/dashboard/send-link',
    );

    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByLabel('Payment Title*')).toHaveValue('');
  });

  test('the form applies the create-link rules of spec §5', async ({ page }) => {
    await signedInClinic(page.request);
    await page.goto('/dashboard/create-link');
    await page.getByRole('button', { name: 'Generate Payment Link' }).click();
    await expect(page.getByText('Please fill in all required fields')).toHaveCount(2);
    await page.getByLabel('Payment Title*').fill('Treatment');
    await page.getByLabel('Amount*').fill('0');
    await page.getByRole('button', { name: 'Generate Payment Link' }).click();
    await expect(page.getByText('Please enter a valid amount')).toBeVisible();
    await page.getByLabel('Amount*').fill('12.345');
    await page.getByRole('button', { name: 'Generate Payment Link' }).click();
    await expect(page.getByText('Please enter a valid amount')).toBeVisible();
  });
});
