/**
 * What happens to a request and a link after they are sent (docs/decisions/0105-request-and-link-lifetimes.md,
 * docs/decisions/0106-request-reminders.md): reminders as the clock moves (never by waiting), then
 * payment; a cancelled request and a used-up link, each refusing payment with the right page.
 */
import { randomUUID } from 'node:crypto';
import { linkFromOutbox, outboxMessage } from '../fixtures/accounts';
import { expectAccessible } from '../fixtures/axe';
import { patientPaysByApi } from '../fixtures/payments';
import { expect, test } from '../fixtures/test';

/**
 * Sends a £55 request to `patientEmail` from the Send Payment Link page, with the clinic's reference
 * when given; resolves to its page's URL.
 */
async function sendRequest(
  page: import('@playwright/test').Page,
  patientEmail: string,
  name: string,
  reference = '',
) {
  await page.goto('/dashboard/send-link');
  await page.getByLabel('Patient Name*').fill(name);
  await page.getByLabel('Patient Email*').fill(patientEmail);
  await page.getByLabel('Custom Amount (optional)').fill('55');
  await page.getByLabel('Your reference (optional)').fill(reference);
  await page.getByRole('button', { name: 'Send Payment Link' }).click();
  await page
    .getByRole('dialog', { name: 'Confirm Payment Link Details' })
    .getByRole('button', { name: 'Send Payment Link' })
    .click();
  await expect(page.getByText('Payment link sent successfully')).toBeVisible();
  return linkFromOutbox(page, patientEmail, 'Payment request from Marylebone Skin Clinic');
}

test('a request is reminded as the clock moves, opened, paid, and then reminded no more', async ({
  page,
  browser,
  connectedClinic: _connectedClinic,
}) => {
  test.setTimeout(90_000);
  const patientEmail = `reminded-${randomUUID().slice(0, 8)}@patient.example`;
  await page.goto('/dashboard/send-link');
  await expect(page.getByText('Reminders go 3 and 7 days after sending')).toBeVisible();
  const link = await sendRequest(page, patientEmail, 'Rita Patient', 'INV-2041');
  const requestId = new URL(link).pathname.split('/').pop() ?? '';
  const moveClock = async (days: number) =>
    (await (await page.request.post('/dev/reminders', { data: { days, requestId } })).json()).reminded;

  expect(await moveClock(2)).toBe(0);
  expect(await moveClock(3)).toBe(1);
  const reminder = await outboxMessage(
    page,
    patientEmail,
    'Reminder: payment request from Marylebone Skin Clinic',
  );
  await expect(reminder).toContainText(
    'This is a reminder that Marylebone Skin Clinic has asked you to pay £55.00',
  );

  const patient = await browser.newContext();
  const patientPage = await patient.newPage();
  await patientPage.goto(link);
  await expect(patientPage.getByTestId('amount-due')).toHaveText('£55.00');
  // The clinic's reference (docs/decisions/0108-clinic-reference.md) is shown to the patient.
  await expect(patientPage.getByText('INV-2041')).toBeVisible();

  // The clinic sees the reminder and the opening on the request's timeline.
  await page.goto('/dashboard/payment-history');
  await page.getByRole('button', { name: 'View payment from Rita Patient' }).click();
  const details = page.getByRole('dialog', { name: 'Payment Details' });
  await expect(details.getByText('Reminder sent')).toBeVisible();
  await expect(details.getByText('Opened by the patient')).toBeVisible();
  await expect(details.getByText(/^Open: the patient can pay until the end of/)).toBeVisible();
  await expectAccessible(page);

  await patientPage.getByLabel('Card number').fill('4242424242424242');
  await patientPage.getByLabel('Expiry (MM/YY)').fill('12/34');
  await patientPage.getByLabel('CVC').fill('123');
  await patientPage.getByRole('button', { name: /^Pay £\d/ }).click();
  await expect(patientPage.getByTestId('payment-reference')).toHaveText(/^CP-/);
  await patient.close();

  // Paid: day 7's reminder, and every later one, is never sent.
  await expect(async () => {
    const history = await (await page.request.get('/api/payments?page=1&pageSize=20')).json();
    expect(JSON.stringify(history.items)).toContain('"paid"');
  }).toPass({ timeout: 20_000 });
  expect(await moveClock(8)).toBe(0);
  expect(await moveClock(30)).toBe(0);

  // The clinic finds the payment by its reference.
  await page.goto('/dashboard/payment-history');
  await page.getByLabel('Search').fill('inv-2041');
  await expect(page.getByText('Your reference: INV-2041')).toBeVisible();
  await expect(page.getByRole('button', { name: 'View payment from Rita Patient' })).toHaveCount(1);
});

test('a cancelled request and a used-up link show the patient why, and refuse a payment', async ({
  page,
  browser,
  connectedClinic: _connectedClinic,
}) => {
  test.setTimeout(90_000);
  const patientEmail = `cancelled-${randomUUID().slice(0, 8)}@patient.example`;
  const link = await sendRequest(page, patientEmail, 'Colin Patient');
  const requestId = new URL(link).pathname.split('/').pop() ?? '';

  await page.goto('/dashboard/payment-history');
  await page.getByRole('button', { name: 'View payment from Colin Patient' }).click();
  const details = page.getByRole('dialog', { name: 'Payment Details' });
  await details.getByRole('button', { name: 'Cancel request' }).click();
  const question = page.getByRole('dialog', { name: 'Cancel this payment request?' });
  await question.getByRole('button', { name: 'Cancel request' }).click();
  await expect(page.getByText('Payment request cancelled', { exact: true })).toBeVisible();
  await expect(
    details.getByText('Cancelled: the patient’s page says so and takes no payment.'),
  ).toBeVisible();
  await expect(details.getByRole('button', { name: 'Resend request' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  // The history names it cancelled, not sent.
  await expect(
    page.getByRole('row').filter({ hasText: 'Colin Patient' }).getByText('Cancelled', { exact: true }),
  ).toBeVisible();

  const patient = await browser.newContext();
  const patientPage = await patient.newPage();
  await patientPage.goto(link);
  await expect(
    patientPage.getByRole('heading', { level: 1, name: 'Payment Request Cancelled' }),
  ).toBeVisible();
  await expect(patientPage.getByRole('link', { name: /@/ }).first()).toBeVisible();
  await expect(patientPage.getByLabel('Card number')).toHaveCount(0);
  await expectAccessible(patientPage);
  const refused = await patient.request.post(`/api/public/payments/${requestId}/payment-intents`, {
    data: { name: 'Colin Patient', email: patientEmail, phone: null, attemptId: randomUUID() },
  });
  expect(refused.status()).toBe(409);

  // A link for one place: the first patient pays, the next finds it closed.
  await page.goto('/dashboard/create-link');
  await page.getByLabel('Payment Title*').fill('Skin clinic open evening');
  await page.getByLabel('Amount*').fill('30');
  await page.getByLabel('Most payments (optional)').fill('1');
  await page.getByRole('button', { name: 'Generate Payment Link' }).click();
  const linkUrl = (await page.getByTestId('created-link-url').textContent()) ?? '';
  const linkId = new URL(linkUrl).pathname.split('/').pop() ?? '';
  await patientPaysByApi(patient.request, page.request, linkId, {
    name: 'First Patient',
    email: `first-${randomUUID().slice(0, 8)}@patient.example`,
  });
  await patientPage.goto(`/payment/${linkId}`);
  await expect(patientPage.getByRole('heading', { level: 1, name: 'Payment Link Closed' })).toBeVisible();
  await expect(patientPage.getByLabel('Card number')).toHaveCount(0);
  const full = await patient.request.post(`/api/public/payments/${linkId}/payment-intents`, {
    data: { name: 'Second Patient', email: 'second@patient.example', phone: null, attemptId: randomUUID() },
  });
  expect(full.status()).toBe(409);
  await patient.close();
});
