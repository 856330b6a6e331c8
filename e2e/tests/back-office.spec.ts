import fs from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { signedInAdmin } from '../fixtures/accounts';
import { createLink } from '../fixtures/payments';
import { expect, test } from '../fixtures/test';

/** A patient, in a browser of their own, pays `path` with the sandbox's always-succeeding card. */
async function patientPays(browser: Browser, path: string, name: string, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(path);
  await page.getByLabel('Full Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay £\d/ }).click();
  await expect(page.getByTestId('payment-reference')).toHaveText(/^CP-/);
  await context.close();
}

const stat = (page: Page, title: string) =>
  page.getByRole('list', { name: 'Payment statistics' }).getByRole('listitem').filter({ hasText: title });

/** The history's data rows (the header row has column headers, not cells). */
const historyRows = (page: Page) =>
  page
    .getByRole('table', { name: 'Payments' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });

async function choose(page: Page, filter: 'Type' | 'Status', option: string) {
  await page.getByRole('combobox', { name: filter }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function refund(page: Page, patient: string, pounds: string | null) {
  await page.getByRole('button', { name: `View payment from ${patient}` }).click();
  const details = page.getByRole('dialog', { name: 'Payment Details' });
  await details.getByRole('button', { name: 'Refund' }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund Payment' });
  if (pounds !== null) await dialog.getByLabel('Refund amount (£)').fill(pounds);
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(dialog).toBeHidden();
  return details;
}

/**
 * After £15 of Ada's £45 is refunded, one clinic's figures agree on every screen (decision 0097): £245
 * paid, £15 refunded, £230 net, on its dashboard, in its history, in its CSV report and on the admin's
 * profile of it.
 */
async function sameFiguresEverywhere(page: Page, browser: Browser, clinicEmail: string) {
  await expect(stat(page, 'Month Total')).toContainText('£230.00');
  const revenue = page.getByRole('region', { name: 'Revenue' });
  await revenue.getByRole('button', { name: 'Monthly' }).click();
  await expect(revenue.getByRole('button', { name: 'Monthly' })).toHaveAttribute('aria-pressed', 'true');
  await expect(revenue.locator('dl')).toContainText('Net£230.00');
  await expect(revenue.locator('dl')).toContainText('Gross£245.00');
  await page.goto('/dashboard/payment-history');
  await expect(historyRows(page).filter({ hasText: 'Ada Patient' })).toContainText('£45.00£15.00 refunded');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Report' }).press('Enter');
  const csv = fs.readFileSync(await (await downloading).path(), 'utf8').replace(/^\uFEFF/, '');
  const [header = '', ...lines] = csv.trim().split(/\r?\n/);
  const column = (name: string) => header.split(',').indexOf(name);
  const sum = (name: string) =>
    lines.reduce((total, line) => total + Math.round(Number(line.split(',')[column(name)]) * 100), 0);
  expect([sum('Amount'), sum('Refunded'), sum('Net')]).toEqual([24_500, 1500, 23_000]);
  expect(lines.find((line) => line.startsWith('Ada Patient'))).toContain(',Partially refunded');

  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await signedInAdmin(adminPage.request);
  await adminPage.goto('/admin/clinics');
  await adminPage.getByPlaceholder('Search clinics...').fill(clinicEmail);
  // The search settles into the address first; a click before it would be overtaken by that navigation.
  await expect(adminPage).toHaveURL(/[?&]search=/);
  // The row of this clinic, once the search has narrowed the list to it.
  await adminPage
    .getByRole('table', { name: 'Clinics' })
    .getByRole('row')
    .filter({ hasText: clinicEmail })
    .getByRole('link')
    .click();
  const stats = adminPage.getByRole('list', { name: 'Clinic statistics' });
  const card = (title: string) => stats.getByRole('listitem').filter({ hasText: title });
  await expect(card('Total Payments')).toContainText('£230.00');
  await expect(card('Total Payments')).toContainText('3 payments. Net: £245.00 paid less £15.00 refunded');
  await expect(card('Total Refunds')).toContainText('£15.00');
  await admin.close();
}

test('a clinic follows its payments, reports on them and refunds one in two steps', async ({
  page,
  browser,
  connectedClinic,
}) => {
  test.setTimeout(180_000);
  const deposit = `/payment/${await createLink(page.request, 'New patient deposit', 4500, 'deposit')}`;
  const treatment = `/payment/${await createLink(page.request, 'Laser treatment', 12000, 'treatment')}`;
  const consultation = `/payment/${await createLink(page.request, 'Follow-up consultation', 8000, 'consultation')}`;
  await patientPays(browser, deposit, 'Ada Patient', 'ada@patient.example');
  await patientPays(browser, treatment, 'Bob Brown', 'bob@patient.example');
  await patientPays(browser, consultation, 'Cara Jones', 'cara@patient.example');

  // The dashboard's figures: £45 + £120 + £80 paid today, nothing pending or refunded.
  await page.goto('/dashboard');
  await expect(stat(page, "Today's Payments")).toContainText('£245.00');
  await expect(stat(page, 'Pending Today')).toContainText('£0.00');
  await expect(stat(page, 'Month Total')).toContainText('£245.00');
  await expect(stat(page, 'Month Refunded')).toContainText('£0.00');

  await page
    .getByRole('navigation', { name: 'Clinic' })
    .getByRole('link', { name: 'Payment History' })
    .click();
  await expect(page.getByRole('heading', { name: 'Payment History' })).toBeVisible();
  await expect(historyRows(page)).toHaveCount(3);

  // Search by name, by email and by reference.
  await page.getByLabel('Search').fill('Bob');
  await expect(historyRows(page)).toHaveCount(1);
  await expect(historyRows(page)).toContainText('bob@patient.example');
  const reference = (await historyRows(page).getByRole('cell').nth(2).textContent()) ?? '';
  expect(reference).toMatch(/^CP-/);
  await page.getByLabel('Search').fill('cara@patient');
  await expect(historyRows(page)).toHaveCount(1);
  await expect(historyRows(page)).toContainText('Cara Jones');
  await page.getByLabel('Search').fill(reference);
  await expect(historyRows(page)).toHaveCount(1);
  await expect(historyRows(page)).toContainText('Bob Brown');
  await page.getByLabel('Search').fill('');
  await expect(historyRows(page)).toHaveCount(3);

  // Each filter, and the filters kept in the address across a reload.
  await choose(page, 'Type', 'Consultation');
  await expect(historyRows(page)).toHaveCount(1);
  await expect(historyRows(page)).toContainText('Cara Jones');
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Type' })).toHaveText('Consultation');
  await expect(historyRows(page)).toHaveCount(1);
  await choose(page, 'Type', 'All types');
  await choose(page, 'Status', 'Refunded');
  await expect(page.getByText('No payments found')).toBeVisible();
  await choose(page, 'Status', 'Paid');
  await expect(historyRows(page)).toHaveCount(3);

  await page.getByRole('button', { name: 'Date range' }).click();
  await page.getByRole('button', { name: 'Last month' }).click();
  await expect(page.getByText(/^Filtering data from \d\d\/\d\d\/\d{4} to \d\d\/\d\d\/\d{4}$/)).toBeVisible();
  await expect(page.getByText('No payments found')).toBeVisible();
  await page.getByRole('button', { name: 'Date range' }).click();
  await page.getByRole('button', { name: 'Last 7 days' }).click();
  await expect(historyRows(page)).toHaveCount(3);

  // The report holds the rows the filters find: here, treatment payments only.
  await choose(page, 'Type', 'Treatment');
  await expect(historyRows(page)).toHaveCount(1);
  const downloading = page.waitForEvent('download');
  // The date filter's notification may still be over the bar's right end (see below).
  await page.getByRole('button', { name: 'Download Report' }).press('Enter');
  const download = await downloading;
  await expect(page.getByText('Report downloaded successfully')).toBeVisible();
  expect(download.suggestedFilename()).toMatch(
    /^payment-history-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const csv = fs.readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toBe(
    'Patient Name,Patient Email,Patient Phone,Amount,Refunded,Net,Platform Fee,Reference,Type,Date,Status,Clinic Reference',
  );
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain('Bob Brown');
  expect(lines[1]).toContain('120.00');
  expect(lines[1]).toContain(reference);

  // Nothing matches: no report.
  await page.getByLabel('Search').fill('nobody at all');
  await expect(page.getByText('No payments found')).toBeVisible();
  // The filter and download notifications stack over the bar's right end for a few seconds, and a
  // pointer resting on them holds them open: a keyboard user presses the button from its focus.
  await page.getByRole('button', { name: 'Download Report' }).press('Enter');
  await expect(page.getByText('No data to export')).toBeVisible();

  // A partial refund of Ada's £45.00, then the rest.
  await page.goto('/dashboard/payment-history');
  let details = await refund(page, 'Ada Patient', '15');
  await expect(page.getByText('Partial refund of £15.00 processed successfully')).toBeVisible();
  await expect(details.getByText('Partially refunded')).toBeVisible();
  await details.getByRole('button', { name: 'Close' }).click();
  await expect(historyRows(page).filter({ hasText: 'Ada Patient' })).toContainText('Partially refunded');
  await page.goto('/dashboard');
  await expect(stat(page, 'Month Refunded')).toContainText('£15.00');
  await sameFiguresEverywhere(page, browser, connectedClinic.email);

  await page.goto('/dashboard/payment-history');
  details = await refund(page, 'Ada Patient', null);
  await expect(page.getByText('Payment refunded successfully')).toBeVisible();
  await expect(details.getByText('Refunded', { exact: true })).toBeVisible();
  await expect(details.getByRole('button', { name: 'Refund' })).toHaveCount(0);
  await details.getByRole('button', { name: 'Close' }).click();
  await expect(
    historyRows(page).filter({ hasText: 'Ada Patient' }).getByText('Refunded', { exact: true }),
  ).toBeVisible();
  await page.goto('/dashboard');
  await expect(stat(page, 'Month Refunded')).toContainText('£45.00');
});

test("a new clinic's Launch Pad: told to connect, dismissable after a step, and gone for good", async ({
  page,
  clinic: _clinic,
}) => {
  // Every layout shift of the page (web.dev/articles/cls), read once it has loaded.
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/dashboard');
  const launchPad = page.getByRole('heading', { name: 'Launch Pad' });
  await expect(page.getByText('0 of 3 steps complete.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Revenue' }).locator('svg').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The Launch Pad arrives with the cards, not after them: nothing on the dashboard moves.
  const shifted = await page.evaluate(() =>
    (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((sum, value) => sum + value, 0),
  );
  expect(shifted).toBeLessThan(0.01);
  await expect(page.getByRole('button', { name: 'Dismiss' })).toBeDisabled();
  await expect(page.getByRole('link', { name: 'Connect in Settings' })).toHaveAttribute(
    'href',
    '/dashboard/settings?tab=payments',
  );

  await page.request.post('/api/payment-links', { data: { title: 'Deposit', amount: 4500 } });
  await page.reload();
  await expect(page.getByText('1 of 3 steps complete.')).toBeVisible();
  await page.getByRole('button', { name: 'Dismiss' }).click();
  const confirm = page.getByRole('dialog', { name: 'Dismiss Launch Pad?' });
  await confirm.getByRole('button', { name: 'Dismiss' }).click();
  await expect(launchPad).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Recent Payments' })).toBeVisible();
  await expect(launchPad).toHaveCount(0);
});
