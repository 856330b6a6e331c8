import type { Locator, Page } from '@playwright/test';
import { signedInClinic } from '../fixtures/accounts';
import { connectedClinicWithLink } from '../fixtures/payments';
import { expect, test } from '../fixtures/test';

async function payWithCard(page: Page, cardNumber: string) {
  await page.getByLabel('Full Name').fill('Ada Patient');
  await page.getByLabel('Email').fill('ada@patient.example');
  await page.getByLabel('Phone Number (optional)').fill('07700 900123');
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay £45.00' }).click();
}

/** Presses Tab until `target` has focus, as a keyboard user moves through the page. */
async function tabTo(page: Page, target: Locator, most = 15) {
  for (let presses = 0; presses < most; presses += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`${target} took more than ${most} presses of Tab`);
}

/** Whether the page scrolls sideways (decision 0024: never, even at 320 CSS px). */
async function scrollsSideways(page: Page) {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth > root.clientWidth;
  });
}

test.describe('the patient checkout (sandbox)', () => {
  test('a patient pays a £45.00 deposit link; the clinic sees the payment with its reference', async ({
    browser,
    page,
    link,
  }) => {
    const linkPath = link.path;
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

  test('a patient pays with the keyboard alone, typing the expiry as 1234', async ({ browser, link }) => {
    const linkPath = link.path;
    const patient = await browser.newContext();
    const patientPage = await patient.newPage();
    await patientPage.goto(linkPath);
    const keyboard = patientPage.keyboard;

    const name = patientPage.getByLabel('Full Name');
    await tabTo(patientPage, name);
    await keyboard.type('Ada Patient');
    await keyboard.press('Tab');
    await expect(patientPage.getByLabel('Email')).toBeFocused();
    await keyboard.type('ada@patient.example');
    await keyboard.press('Tab');
    await expect(patientPage.getByLabel('Phone Number (optional)')).toBeFocused();
    await keyboard.type('07700 900123');
    await keyboard.press('Tab');
    await expect(patientPage.getByRole('switch', { name: /Simulate a device with a wallet/ })).toBeFocused();
    await keyboard.press('Tab');
    await expect(patientPage.getByLabel('Card number')).toBeFocused();
    await keyboard.type('4242424242424242');
    await expect(patientPage.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
    await keyboard.press('Tab');
    await expect(patientPage.getByLabel('Expiry (MM/YY)')).toBeFocused();
    await keyboard.type('1234');
    await expect(patientPage.getByLabel('Expiry (MM/YY)')).toHaveValue('12 / 34');
    await keyboard.press('Tab');
    await expect(patientPage.getByLabel('CVC')).toBeFocused();
    await keyboard.type('123');
    await keyboard.press('Tab');
    await expect(patientPage.getByRole('button', { name: 'Pay £45.00' })).toBeFocused();
    await keyboard.press('Enter');

    await expect(patientPage.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    await expect(patientPage.getByTestId('payment-reference')).toHaveText(/^CP-/);
    const print = patientPage.getByRole('button', { name: 'Print receipt' });
    await tabTo(patientPage, print, 25);
    await patient.close();
  });

  // A decline keeps the patient on the form (docs/decisions/0100-declines-keep-the-form.md).
  for (const [card, number, reason] of [
    ['declined card', '4000 0000 0000 0002', 'Your card was declined.'],
    ['card with insufficient funds', '4000 0000 0000 9995', 'Your card has insufficient funds.'],
  ] as const) {
    test(`a ${card} is refused on the form with its reason; another card then pays, once`, async ({
      browser,
      page,
      link,
    }) => {
      const patient = await browser.newContext();
      const patientPage = await patient.newPage();
      await patientPage.goto(link.path);
      await payWithCard(patientPage, number);
      const alert = patientPage.getByRole('alert');
      await expect(alert).toHaveText(
        `Payment failed: ${reason} Nothing was taken. Check your card details and try again, or use another card.`,
      );
      await expect(alert).toBeFocused();
      await expect(patientPage).toHaveURL(link.path);
      await expect(patientPage.getByRole('heading', { name: 'Payment Failed' })).toHaveCount(0);
      const cardNumber = patientPage.getByLabel('Card number');
      await expect(cardNumber).toHaveAttribute('aria-invalid', 'true');
      await expect(cardNumber).toHaveAttribute('aria-describedby', /payment-error/);
      // What the patient typed is all still there.
      await expect(patientPage.getByLabel('Full Name')).toHaveValue('Ada Patient');
      await expect(patientPage.getByLabel('Email')).toHaveValue('ada@patient.example');
      await expect(patientPage.getByLabel('Phone Number (optional)')).toHaveValue('07700 900123');
      await expect(cardNumber).toHaveValue(number);

      // The same Pay button, another card.
      await cardNumber.fill('4242 4242 4242 4242');
      await expect(cardNumber).not.toHaveAttribute('aria-invalid');
      await patientPage.getByRole('button', { name: 'Pay £45.00' }).click();
      await expect(patientPage).toHaveURL(/\/payment\/success\?link_id=.+&payment_id=pi_sbx_/);
      await expect(patientPage.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
      await expect(patientPage.getByTestId('payment-reference')).toHaveText(/^CP-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
      await patient.close();

      // The clinic sees one payment, paid: the retry confirmed the declined attempt's intent.
      await page.goto('/dashboard');
      const rows = page
        .getByRole('table', { name: 'Recent payments' })
        .getByRole('row', { name: /Ada Patient/ });
      await expect(rows).toHaveCount(1);
      await expect(rows.getByText('Paid')).toBeVisible();
    });
  }

  test('a failed 3-D Secure brings the patient back to the form, saying why; another try pays', async ({
    page,
    link,
  }) => {
    await page.goto(link.path);
    await payWithCard(page, '4000 0027 6000 3184');
    await expect(page).toHaveURL(/\/sandbox\/3ds\/pi_sbx_/);
    await page.getByRole('button', { name: 'Fail authentication' }).click();
    await expect(page).toHaveURL(link.path);
    const alert = page.getByRole('alert');
    await expect(alert).toHaveText(
      "We couldn't confirm it was you. Your bank's check was not completed, so nothing was taken. Try again, or use another card.",
    );
    await expect(alert).toBeFocused();
    await expect(page.getByLabel('Full Name')).toHaveValue('Ada Patient');
    await expect(page.getByLabel('Email')).toHaveValue('ada@patient.example');

    await payWithCard(page, '4242 4242 4242 4242');
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    await expect(page.getByTestId('payment-reference')).toHaveText(/^CP-/);
  });

  test('the 3-D Secure card goes through the challenge', async ({ page, link }) => {
    const linkPath = link.path;
    await page.goto(linkPath);
    await payWithCard(page, '4000 0025 0000 3155');
    await expect(page).toHaveURL(/\/sandbox\/3ds\/pi_sbx_/);
    await page.getByRole('button', { name: 'Complete authentication' }).click();
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    await expect(page.getByText('Payment successful!', { exact: true })).toBeVisible();
    await expect(page.getByTestId('payment-reference')).toHaveText(/^CP-/);
  });

  test('an incomplete card is refused before anything is charged', async ({ page, link }) => {
    const linkPath = link.path;
    await page.goto(linkPath);
    await page.getByLabel('Full Name').fill('Al');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Card number').fill('4242');
    await page.getByRole('button', { name: 'Pay £45.00' }).click();
    await expect(page.getByText('Name must be at least 3 characters')).toBeVisible();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByLabel('Full Name')).toBeFocused();
    await page.getByLabel('Full Name').fill('Ada Patient');
    await page.getByLabel('Email').fill('ada@patient.example');
    await page.getByRole('button', { name: 'Pay £45.00' }).click();
    // One message for the card, at its field.
    await expect(page.getByText('Your card number is incomplete.')).toBeVisible();
    await expect(page.getByText('Card information is not complete')).toHaveCount(0);
    await expect(page.getByLabel('Card number')).toBeFocused();
  });

  for (const [mistake, number, expiry, message] of [
    ['a wrong check digit', '4242 4242 4242 4241', '12/34', 'Your card number is invalid.'],
    ['month 13', '4242 4242 4242 4242', '13/34', "Your card's expiry month must be between 01 and 12."],
    ['month 00', '4242 4242 4242 4242', '00/34', "Your card's expiry month must be between 01 and 12."],
    ['a past expiry', '4242 4242 4242 4242', '01/20', "Your card's expiry date is in the past."],
  ] as const) {
    test(`a card with ${mistake} is refused inline, before any request`, async ({ page, link }) => {
      const linkPath = link.path;
      await page.goto(linkPath);
      const intents: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().includes('/payment-intents'))
          intents.push(request.url());
      });
      await page.getByLabel('Full Name').fill('Ada Patient');
      await page.getByLabel('Email').fill('ada@patient.example');
      await page.getByLabel('Card number').fill(number);
      await page.getByLabel('Expiry (MM/YY)').fill(expiry);
      await page.getByLabel('CVC').fill('123');
      await expect(page.getByText(message)).toBeVisible();
      await page.getByRole('button', { name: 'Pay £45.00' }).click();
      // Exactly one message, at the field.
      await expect(page.getByText(message)).toHaveCount(1);
      await expect(page.getByText('Card information is not complete')).toHaveCount(0);
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expect(page).toHaveURL(linkPath);
      expect(intents).toEqual([]);
    });
  }

  test('a clinic that is not connected shows Payment Unavailable', async ({ page, clinic: _clinic }) => {
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
    await expect(page.getByRole('button', { name: /^Pay / })).toHaveCount(0);
    await expect(page.getByText('Complete Your Payment')).toHaveCount(0);
    await expect(page.getByLabel('Full Name')).toHaveCount(0);
  });

  test('an archived link cannot be paid', async ({ page, link }) => {
    const linkPath = link.path;
    const linkId = linkPath.split('/').at(-1);
    await page.request.patch(`/api/payment-links/${linkId}`, { data: { isActive: false } });
    await page.goto(linkPath);
    await expect(
      page.getByText('This payment link is no longer active. Please contact the clinic for a new link.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: /^Pay / })).toHaveCount(0);
  });

  test('an unknown id says the payment link was not found', async ({ page }) => {
    await page.goto('/payment/00000000-0000-4000-8000-000000000000');
    await expect(page.getByText('Payment link not found')).toBeVisible();
  });
});

test.describe('paying with a device wallet (the sandbox simulates the device)', () => {
  async function openWalletSheet(page: Page, linkPath: string) {
    await page.goto(linkPath);
    await expect(page.getByRole('button', { name: 'Pay £45.00', exact: true })).toBeVisible();
    // No wallet button unless the device supports one (docs/product.md#payment-page).
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
    link,
  }) => {
    const linkPath = link.path;
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

  test('a declined wallet card is refused on the form with the wallet named', async ({ page, link }) => {
    const linkPath = link.path;
    const sheet = await openWalletSheet(page, linkPath);
    await sheet.getByLabel('Wallet card').selectOption({ label: 'Visa •••• 0002 (declined)' });
    await sheet.getByRole('button', { name: 'Pay £45.00' }).click();
    await expect(page.getByRole('alert')).toContainText('Apple Pay payment failed: Your card was declined.');
    await expect(page).toHaveURL(linkPath);
    await expect(page.getByRole('button', { name: 'Pay £45.00', exact: true })).toBeEnabled();
  });
});

test('the payment page downloads no dashboard or admin code', async ({ page, link }) => {
  const linkPath = link.path;
  await page.context().clearCookies();
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(linkPath);
  await expect(page.getByRole('button', { name: 'Pay £45.00' })).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  const dashboardChunks = scripts.filter((path) =>
    /(clinic-area|admin-area|clinic-home|clinic-settings|create-link|admin-home|sign-in|sign-up)-/.test(path),
  );
  expect(dashboardChunks).toEqual([]);
});

test.describe('at 320 CSS px (decision 0024)', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('no payment page scrolls sideways: payment, with errors, success, failed, unavailable', async ({
    page,
    browser,
    request,
  }) => {
    const linkPath = (
      await connectedClinicWithLink(page.request, {
        title: 'Extended dermatology consultation with follow-up assessment',
      })
    ).linkPath;
    const patient = await browser.newContext({ viewport: { width: 320, height: 640 } });
    const patientPage = await patient.newPage();

    await patientPage.goto(linkPath);
    await expect(patientPage.getByRole('button', { name: 'Pay £45.00' })).toBeVisible();
    expect(await scrollsSideways(patientPage)).toBe(false);
    await patientPage.getByRole('button', { name: 'Pay £45.00' }).click();
    await expect(patientPage.getByText('Enter your card number.')).toBeVisible();
    expect(await scrollsSideways(patientPage)).toBe(false);

    await payWithCard(patientPage, '4000 0000 0000 0002');
    await expect(patientPage.getByRole('alert')).toContainText('Your card was declined.');
    expect(await scrollsSideways(patientPage)).toBe(false);

    await patientPage.goto(`/payment/failed?link_id=${linkPath.split('/').at(-1)}`);
    await expect(patientPage.getByRole('heading', { name: 'Payment Failed' })).toBeVisible();
    expect(await scrollsSideways(patientPage)).toBe(false);

    await patientPage.getByRole('link', { name: 'Try Again' }).click();
    await payWithCard(patientPage, '4242 4242 4242 4242');
    await expect(patientPage.getByTestId('payment-reference')).toHaveText(/^CP-/);
    expect(await scrollsSideways(patientPage)).toBe(false);

    await patientPage.goto('/payment/success');
    await expect(patientPage.getByRole('heading', { name: 'Payment Information Unavailable' })).toBeVisible();
    expect(await scrollsSideways(patientPage)).toBe(false);

    // A clinic that has not connected its card provider.
    await signedInClinic(request);
    const { link } = await (
      await request.post('/api/payment-links', { data: { title: 'X', amount: 1000 } })
    ).json();
    await patientPage.goto(new URL(link.url).pathname);
    await expect(patientPage.getByRole('heading', { name: 'Payment Unavailable' })).toBeVisible();
    expect(await scrollsSideways(patientPage)).toBe(false);
    await patient.close();
  });
});
