import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from '@playwright/test';
import { E2E_ADMIN, linkFromOutbox, signInAsAdminInBrowser, uniqueEmail } from '../fixtures/accounts';
import { connectedClinicWithLink } from '../fixtures/payments';
import { expect, test } from '../fixtures/test';

/** A patient pays the page with the sandbox's 4242 card, in a browser of their own. */
async function payAsPatient(browser: Browser, linkPath: string) {
  const patient = await browser.newContext();
  const page = await patient.newPage();
  await page.goto(linkPath);
  await page.getByLabel('Full Name').fill('Ada Patient');
  await page.getByLabel('Email').fill('ada@patient.example');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay £\d/ }).click();
  await expect(page.getByTestId('payment-reference')).toHaveText(/^CP-/);
  await patient.close();
}

const signInAsAdmin = signInAsAdminInBrowser;

/** The admin's clinic profile of the clinic with this email, found through the clinics search. */
async function openClinicByEmail(page: Page, email: string) {
  await page.goto('/admin/clinics');
  await page.getByPlaceholder('Search clinics...').fill(email);
  // The search settles into the address first; a click before it would be overtaken by that navigation.
  await expect(page).toHaveURL(/[?&]search=/);
  const table = page.getByRole('table', { name: 'Clinics' });
  await expect(table.getByText(email)).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('link', { name: 'Marylebone Skin Clinic' }).click();
  await expect(page).toHaveURL(/\/admin\/clinics\/[0-9a-f-]{36}$/);
}

const pounds = (text: string | null) => Number((text ?? '').replace(/[£,]/g, ''));

test.describe('the admin console', () => {
  test('an invited clinic sets its password from the emailed link and lands on its dashboard', async ({
    browser,
    page,
  }) => {
    const email = uniqueEmail('invited');
    await signInAsAdmin(page);
    await page.goto('/admin/clinics');
    await page.getByRole('button', { name: 'Add New Clinic' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Clinic' });
    await dialog.getByLabel('Clinic name').fill('Hampstead Hearing');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText(`Invitation sent to ${email}`).first()).toBeVisible();

    const link = await linkFromOutbox(page, email, 'You are invited to ClinicPay');
    const clinic = await browser.newContext();
    const clinicPage = await clinic.newPage();
    await clinicPage.goto(link);
    await clinicPage.getByLabel('New Password', { exact: true }).fill('hampstead password');
    await clinicPage.getByLabel('Confirm New Password').fill('hampstead password');
    await clinicPage.getByRole('button', { name: 'Update Password' }).click();
    await expect(clinicPage).toHaveURL('/sign-in');
    await clinicPage.getByLabel('Email').fill(email);
    await clinicPage.getByLabel('Password').fill('hampstead password');
    await clinicPage.getByRole('button', { name: 'Sign In' }).click();
    await expect(clinicPage).toHaveURL('/dashboard');
    // The link worked once.
    await clinicPage.goto(link);
    await expect(clinicPage.getByText('Invalid reset token')).toBeVisible();
    await clinic.close();
  });

  test('the dashboard counts a checkout payment, and a preset changes the figures', async ({
    browser,
    page,
  }) => {
    const clinicBrowser = await browser.newContext();
    const { linkPath } = await connectedClinicWithLink(clinicBrowser.request, {
      amount: 4500,
      title: 'Assessment',
      email: uniqueEmail('admin-journey'),
    });
    await payAsPatient(browser, linkPath);
    await clinicBrowser.close();

    await signInAsAdmin(page);
    const cards = page.getByRole('list', { name: 'Platform statistics' });
    await page.getByRole('button', { name: /Date range/ }).click();
    await page.getByRole('button', { name: 'This month' }).click();
    await expect(
      page.getByText(/^Filtering data from \d\d\/\d\d\/\d{4} to \d\d\/\d\d\/\d{4}$/),
    ).toBeVisible();
    await expect(page).toHaveURL(/from=\d{4}-\d\d-01&to=/);
    // The card's figure: the one text in it that is an amount in pounds.
    const total = cards
      .getByRole('listitem')
      .filter({ hasText: 'Total Payments' })
      .getByText(/^£[\d,]+\.\d\d$/);
    await expect.poll(async () => pounds(await total.textContent())).toBeGreaterThanOrEqual(45);
    await expect(cards.getByText(/this month$/).first()).toBeVisible();

    // The database began today, so last month has nothing in it.
    await page.getByRole('button', { name: /Date range/ }).click();
    await page.getByRole('button', { name: 'Last month' }).click();
    await expect(total).toHaveText('£0.00');
    await page.getByRole('button', { name: /Date range/ }).click();
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(page.getByText('Date filter cleared')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Recent Clinics' })).toBeVisible();
  });

  test('the clinic list finds a clinic by email, and its profile shows its payments and links', async ({
    browser,
    page,
  }) => {
    const clinicBrowser = await browser.newContext();
    const { email, linkPath } = await connectedClinicWithLink(clinicBrowser.request, {
      amount: 6000,
      title: 'Assessment',
      email: uniqueEmail('admin-journey'),
    });
    await payAsPatient(browser, linkPath);
    await clinicBrowser.close();

    await signInAsAdmin(page);
    await openClinicByEmail(page, email);
    await expect(page.getByRole('heading', { name: 'Marylebone Skin Clinic' })).toBeVisible();
    const payments = page.getByRole('table', { name: 'Recent Payments' });
    await expect(payments.getByRole('row', { name: /Ada Patient/ })).toContainText('£60.00');
    await expect(page.getByRole('table', { name: 'Payment Links' })).toContainText('Usage 1 times');
    const stats = page.getByRole('list', { name: 'Clinic statistics' });
    await expect(stats.getByRole('listitem').filter({ hasText: 'Platform Fees' })).toContainText('£1.80');
  });

  test('a fee of 2.5% applies to the next payment, and a force-disconnect stops the clinic’s payments @platform-wide', async ({
    browser,
    page,
  }) => {
    const clinicBrowser = await browser.newContext();
    const { email, linkPath } = await connectedClinicWithLink(clinicBrowser.request, {
      amount: 4000,
      title: 'Assessment',
      email: uniqueEmail('admin-journey'),
    });
    await clinicBrowser.close();
    await signInAsAdmin(page);
    try {
      await page.goto('/admin/settings');
      const fee = page.getByLabel('Platform fee (%)');
      await expect(fee).toHaveValue('3.0');
      await fee.fill('2.5');
      const save = page.getByRole('button', { name: 'Save', exact: true });
      await save.click();
      // Saving asks first, with the old and new percent (decision 0098); Cancel keeps the fee.
      const confirm = page.getByRole('dialog', { name: 'Change the platform fee?' });
      await expect(confirm).toContainText('The platform fee will change from 3.0% to 2.5%.');
      await expect(confirm).toContainText('It applies to payments started from now on');
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(confirm).toBeHidden();
      await expect(save).toBeFocused();
      expect((await (await page.request.get('/api/platform-settings/fee')).json()).platformFeePercent).toBe(
        '3.0',
      );
      await save.click();
      await confirm.getByRole('button', { name: 'Change fee' }).click();
      await expect(page.getByText('Platform fee updated to 2.5%')).toBeVisible();
      await expect(save).toBeFocused();
      // The history shows the change: when, who, from → to.
      const history = page.getByRole('table', { name: 'Fee history' });
      await expect(history.getByRole('row').nth(1)).toContainText(E2E_ADMIN.email);
      await expect(history.getByRole('row').nth(1)).toContainText('3.0% →to 2.5%');
      await payAsPatient(browser, linkPath);
    } finally {
      // The fee is platform-wide (this journey runs after all others): put the default back.
      await page.request.put('/api/admin/platform-settings/fee', { data: { platformFeePercent: '3.0' } });
    }
    await openClinicByEmail(page, email);
    const stats = page.getByRole('list', { name: 'Clinic statistics' });
    await expect(stats.getByRole('listitem').filter({ hasText: 'Platform Fees' })).toContainText('£1.00');

    await page.goto('/admin/settings');
    const connections = page.getByRole('table', { name: 'Stripe connections' });
    await page.getByLabel('Search clinics by name or email').fill(email);
    // The whole list may arrive first; the search narrows it to this clinic once typing pauses.
    await expect(connections.getByRole('row')).toHaveCount(2);
    await expect(connections.getByRole('row').nth(1)).toContainText(email);
    await expect(connections.getByText('Connected', { exact: true })).toHaveCount(1);
    const disconnect = connections.getByRole('button', { name: 'Disconnect Marylebone Skin Clinic' });
    await disconnect.click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Stripe Disconnection' });
    // The dialog and the toast name the clinic, not its id (decision 0081).
    await expect(dialog).toContainText(
      'Are you sure you want to force disconnect Stripe for Marylebone Skin Clinic? This will immediately stop payment processing for them.',
    );
    await dialog.getByRole('button', { name: 'Disconnect Stripe' }).click();
    await expect(page.getByText('Stripe disconnected for Marylebone Skin Clinic')).toBeVisible();
    await expect(connections.getByText('Not Connected')).toBeVisible();
    await expect(connections.getByText('Payments turned off')).toBeVisible();
    await expect(disconnect).toHaveCount(0);

    // The patient is told card payments are temporarily unavailable, without blaming the clinic's set-up.
    const patient = await browser.newContext();
    const patientPage = await patient.newPage();
    await patientPage.goto(linkPath);
    await expect(patientPage.getByText('Payment Unavailable')).toBeVisible();
    await expect(
      patientPage.getByText('Card payments to this clinic are temporarily unavailable.', { exact: false }),
    ).toBeVisible();

    // Restored: the clinic's own account is in use again, and the patient can pay.
    await connections.getByRole('button', { name: /Restore payments/ }).click();
    const restore = page.getByRole('dialog', { name: 'Restore card payments?' });
    await restore.getByRole('button', { name: /Restore payments/ }).click();
    await expect(page.getByText('Card payments restored for Marylebone Skin Clinic')).toBeVisible();
    await expect(connections.getByText('Connected', { exact: true })).toBeVisible();
    await patientPage.reload();
    await expect(patientPage.getByRole('button', { name: /^Pay £\d/ })).toBeVisible();
    await patient.close();
  });

  test('the signing secret is masked until revealed, and the reveal is in the audit log', async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await page.goto('/admin/settings');
    const secret = page.getByRole('textbox', { name: 'Signing secret' });
    await expect(secret).toHaveValue(/^whsec_•{8}[A-Za-z0-9_-]{4}$/);
    const masked = await secret.inputValue();
    const reveal = page.getByRole('button', { name: 'Reveal signing secret' });
    await expect(reveal).toHaveAttribute('aria-pressed', 'false');
    await reveal.click();
    await expect(secret).toHaveValue(/^whsec_[A-Za-z0-9_-]{43}$/);
    await expect(reveal).toHaveAttribute('aria-pressed', 'true');
    expect((await secret.inputValue()).slice(-4)).toBe(masked.slice(-4));
    await reveal.click();
    await expect(secret).toHaveValue(masked);

    await page.getByRole('link', { name: 'Audit Log' }).click();
    await expect(page).toHaveURL('/admin/audit');
    await page.getByLabel('Action').selectOption({ label: 'Signing secret revealed' });
    await expect(page).toHaveURL('/admin/audit?action=webhook_secret.revealed');
    const log = page.getByRole('table', { name: 'Audit Log' });
    await expect(log.getByRole('row').nth(1)).toContainText('Signing secret revealed');
    await expect(log.getByRole('row').nth(1)).toContainText(E2E_ADMIN.email);
  });

  test('the dashboard ends where its last card does, even with a payment on every day of the range', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAsAdmin(page);
    // A month with payments every day: the chart's table for screen readers has a row for each.
    await page.route('**/api/admin/stats*', async (route) => {
      const response = await route.fetch();
      const stats = await response.json();
      const series = Array.from({ length: 31 }, (_, day) => ({
        date: `2026-10-${String(day + 1).padStart(2, '0')}`,
        amount: 5000,
        count: 1,
      }));
      await route.fulfill({ response, json: { ...stats, series } });
    });
    await page.reload();
    await expect(page.getByRole('table', { name: 'Net payments per day' }).getByRole('row')).toHaveCount(32);
    await expect(page.getByRole('heading', { name: 'Recent Clinics' })).toBeVisible();
    const blank = await page.evaluate(() => {
      const main = document.getElementById('main') as HTMLElement;
      return document.documentElement.scrollHeight - (main.getBoundingClientRect().bottom + window.scrollY);
    });
    expect(blank).toBeLessThanOrEqual(1);
  });

  test('an unknown clinic shows the profile’s error page', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/admin/clinics/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'Could not load clinic profile' })).toBeVisible();
    await expect(page.getByText('Clinic data not found. Please try again later.')).toBeVisible();
    await expect(page).toHaveTitle(/Error/);
  });

  test('a signed-out visitor to an admin page is sent to sign in carrying where they were going', async ({
    page,
  }) => {
    await page.goto('/admin/settings');
    await expect(page).toHaveURL('/sign-in?redirectTo=%2Fadmin%2Fsettings');
  });

  test('create-admin run beside the running server refuses and says what to do, creating nobody', async ({
    page,
  }) => {
    const run = promisify(execFile);
    const email = uniqueEmail('second-admin');
    const failure = await run(
      process.execPath,
      [
        '--import',
        'tsx',
        path.resolve(import.meta.dirname, '../../apps/server/src/cli/create-admin.ts'),
        '--email',
        email,
      ],
      {
        cwd: path.resolve(import.meta.dirname, '../..'),
        env: {
          ...process.env,
          DATA_DIR: process.env.E2E_DATA_DIR,
          DATABASE_URL: '',
          ADMIN_PASSWORD: 'another admin password',
        },
      },
    ).then(
      () => null,
      (error: { stderr: string; code: number }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain('most likely a running ClinicPay server');
    expect(failure?.stderr).toContain('Stop the server, run this command again');
    // Nobody was created: signing in as that address fails.
    const signIn = await page.request.post('/api/auth/sign-in', {
      data: { email, password: 'another admin password' },
    });
    expect(signIn.status()).toBe(401);
  });
});
