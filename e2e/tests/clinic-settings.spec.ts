import { CLINIC_PASSWORD } from '../fixtures/accounts';
import { expect, test } from '../fixtures/test';

test.describe('clinic settings', () => {
  test('the tab follows ?tab= and an unknown one opens the profile', async ({ page, clinic: _clinic }) => {
    await page.goto('/dashboard/settings?tab=nonsense');
    await expect(page.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('tab', { name: 'Notifications' }).click();
    await expect(page).toHaveURL('/dashboard/settings?tab=notifications');
    await page.goto('/dashboard/settings?tab=security');
    await expect(page.getByRole('tab', { name: 'Security' })).toHaveAttribute('aria-selected', 'true');
  });

  test('a no-show fee saves as version 1, keeps its terms, refuses an absurd fee and turns off', async ({
    page,
    clinic: _clinic,
  }) => {
    await page.goto('/dashboard/settings');
    await page.getByRole('tab', { name: 'Policies' }).click();
    await expect(page).toHaveURL('/dashboard/settings?tab=policies');
    const noShow = page.getByRole('region', { name: 'No-show fee' });
    await expect(noShow).toContainText('Not set');
    await noShow.getByLabel('Fee (£)').fill('5000');
    await noShow.getByLabel('Policy text').fill('A missed appointment is charged £40.00 to your saved card.');
    await noShow.getByRole('button', { name: 'Save policy' }).click();
    await expect(noShow.getByLabel('Fee (£)')).toBeFocused();
    await expect(noShow.getByText('Please enter a fee between £0.30 and £1,000.00')).toBeVisible();
    await noShow.getByLabel('Fee (£)').fill('40');
    await noShow.getByRole('button', { name: 'Save policy' }).click();
    await expect(page.getByText('No-show fee saved as version 1')).toBeVisible();
    await page.reload();
    await expect(noShow.getByTestId('policy-no_show-status')).toContainText('In force: version 1, £40.00');
    await expect(noShow.getByLabel('Fee (£)')).toHaveValue('40.00');
    await noShow.getByRole('button', { name: 'Turn off' }).click();
    await expect(page.getByText('No-show fee turned off')).toBeVisible();
    await expect(noShow).toContainText('Not set');
  });

  test('the profile saves, and the incomplete-profile banner stays until every detail and a logo exist', async ({
    page,
    clinic: _clinic,
  }) => {
    await page.goto('/dashboard/settings');
    const banner = page.getByText(
      'Add your clinic logo and details to give patients the best payment experience!',
    );
    await expect(banner).toBeVisible();
    await page.getByLabel('Phone').fill('020 7946 0555');
    await page.getByLabel('Address Line 1').fill('10 Harley Street');
    await page.getByLabel('City').fill('London');
    await page.getByLabel('Postcode').fill('W1G 9PF');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Profile settings saved successfully')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Postcode')).toHaveValue('W1G 9PF');
    await expect(banner).toBeVisible();
  });

  test('email and SMS notifications toggle with their messages', async ({ page, clinic: _clinic }) => {
    await page.goto('/dashboard/settings?tab=notifications');
    await page.getByRole('switch', { name: 'SMS Notifications' }).click();
    await expect(page.getByText('SMS notifications disabled')).toBeVisible();
    await page.getByRole('switch', { name: 'Email Notifications' }).click();
    await expect(page.getByText('Email notifications disabled')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('switch', { name: 'SMS Notifications' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    await expect(page.getByText('A payment request you send always goes out')).toBeVisible();
  });

  test('the password changes after the current one is checked', async ({ page, clinic: _clinic }) => {
    await page.goto('/dashboard/settings?tab=security');
    await page.getByLabel('Current Password').fill('not my password');
    await page.getByLabel('New Password').fill('a brand new password');
    await page.getByLabel('Confirm Password').fill('a brand new password');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText('Current password is incorrect').first()).toBeVisible();

    await page.getByLabel('Current Password').fill(CLINIC_PASSWORD);
    await page.getByLabel('Confirm Password').fill('something else');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText("Passwords don't match")).toBeVisible();

    await page.getByLabel('Confirm Password').fill('a brand new password');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText('Password updated successfully')).toBeVisible();
  });
});
