/**
 * The clinic's payment terms (docs/decisions/0107-payment-terms.md): written in Settings → Terms,
 * accepted on the payment page before paying, then shown in the payment's details and linked from the
 * receipt, in a real browser.
 */
import { randomUUID } from 'node:crypto';
import { outboxMessage } from '../fixtures/accounts';
import { expectAccessible } from '../fixtures/axe';
import { expect, test } from '../fixtures/test';

const TERMS = 'Deposits are non-refundable within 48 hours of your appointment. Balances are due on the day.';

test('terms accepted on the payment page appear in the payment details and on the receipt', async ({
  page,
  browser,
  link,
}) => {
  test.setTimeout(90_000);
  await page.goto('/dashboard/settings?tab=terms');
  await expect(page.getByText('Not set: patients pay without accepting terms.')).toBeVisible();
  await page.getByLabel('Terms text').fill(TERMS);
  await page.getByRole('button', { name: 'Save terms' }).click();
  await expect(page.getByText('Payment terms saved as version 1')).toBeVisible();
  await expect(page.getByTestId('terms-status')).toContainText('In force: version 1');

  const patientEmail = `terms-${randomUUID().slice(0, 8)}@patient.example`;
  const patient = await browser.newContext();
  const patientPage = await patient.newPage();
  await patientPage.goto(link.path);
  await expect(patientPage.getByRole('region', { name: /payment terms, version 1/ })).toHaveText(TERMS);
  await expectAccessible(patientPage);
  await patientPage.getByLabel('Full Name').fill('Tess Patient');
  await patientPage.getByLabel('Email').fill(patientEmail);
  await patientPage.getByLabel('Card number').fill('4242424242424242');
  await patientPage.getByLabel('Expiry (MM/YY)').fill('12/34');
  await patientPage.getByLabel('CVC').fill('123');
  await patientPage.getByRole('button', { name: /^Pay £\d/ }).click();
  const box = patientPage.getByLabel('I have read and accept these payment terms');
  await expect(
    patientPage.getByText('Please confirm you have read and accept the payment terms'),
  ).toBeVisible();
  await expect(box).toBeFocused();
  await box.check();
  await patientPage.getByRole('button', { name: /^Pay £\d/ }).click();
  await expect(patientPage.getByTestId('payment-reference')).toHaveText(/^CP-/);

  const receipt = await outboxMessage(patientPage, patientEmail, 'Payment receipt from');
  await expect(receipt).toContainText('Payment terms you accepted');
  await expect(receipt).toContainText('Version 1, accepted on');
  const termsLink = (await receipt.textContent())?.match(
    /https?:\/\/\S+\/payment\/terms\/[0-9a-f-]{36}/,
  )?.[0];
  expect(termsLink).toBeTruthy();
  await patientPage.goto(new URL(termsLink ?? '').pathname);
  await expect(patientPage.getByRole('heading', { level: 1 })).toContainText('payment terms');
  await expect(patientPage.getByText(TERMS)).toBeVisible();
  await patient.close();

  await page.goto('/dashboard/payment-history');
  await page.getByRole('button', { name: 'View payment from Tess Patient' }).click();
  const details = page.getByRole('dialog', { name: 'Payment Details' });
  await expect(details.getByText(/Version 1, accepted on .* from IP address/)).toBeVisible();
  await expect(details.getByRole('link', { name: 'View the terms (opens in a new tab)' })).toBeVisible();
});
