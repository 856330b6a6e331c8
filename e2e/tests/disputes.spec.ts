/**
 * Disputes in a real browser on the sandbox (docs/decisions/0086-disputes.md): a payment made with
 * Stripe's dispute test card shows Disputed, the clinic is emailed and sees it on its Disputes page and
 * in the admin's list; evidence submitted with Stripe's winning test evidence wins it; a dispute lost
 * on the sandbox's page shows Dispute lost; a payment under an inquiry is refunded from its page
 * (docs/decisions/0139-refunds-during-an-inquiry.md); an early fraud warning is refunded from the dashboard.
 */
import type { Browser, Page } from '@playwright/test';
import { outboxMessage, signedInAdmin, uniqueEmail } from '../fixtures/accounts';
import { expectAccessible } from '../fixtures/axe';
import { patientPaysByApi } from '../fixtures/payments';
import { expect, test } from '../fixtures/test';

/** A 1 × 1 PNG, as a clinic's scanned receipt stands in. */
const RECEIPT_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** Waits until the payment history shows the patient's payment with `status`, reloading as events land. */
async function expectHistoryStatus(page: Page, patientEmail: string, status: string) {
  const row = page.getByRole('row').filter({ hasText: patientEmail });
  await expect(async () => {
    await page.goto('/dashboard/payment-history');
    await expect(row.getByText(status, { exact: true })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 40_000 });
}

/** The clinic's dispute page for the patient's payment, opened from the Disputes page. */
async function openDispute(page: Page, patientName: string) {
  await page.goto('/dashboard/disputes');
  const open = page.getByRole('region', { name: 'Open' });
  await open.getByRole('link').filter({ hasText: patientName }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/disputes\/[0-9a-f-]{36}$/);
}

async function adminSees(browser: Browser, patientName: string) {
  const context = await browser.newContext();
  const admin = await context.newPage();
  await signedInAdmin(admin.request);
  await admin.goto('/admin/disputes');
  await expect(admin.getByRole('region', { name: 'Open disputes' }).getByText(patientName)).toBeVisible();
  await context.close();
}

test.describe('disputes', () => {
  // Each journey waits for the provider's events, the worker's jobs and the clinic's emails.
  test.describe.configure({ timeout: 90_000 });
  test('a disputed payment is shown and told, answered with evidence, and won', async ({
    page,
    browser,
    connectedClinic,
    link,
  }) => {
    const patient = { name: 'Dora Dispute', email: uniqueEmail('dora') };
    await patientPaysByApi(page.request, page.request, link.id, patient, '4000000000000259');
    await expectHistoryStatus(page, patient.email, 'Disputed');
    await outboxMessage(page, connectedClinic.email, 'A payment has been disputed');

    await page.goto('/dashboard');
    await expect(page.getByText('A payment has been disputed')).toBeVisible();
    await adminSees(browser, patient.name);

    await openDispute(page, patient.name);
    await expect(page.getByText(patient.email).first()).toBeVisible();
    await expectAccessible(page, "a dispute's page");
    // Nothing to submit yet: the explanation says so, tied to it, with focus on it.
    await page.getByRole('button', { name: 'Submit evidence' }).click();
    await expect(page.getByLabel('Your explanation')).toBeFocused();
    await expect(page.getByText('Add an explanation or a file before submitting')).toBeVisible();
    await expectAccessible(page, 'the evidence form with an error');

    await page.getByLabel('Your explanation').fill('winning_evidence: the treatment was given on the day.');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByText('Draft saved').first()).toBeVisible();
    await page.getByLabel('What the file shows').selectOption({ label: 'Receipt or invoice' });
    await page.getByLabel('Choose file').setInputFiles({
      name: 'receipt.png',
      mimeType: 'image/png',
      buffer: RECEIPT_PNG,
    });
    await page.getByRole('button', { name: 'Upload file' }).click();
    await expect(page.getByRole('button', { name: 'Remove receipt.png' })).toBeVisible();

    await page.getByRole('button', { name: 'Submit evidence' }).click();
    const dialog = page.getByRole('dialog', { name: 'Submit evidence?' });
    await dialog.getByRole('button', { name: 'Submit evidence' }).click();
    await expect(dialog).toBeHidden();
    await expectHistoryStatus(page, patient.email, 'Dispute won');
    // The reversal is undone: the month's statement shows the clinic paid back what was taken.
    const paidBack = page
      .locator('dt', { hasText: /^Disputes paid back$/ })
      .locator('xpath=following-sibling::dd[1]');
    await expect(async () => {
      await page.goto('/dashboard/payouts');
      await expect(paidBack).toHaveText('£43.65', { timeout: 1_000 });
    }).toPass({ timeout: 40_000 });
  });

  test('a dispute lost on the sandbox page shows Dispute lost', async ({ page, link }) => {
    const patient = { name: 'Lola Lost', email: uniqueEmail('lola') };
    await patientPaysByApi(page.request, page.request, link.id, patient, '4000000000002685');
    await expectHistoryStatus(page, patient.email, 'Disputed');

    await page.goto('/sandbox/disputes');
    const item = page.getByTestId('sandbox-dispute').filter({ hasText: patient.email });
    await item.getByRole('button', { name: 'Lose' }).click();
    await expect(item).toContainText('lost');
    await expectHistoryStatus(page, patient.email, 'Dispute lost');

    await page.goto('/dashboard/disputes');
    await expect(page.getByRole('region', { name: 'Closed' }).getByText(patient.name)).toBeVisible();
  });

  test('a payment under an inquiry is refunded from its page, reached from the inquiry', async ({
    page,
    link,
  }) => {
    const patient = { name: 'Ivy Inquiry', email: uniqueEmail('ivy') };
    await patientPaysByApi(page.request, page.request, link.id, patient, '4000000000001976');
    await expectHistoryStatus(page, patient.email, 'Disputed');

    await openDispute(page, patient.name);
    await expect(page.getByText('This is an inquiry')).toBeVisible();
    await page.getByRole('link', { name: 'Go to the payment' }).click();
    await expect(page).toHaveURL(/\/dashboard\/payments\/[0-9a-f-]{36}$/);
    await expect(
      page.getByText("The patient's bank is asking about this payment. No money has been taken back"),
    ).toBeVisible();
    await expectAccessible(page, 'a payment under an inquiry');
    await page.getByRole('button', { name: 'Full refund' }).click();
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(page.getByText('Payment refunded successfully')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Full refund' })).toHaveCount(0);
  });

  test('an early fraud warning offers a full refund from the dashboard', async ({ page, link }) => {
    const patient = { name: 'Wes Warning', email: uniqueEmail('wes') };
    await patientPaysByApi(page.request, page.request, link.id, patient, '4000000000005423');
    await expect(async () => {
      await page.goto('/dashboard');
      await expect(page.getByRole('button', { name: 'Refund £45.00' })).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 40_000 });
    await page.getByRole('button', { name: 'Refund £45.00' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Refund £45.00' }).click();
    await expect(page.getByText('Payment refunded in full').first()).toBeVisible();
    await expectHistoryStatus(page, patient.email, 'Refunded');
  });
});
