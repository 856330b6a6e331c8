/**
 * axe-core over the patient payment pages in every state (decision 0024): the payment page empty and with
 * its validation messages and with a decline's alert, the success and failed pages, 'Payment Unavailable' and 'Payment Information
 * Unavailable', at desktop (1280 px) and phone (390 px) widths. WCAG 2.0, 2.1 and 2.2, levels A and AA.
 */
import type { Page } from '@playwright/test';
import { expectAccessible } from '../fixtures/axe';
import { expect, test } from '../fixtures/test';

async function payWithCard(page: Page, cardNumber: string) {
  await page.getByLabel('Full Name').fill('Ada Patient');
  await page.getByLabel('Email').fill('ada@patient.example');
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay £45.00' }).click();
}

for (const width of [1280, 390]) {
  test.describe(`the payment pages pass axe at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('the payment page, empty and with its validation messages', async ({ page, link }) => {
      await page.goto(link.path);
      await expect(page.getByRole('button', { name: 'Pay £45.00' })).toBeVisible();
      await expectAccessible(page);

      await page.getByLabel('Full Name').fill('Al');
      await page.getByLabel('Email').fill('not-an-email');
      await page.getByLabel('Card number').fill('4242 4242 4242 4241');
      await page.getByLabel('Expiry (MM/YY)').fill('13');
      await page.getByRole('button', { name: 'Pay £45.00' }).click();
      await expect(page.getByText('Name must be at least 3 characters')).toBeVisible();
      await expect(page.getByText('Your card number is invalid.')).toBeVisible();
      await expect(page.getByText('Card information is not complete')).toHaveCount(0);
      await expectAccessible(page);
    });

    test('the success page', async ({ page, link }) => {
      await page.goto(link.path);
      await payWithCard(page, '4242 4242 4242 4242');
      await expect(page.getByTestId('payment-reference')).toHaveText(/^CP-/);
      await expectAccessible(page);
    });

    test("the payment form with a decline's alert, and the failed page", async ({ page, link }) => {
      await page.goto(link.path);
      await payWithCard(page, '4000 0000 0000 0002');
      await expect(page.getByRole('alert')).toContainText('Your card was declined.');
      await expectAccessible(page);

      await page.goto(`/payment/failed?link_id=${link.id}`);
      await expect(page.getByRole('heading', { name: 'Clinic Information' })).toBeVisible();
      await expectAccessible(page);
    });

    test("'Payment Unavailable'", async ({ page, clinic: _clinic }) => {
      const { link } = await (
        await page.request.post('/api/payment-links', { data: { title: 'X', amount: 1000 } })
      ).json();
      await page.goto(new URL(link.url).pathname);
      await expect(page.getByRole('heading', { name: 'Payment Unavailable' })).toBeVisible();
      await expectAccessible(page);
    });

    test("'Payment Information Unavailable'", async ({ page }) => {
      await page.goto('/payment/success');
      await expect(page.getByRole('heading', { name: 'Payment Information Unavailable' })).toBeVisible();
      await expectAccessible(page);
    });
  });
}
