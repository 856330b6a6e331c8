import { expect, test } from '../fixtures/test';

test.describe('public pages', () => {
  test('the landing page offers sign in, get started and the three steps', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(/^ClinicPay/);
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/sign-in');
    await expect(header.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/sign-up');
    const steps = page.getByRole('region', { name: 'How it works' }).getByRole('listitem');
    await expect(steps).toHaveCount(3);
    await expect(steps.nth(0)).toContainText('Create payment links');
    await expect(steps.nth(1)).toContainText('Collect payments');
    await expect(steps.nth(2)).toContainText('Manage everything');
    await expect(page.getByText('Reduce no-shows by taking deposits')).toBeVisible();
  });

  test('the fees page shows the platform fee from platform settings', async ({ page }) => {
    await page.goto('/fees');
    await expect(page).toHaveTitle('ClinicPay - Fees');
    await expect(page.getByTestId('platform-fee')).toHaveText('3.0%');
    await expect(page.getByText('per successful transaction')).toBeVisible();
    await expect(page.getByText('1.5% + 20p for standard UK cards', { exact: false })).toBeVisible();
  });

  test('the fees page keeps 3.0 and says so when the fee cannot be loaded', async ({
    page,
    consoleProblems,
  }) => {
    await page.route('**/api/platform-settings/fee', (route) => route.fulfill({ status: 500, body: '{}' }));
    await page.goto('/fees');
    await expect(page.getByRole('alert')).toHaveText('Failed to load platform fee setting');
    await expect(page.getByTestId('platform-fee')).toHaveText('3.0%');
    // The browser notes each 500 this test answered with; nothing else is logged.
    const logged = consoleProblems.take();
    expect(logged.length).toBeGreaterThan(0);
    for (const line of logged)
      expect(line).toContain(
        '/api/platform-settings/fee: Failed to load resource: the server responded with a status of 500',
      );
  });

  test('the terms state the fee, no monthly fees and 30 days notice', async ({ page }) => {
    await page.goto('/terms');
    await expect(page).toHaveTitle('ClinicPay - Terms of Service');
    await expect(page.getByText('A 3% transaction fee applies to every successful payment')).toBeVisible();
    await expect(page.getByText('non-refundable, even when a payment is refunded')).toBeVisible();
    await expect(page.getByText('There are no monthly fees.')).toBeVisible();
    await expect(page.getByText('There is no charge on failed payments or refunds.')).toBeVisible();
    await expect(page.getByText("30 days' notice")).toBeVisible();
  });

  test('the privacy policy covers UK GDPR, retention and processors', async ({ page }) => {
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
    for (const heading of [
      'Patient data we keep',
      'Why we use it',
      'How long we keep it',
      'Who processes it',
    ]) {
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    }
    await expect(page.getByText('UK General Data Protection Regulation')).toBeVisible();
  });

  test('the about page describes the product', async ({ page }) => {
    await page.goto('/about');
    await expect(page).toHaveTitle('ClinicPay - About');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About ClinicPay');
  });

  test('the contact page shows the hours and the email, phone and live chat cards', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByText('Contact hours: Monday-Friday 9am-5pm')).toBeVisible();
    await expect(page.getByRole('link', { name: 'support@clinicpay.test' })).toHaveAttribute(
      'href',
      'mailto:support@clinicpay.test',
    );
    await expect(page.getByRole('link', { name: '020 7946 0123' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Live chat' })).toBeVisible();
  });

  test('the footer links to about, fees, contact, terms and privacy', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('navigation', { name: 'Footer' });
    const expected = [
      ['About', '/about', 'About ClinicPay'],
      ['Fees', '/fees', 'Simple, transparent fees'],
      ['Contact', '/contact', 'Contact Us'],
      ['Terms', '/terms', 'Terms of Service'],
      ['Privacy', '/privacy', 'Privacy Policy'],
    ] as const;
    for (const [name, path, heading] of expected) {
      await footer.getByRole('link', { name }).click();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    }
  });

  test('a new page opens at the top', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 400 });
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Terms' }).click();
    await expect(page).toHaveURL('/terms');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('an unknown page shows the not-found page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL('/');
  });
});
