import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { signedInClinic } from '../fixtures/accounts';

/** A clinic connected through the sandbox onboarding, with one link; returns the link's page URL. */
async function connectedClinicWithLink(
  request: APIRequestContext,
  amount = 4500,
  title = 'New patient deposit',
) {
  await signedInClinic(request);
  const { url } = await (await request.post('/api/clinic/payment-provider/connect')).json();
  const onboarding = new URL(url);
  await request.post(onboarding.pathname, {
    form: { outcome: 'complete', return_url: String(onboarding.searchParams.get('return_url')) },
    headers: { origin: new URL(url).origin },
    maxRedirects: 0,
  });
  await request.post('/api/clinic/payment-provider/refresh');
  const { link } = await (await request.post('/api/payment-links', { data: { title, amount } })).json();
  return new URL(link.url).pathname;
}

async function payWithCard(page: Page, cardNumber: string) {
  await page.getByLabel('Full Name').fill('Ada Patient');
  await page.getByLabel('Email').fill('ada@patient.example');
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay Now' }).click();
}

test.describe('the patient checkout (sandbox)', () => {
  test('a patient pays a £45.00 deposit link; the clinic sees the payment with its reference', async ({
    browser,
    page,
  }) => {
    const linkPath = await connectedClinicWithLink(page.request);
    const patient = await browser.newContext();
    const patientPage = await patient.newPage();
    await patientPage.goto(linkPath);
    await expect(patientPage.getByRole('banner')).toHaveCount(0);
    await expect(patientPage.getByText('Marylebone Skin Clinic').first()).toBeVisible();
    await expect(patientPage.getByTestId('amount-due')).toHaveText('£45.00');
    await expect(patientPage.getByText('Complete Your Payment')).toBeVisible();
    await expect(patientPage.getByText('Sandbox', { exact: true }).first()).toBeVisible();

    await payWithCard(patientPage, '4242 4242 4242 4242');
    await expect(patientPage).toHaveURL(/\/payment\/success\?link_id=.+&payment_id=pi_sbx_/);
    await expect(patientPage.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    await expect(patientPage.getByText('£45.00')).toBeVisible();
    await expect(patientPage.getByText('Deposit', { exact: true })).toBeVisible();
    const reference = patientPage.getByTestId('payment-reference');
    await expect(reference).toHaveText(/^CP-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    const referenceText = await reference.textContent();
    await patient.close();

    // Back in the clinic's browser the payment is there, with that reference, paid.
    await page.goto('/dashboard');
    const row = page
      .getByRole('table', { name: 'Recent payments' })
      .getByRole('row', { name: /Ada Patient/ });
    await expect(row).toContainText(referenceText ?? 'missing');
    await expect(row).toContainText('£45.00');
    await expect(row).toContainText('Deposit');
    await expect(row.getByText('Paid')).toBeVisible();
  });

  for (const [card, number, message] of [
    ['declined card', '4000 0000 0000 0002', 'Payment failed: Your card was declined.'],
    [
      'card with insufficient funds',
      '4000 0000 0000 9995',
      'Payment failed: Your card has insufficient funds.',
    ],
  ] as const) {
    test(`a ${card} ends on the failed page, and Try Again returns to the link`, async ({ page }) => {
      const linkPath = await connectedClinicWithLink(page.request);
      await page.goto(linkPath);
      await payWithCard(page, number);
      await expect(page).toHaveURL(/\/payment\/failed\?link_id=/);
      await expect(page.getByRole('heading', { name: 'Payment Failed' })).toBeVisible();
      await expect(page.getByText(message)).toBeVisible();
      await page.getByRole('link', { name: 'Try Again' }).click();
      await expect(page).toHaveURL(linkPath);
    });
  }

  test('the 3-D Secure card goes through the challenge', async ({ page }) => {
    const linkPath = await connectedClinicWithLink(page.request);
    await page.goto(linkPath);
    await payWithCard(page, '4000 0025 0000 3155');
    await expect(page).toHaveURL(/\/sandbox\/3ds\/pi_sbx_/);
    await page.getByRole('button', { name: 'Complete authentication' }).click();
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    await expect(page.getByText('Payment successful!', { exact: true })).toBeVisible();
    await expect(page.getByTestId('payment-reference')).toHaveText(/^CP-/);
  });

  test('an incomplete card is refused before anything is charged', async ({ page }) => {
    const linkPath = await connectedClinicWithLink(page.request);
    await page.goto(linkPath);
    await page.getByLabel('Full Name').fill('Al');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Card number').fill('4242');
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await expect(page.getByText('Name must be at least 3 characters')).toBeVisible();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await page.getByLabel('Full Name').fill('Ada Patient');
    await page.getByLabel('Email').fill('ada@patient.example');
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await expect(page.getByText('Card information is not complete')).toBeVisible();
  });

  test('a clinic that is not connected shows Payment Unavailable', async ({ page }) => {
    await signedInClinic(page.request);
    const { link } = await (
      await page.request.post('/api/payment-links', { data: { title: 'X', amount: 1000 } })
    ).json();
    await page.goto(new URL(link.url).pathname);
    await expect(page.getByText('Payment Unavailable')).toBeVisible();
    await expect(
      page.getByText(
        'This clinic has not set up payment processing. Please contact the clinic directly to arrange payment.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
  });

  test('an archived link cannot be paid', async ({ page }) => {
    const linkPath = await connectedClinicWithLink(page.request);
    const linkId = linkPath.split('/').at(-1);
    await page.request.patch(`/api/payment-links/${linkId}`, { data: { isActive: false } });
    await page.goto(linkPath);
    await expect(
      page.getByText('This payment link is no longer active. Please contact the clinic for a new link.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
  });

  test('an unknown id says the payment link was not found', async ({ page }) => {
    await page.goto('/payment/00000000-0000-4000-8000-000000000000');
    await expect(page.getByText('Payment link not found')).toBeVisible();
  });
});

test.describe('paying with a device wallet (the sandbox simulates the device)', () => {
  async function openWalletSheet(page: Page, linkPath: string) {
    await page.goto(linkPath);
    await expect(page.getByRole('button', { name: 'Pay Now' })).toBeVisible();
    // No wallet button unless the device supports one (spec §2).
    await expect(page.getByRole('button', { name: 'Buy with Apple Pay' })).toHaveCount(0);
    await page.getByRole('switch', { name: /Simulate a device with a wallet/ }).click();
    const walletButton = page.getByRole('button', { name: 'Buy with Apple Pay' });
    await expect(walletButton).toHaveCSS('height', '48px');
    await expect(walletButton).toHaveCSS('background-color', 'rgb(0, 0, 0)');
    // The simulated wallet starts from what the patient has typed, as a device holds its owner's details.
    await page.getByLabel('Full Name').fill('Wren Wallet');
    await walletButton.click();
    const sheet = page.getByRole('dialog', { name: /Apple Pay/ });
    await expect(sheet.getByLabel('Payer name')).toHaveValue('Wren Wallet');
    await sheet.getByLabel('Payer email').fill('wren@patient.example');
    await sheet.getByLabel('Payer phone').fill('07700 900123');
    return sheet;
  }

  test("the wallet's payer pays; the clinic sees the payment under the wallet's name", async ({
    page,
    browser,
  }) => {
    const linkPath = await connectedClinicWithLink(page.request);
    const patient = await browser.newContext();
    const patientPage = await patient.newPage();
    const sheet = await openWalletSheet(patientPage, linkPath);
    await sheet.getByRole('button', { name: 'Pay £45.00' }).click();
    await expect(patientPage.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    await expect(patientPage.getByText('Apple Pay payment successful!')).toBeVisible();
    await expect(patientPage.getByTestId('payment-reference')).toHaveText(/^CP-/);
    // The device remembers it has a wallet for the rest of the visit.
    await patientPage.goto(linkPath);
    await expect(patientPage.getByRole('button', { name: 'Buy with Apple Pay' })).toBeVisible();
    await patient.close();

    await page.goto('/dashboard');
    const row = page
      .getByRole('table', { name: 'Recent payments' })
      .getByRole('row', { name: /Wren Wallet/ });
    await expect(row).toContainText('wren@patient.example');
    await expect(row.getByText('Paid')).toBeVisible();
  });

  test('a declined wallet card ends on the failed page with the wallet named', async ({ page }) => {
    const linkPath = await connectedClinicWithLink(page.request);
    const sheet = await openWalletSheet(page, linkPath);
    await sheet.getByLabel('Wallet card').selectOption({ label: 'Visa •••• 0002 (declined)' });
    await sheet.getByRole('button', { name: 'Pay £45.00' }).click();
    await expect(page).toHaveURL(/\/payment\/failed\?link_id=/);
    await expect(page.getByText('Apple Pay payment failed: Your card was declined.')).toBeVisible();
  });
});

test('the payment page downloads no dashboard or admin code', async ({ page }) => {
  const linkPath = await connectedClinicWithLink(page.request);
  await page.context().clearCookies();
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(linkPath);
  await expect(page.getByRole('button', { name: 'Pay Now' })).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  const dashboardChunks = scripts.filter((path) =>
    /(clinic-area|admin-area|clinic-home|clinic-settings|create-link|admin-home|sign-in|sign-up)-/.test(path),
  );
  expect(dashboardChunks).toEqual([]);
});
