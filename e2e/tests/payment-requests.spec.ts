import { linkFromOutbox, outboxFor, outboxMessage } from '../fixtures/accounts';
import { expect, test } from '../fixtures/test';

test('a request with a custom amount arrives by email, is paid once, receipted, refunded with a notice, and refuses a second payment', async ({
  page,
  browser,
  connectedClinic: _connectedClinic,
}) => {
  // The whole journey: a clinic, a patient, and three messages delivered by the job queue.
  test.setTimeout(90_000);

  const patientEmail = `patient-${Date.now()}@patient.example`;
  await page.goto('/dashboard/send-link');
  await expect(page.getByText('Email a payment link directly to your patient')).toBeVisible();
  await page.getByLabel('Patient Name*').fill('Grace Patient');
  await page.getByLabel('Patient Email*').fill(patientEmail);
  await page.getByLabel('Custom Amount (optional)').fill('120');
  await page.getByLabel('Custom Message (optional)').fill('Balance for your treatment');
  await page.getByRole('button', { name: 'Send Payment Link' }).click();

  const dialog = page.getByRole('dialog', { name: 'Confirm Payment Link Details' });
  await expect(dialog.getByText('£120.00')).toBeVisible();
  await expect(dialog.getByText(patientEmail)).toBeVisible();
  await dialog.getByRole('button', { name: 'Send Payment Link' }).click();
  await expect(page.getByText('Payment link sent successfully')).toBeVisible();
  await expect(page.getByLabel('Patient Name*')).toHaveValue('');

  const link = await linkFromOutbox(page, patientEmail, 'Payment request from Marylebone Skin Clinic');
  const patient = await browser.newContext();
  const patientPage = await patient.newPage();
  await patientPage.goto(link);
  await expect(patientPage.getByTestId('amount-due')).toHaveText('£120.00');
  await expect(patientPage.getByLabel('Full Name')).toHaveValue('Grace Patient');
  await expect(patientPage.getByLabel('Email')).toHaveValue(patientEmail);
  await patientPage.getByLabel('Card number').fill('4242424242424242');
  await patientPage.getByLabel('Expiry (MM/YY)').fill('12/34');
  await patientPage.getByLabel('CVC').fill('123');
  await patientPage.getByRole('button', { name: /^Pay £\d/ }).click();
  await expect(patientPage.getByTestId('payment-reference')).toHaveText(/^CP-/);

  const reference = (await patientPage.getByTestId('payment-reference').textContent()) ?? '';

  await patientPage.goto(link);
  await expect(patientPage.getByText('This payment request has already been paid. Thank you.')).toBeVisible();
  await expect(patientPage.getByRole('button', { name: /^Pay £\d/ })).toHaveCount(0);
  await patient.close();

  // The job queue sends the patient a receipt...
  const receipt = await outboxMessage(page, patientEmail, 'Payment receipt from Marylebone Skin Clinic');
  await expect(receipt).toContainText('£120.00');
  await expect(receipt).toContainText(reference);
  await expect(receipt).toContainText('CLINICPAY* MARYLEBONE');

  // ...the clinic refunds £20 from its dashboard, and the patient is told.
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'View payment from Grace Patient' }).click();
  const details = page.getByRole('dialog', { name: 'Payment Details' });
  await details.getByRole('button', { name: 'Refund' }).click();
  const refund = page.getByRole('dialog', { name: 'Refund Payment' });
  await refund.getByLabel('Refund amount (£)').fill('20');
  await refund.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(refund).toBeHidden();
  const notice = await outboxMessage(page, patientEmail, 'Refund from Marylebone Skin Clinic');
  await expect(notice).toContainText('£20.00');
  await expect(notice).toContainText(reference);
});

test('the send form applies the rules of docs/product.md#validation', async ({ page, clinic: _clinic }) => {
  await page.goto('/dashboard/send-link');
  await page.getByRole('button', { name: 'Send Payment Link' }).click();
  await expect(page.getByText('Please fill in all required fields').first()).toBeVisible();
  await page.getByLabel('Patient Name*').fill('Grace');
  await page.getByLabel('Patient Email*').fill('grace@patient.example');
  await page.getByRole('button', { name: 'Send Payment Link' }).click();
  await expect(page.getByText('Please either select a payment link or enter a custom amount')).toBeVisible();
  // A bad phone and an unreadable amount are both reported by the same press.
  await page.getByLabel('Patient Phone (optional)').fill('12345');
  await page.getByLabel('Custom Amount (optional)').fill('ten pounds');
  await page.getByRole('button', { name: 'Send Payment Link' }).click();
  await expect(page.getByText('Please enter a valid phone number')).toBeVisible();
  await expect(page.getByText('Please enter a valid amount')).toBeVisible();
  // '£' and grouped thousands are read as a person means them.
  await page.getByLabel('Patient Phone (optional)').fill('');
  await page.getByLabel('Custom Amount (optional)').fill('£1,250.50');
  await page.getByRole('button', { name: 'Send Payment Link' }).click();
  await expect(page.getByRole('dialog', { name: 'Confirm Payment Link Details' })).toContainText('£1,250.50');
});

test('the link select offers every active link, however many the clinic has', async ({
  page,
  clinic: _clinic,
}) => {
  const titles = Array.from({ length: 101 }, (_, index) => `Treatment ${index + 1}`);
  for (const title of titles)
    await page.request.post('/api/payment-links', { data: { title, amount: 5000 } });
  await page.goto('/dashboard/send-link');
  const select = page.getByLabel('Payment Link');
  await expect(select.getByRole('option', { name: 'Treatment 101 - £50.00' })).toHaveCount(1);
  await expect(select.getByRole('option', { name: 'Treatment 1 - £50.00', exact: true })).toHaveCount(1);
  await expect(select.getByRole('option', { name: /^Treatment \d+ - £50\.00$/ })).toHaveCount(101);
});

test('with Email notifications off a request still reaches the patient, and is resent from its details', async ({
  page,
  clinic: _clinic,
}) => {
  await page.goto('/dashboard/settings?tab=notifications');
  await page.getByRole('switch', { name: 'Email Notifications' }).click();
  await expect(page.getByText('Email notifications disabled')).toBeVisible();

  // The settings govern notices, never a request the clinic chose to send (decision 0104).
  const patientEmail = `settings-off-${Date.now()}@patient.example`;
  await page.goto('/dashboard/send-link');
  await expect(page.getByText('whatever your notification settings')).toBeVisible();
  await page.getByLabel('Patient Name*').fill('Olive Patient');
  await page.getByLabel('Patient Email*').fill(patientEmail);
  await page.getByLabel('Custom Amount (optional)').fill('40');
  await page.getByRole('button', { name: 'Send Payment Link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Payment Link Details' });
  await expect(dialog.getByText(`Email: ${patientEmail}`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Send Payment Link' }).click();
  await expect(page.getByText('Payment link sent successfully')).toBeVisible();
  const first = await outboxMessage(page, patientEmail, 'Payment request from');
  await expect(first).toContainText('£40.00');

  await page.goto('/dashboard/payment-history');
  await page.getByRole('button', { name: 'View payment from Olive Patient' }).click();
  const details = page.getByRole('dialog', { name: 'Payment Details' });
  await details.getByRole('button', { name: 'Resend request' }).click();
  await expect(page.getByText('Payment request sent again')).toBeVisible();
  await expect(async () => {
    await page.goto(outboxFor(patientEmail));
    await expect(
      page.getByRole('article').filter({ hasText: patientEmail }).filter({ hasText: 'Payment request from' }),
    ).toHaveCount(2, { timeout: 500 });
  }).toPass({ timeout: 45_000 });
});
