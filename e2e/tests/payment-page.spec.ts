import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';

/** The patient's details and a card, then Pay, on the link's page (a £45.00 link). */
async function pay(page: Page, cardNumber: string) {
  await page.getByLabel('Full Name').fill('Ada Patient');
  await page.getByLabel('Email').fill('ada@patient.example');
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay £45.00' }).click();
}

test('a declined attempt is listed under Failed, and the payment has a page of its own: card, timeline, receipt and an inline refund', async ({
  browser,
  page,
  link,
}) => {
  test.setTimeout(120_000);
  const patient = await browser.newContext();
  const patientPage = await patient.newPage();
  await patientPage.goto(link.path);
  await pay(patientPage, '4000 0000 0000 9995');
  await expect(patientPage.getByRole('alert')).toContainText('Your card has insufficient funds.');
  await patientPage.getByLabel('Card number').fill('4242 4242 4242 4242');
  await patientPage.getByRole('button', { name: 'Pay £45.00' }).click();
  await expect(patientPage.getByTestId('payment-reference')).toHaveText(/^CP-/);
  await patient.close();

  // The declined attempt, with the bank's reason, under Failed (decision 0101).
  await expect(async () => {
    await page.goto('/dashboard/payment-history?status=failed');
    await expect(page.getByRole('table', { name: 'Payments' })).toContainText(
      'Your card has insufficient funds.',
      {
        timeout: 1000,
      },
    );
  }).toPass({ timeout: 30_000 });

  // The payment, from its details to its own page.
  await page.goto('/dashboard/payment-history');
  await page.getByRole('button', { name: 'View payment from Ada Patient' }).click();
  await page.getByRole('link', { name: /Open the payment's page/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/payments\/[0-9a-f-]{36}$/);
  const address = page.url();
  await page.goto(address);
  await expect(page.getByRole('heading', { name: /^Payment CP-/ })).toBeVisible();
  await expect(page.getByText('Visa ending 4242').first()).toBeVisible();
  const timeline = page.getByRole('list', { name: 'Timeline' });
  await expect(timeline).toContainText('Paid £45.00 with Visa ending 4242');

  await page.getByRole('button', { name: 'Resend receipt' }).click();
  await expect(page.getByText('Receipt sent again to the patient')).toBeVisible();

  const amount = page.getByLabel('Refund amount (£)');
  await expect(amount).toHaveValue('');
  await page.getByRole('button', { name: 'Full refund' }).click();
  await expect(amount).toHaveValue('45.00');
  await page.getByLabel('Reason (optional)').selectOption({ label: 'Requested by the patient' });
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(page.getByText('Payment refunded successfully')).toBeVisible();
  await expect(timeline).toContainText('Refund of £45.00 made (Requested by the patient)');
  await expect(page.getByRole('button', { name: 'Full refund' })).toHaveCount(0);
});
