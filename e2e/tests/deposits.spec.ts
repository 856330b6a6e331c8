/**
 * A deposit with the balance later in a real browser on the sandbox
 * (docs/decisions/0094-deposits-and-balances.md): the clinic makes a link for a £50.00 deposit on a
 * £200.00 treatment; the patient pays it and is told £150.00 is left; the clinic sees "Balance due
 * £150.00" on the payment and clicks Request balance; the patient pays the balance from the email; then
 * both payments show as settled. Every page passes axe.
 */
import type { Page } from '@playwright/test';
import { linkFromOutbox, uniqueEmail } from '../fixtures/accounts';
import { expectAccessible } from '../fixtures/axe';
import { connectedClinic } from '../fixtures/payments';
import { expect, test } from '../fixtures/test';

// The journey pays twice, waits for the provider's events and reloads the clinic's page; on a loaded
// two-core CI machine that takes longer than the default minute.
test.describe.configure({ timeout: 150_000 });

async function payWithCard(patient: Page, amount: string) {
  await patient.getByLabel('Card number').fill('4242 4242 4242 4242');
  await patient.getByLabel('Expiry (MM/YY)').fill('12/34');
  await patient.getByLabel('CVC').fill('123');
  await patient.getByRole('button', { name: `Pay ${amount}` }).click();
  await expect(patient.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
}

test('a patient pays a deposit, the clinic requests the balance, and the patient pays it from the email', async ({
  browser,
  page,
}) => {
  await connectedClinic(page.request);
  await page.goto('/dashboard/create-link');
  await page.getByLabel('Payment Title*').fill('Laser course');
  await page.getByLabel('Amount*').fill('50');
  await page.getByLabel('Treatment total (optional)').fill('200');
  await page.getByRole('button', { name: 'Generate Payment Link' }).click();
  const linkUrl = String(await page.getByTestId('created-link-url').textContent());
  await page.keyboard.press('Escape');

  const patientContext = await browser.newContext();
  const patient = await patientContext.newPage();
  const email = uniqueEmail('ada');
  await patient.goto(new URL(linkUrl).pathname);
  await expect(
    patient.getByText('This is a deposit. The balance of £150.00 (of £200.00 in all) is paid later.'),
  ).toBeVisible();
  await expectAccessible(patient);
  await patient.getByLabel('Full Name').fill('Ada Patient');
  await patient.getByLabel('Email').fill(email);
  await payWithCard(patient, '£50.00');
  await expect(patient.getByText('Balance still to pay')).toBeVisible();

  // The clinic opens the deposit once its event is recorded, and requests the balance.
  await expect(async () => {
    await page.goto(`/dashboard/payment-history?search=${encodeURIComponent(email)}`);
    await page.getByRole('button', { name: 'View payment from Ada Patient' }).click({ timeout: 5_000 });
  }).toPass({ timeout: 45_000 });
  const details = page.getByRole('dialog', { name: 'Payment Details' });
  const balance = details.getByRole('region', { name: 'Balance due £150.00' });
  await expect(balance).toContainText('Treatment total£200.00');
  await expectAccessible(page);
  await balance.getByRole('button', { name: 'Request balance' }).click();
  await expect(
    page.getByText('Balance requested: the patient has been sent a payment link by email'),
  ).toBeVisible();
  await expect(balance).toContainText('A balance request has been sent and is waiting for the patient');

  // The patient pays the balance from the link in their email.
  const requestLink = await linkFromOutbox(patient, email, 'Payment request from');
  await patient.goto(requestLink);
  await expect(patient.getByText('Balance: Laser course')).toBeVisible();
  await payWithCard(patient, '£150.00');
  await patientContext.close();

  await expect(async () => {
    await page.reload();
    await page
      .getByRole('button', { name: 'View payment from Ada Patient' })
      .last()
      .click({ timeout: 5_000 });
    await expect(
      page
        .getByRole('dialog', { name: 'Payment Details' })
        .getByRole('region', { name: /^Balance (settled|of CP-)/ }),
    ).toContainText('Balance settled', { timeout: 5_000 });
  }).toPass({ timeout: 45_000 });
  await page.keyboard.press('Escape');
  const rows = page.getByRole('button', { name: 'View payment from Ada Patient' });
  await expect(rows).toHaveCount(2);
  for (const index of [0, 1]) {
    await rows.nth(index).click();
    await expect(
      page
        .getByRole('dialog', { name: 'Payment Details' })
        .getByRole('region', { name: /^Balance (settled|of CP-)/ }),
    ).toContainText('Balance settled');
    await page.keyboard.press('Escape');
  }
});
