/**
 * What the patient is told is true (docs/decisions/0096-truthful-payment-pages.md): the pay page shows
 * what the clinic wrote (the link's title and description, the request's message), and the success
 * page promises a confirmation email only when one will be sent, with no toast over its heading on a
 * phone.
 */
import type { Page } from '@playwright/test';
import { uniqueEmail } from '../fixtures/accounts';
import { connectedClinic } from '../fixtures/payments';
import { expect, test } from '../fixtures/test';

/** The patient's details and the sandbox's success card, then Pay. */
async function pay(page: Page, name: string, email: string, button: string) {
  await page.getByLabel('Full Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: button }).click();
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the pay page shows what the clinic wrote; with email off, success promises no email and no toast covers it', async ({
    browser,
    page,
  }) => {
    test.setTimeout(90_000);
    await connectedClinic(page.request);
    const created = await page.request.post('/api/payment-links', {
      data: {
        title: 'Hygienist visit',
        amount: 6500,
        type: 'treatment',
        description: 'Scale and polish, 30 minutes',
      },
    });
    const { link } = await created.json();
    const sent = await page.request.post('/api/payment-requests', {
      data: {
        patientName: 'Grace Hopper',
        patientEmail: uniqueEmail('grace'),
        paymentLinkId: link.id,
        message: 'Please pay before Tuesday.',
      },
    });
    expect(sent.ok()).toBe(true);
    const { id: requestId } = await sent.json();
    const off = await page.request.patch('/api/clinic/notifications', {
      data: { emailNotifications: false },
    });
    expect(off.ok()).toBe(true);

    const patient = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const patientPage = await patient.newPage();
    await patientPage.goto(`/payment/${requestId}`);
    const summary = patientPage.getByRole('main');
    await expect(summary.getByText('Hygienist visit').first()).toBeVisible();
    await expect(summary.getByText('Scale and polish, 30 minutes')).toBeVisible();
    await expect(summary.getByText('Please pay before Tuesday.')).toBeVisible();

    await pay(patientPage, 'Grace Hopper', 'grace@patient.example', 'Pay £65.00');
    const heading = patientPage.getByRole('heading', { level: 1, name: 'Payment Successful!' });
    await expect(heading).toBeVisible();
    await expect(
      patientPage.getByText('Please keep the payment reference below as your record of this payment.'),
    ).toBeVisible();
    await expect(patientPage.getByText('A confirmation email has been sent', { exact: false })).toHaveCount(
      0,
    );
    // Nothing floats over the heading: the page says it all, so no toast.
    await expect(patientPage.locator('[data-sonner-toast]')).toHaveCount(0);
    await patient.close();
  });
});

test('with email on, the success page says the confirmation email has been sent', async ({
  browser,
  page,
}) => {
  await connectedClinic(page.request);
  const created = await page.request.post('/api/payment-links', {
    data: { title: 'Check-up', amount: 4000, type: 'consultation' },
  });
  const { link } = await created.json();
  const patient = await browser.newContext();
  const patientPage = await patient.newPage();
  await patientPage.goto(`/payment/${link.id}`);
  await pay(patientPage, 'Ada Patient', 'ada@patient.example', 'Pay £40.00');
  await expect(patientPage.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();
  await expect(
    patientPage.getByText('A confirmation email has been sent to your email address.', { exact: false }),
  ).toBeVisible();
  await patient.close();
});
