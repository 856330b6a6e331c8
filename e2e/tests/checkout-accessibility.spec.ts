/**
 * axe-core over the patient payment pages in every state (issue #14): the payment page empty and with
 * its validation messages and with a decline's alert, the success and failed pages, 'Payment Unavailable' and 'Payment Information
 * Unavailable', at desktop (1280 px) and phone (390 px) widths. WCAG 2.0, 2.1 and 2.2, levels A and AA.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Each violation as rule, impact and the elements it was found on, so a failure says what to fix. */
async function violations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    elements: violation.nodes.map((node) => node.target.join(' ')),
  }));
}

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
      expect(await violations(page)).toEqual([]);

      await page.getByLabel('Full Name').fill('Al');
      await page.getByLabel('Email').fill('not-an-email');
      await page.getByLabel('Card number').fill('4242 4242 4242 4241');
      await page.getByLabel('Expiry (MM/YY)').fill('13');
      await page.getByRole('button', { name: 'Pay £45.00' }).click();
      await expect(page.getByText('Name must be at least 3 characters')).toBeVisible();
      await expect(page.getByText('Your card number is invalid.')).toBeVisible();
      await expect(page.getByText('Card information is not complete')).toHaveCount(0);
      expect(await violations(page)).toEqual([]);
    });

    test('the success page', async ({ page, link }) => {
      await page.goto(link.path);
      await payWithCard(page, '4242 4242 4242 4242');
      await expect(page.getByTestId('payment-reference')).toHaveText(/^CP-/);
      expect(await violations(page)).toEqual([]);
    });

    test("the payment form with a decline's alert, and the failed page", async ({ page, link }) => {
      await page.goto(link.path);
      await payWithCard(page, '4000 0000 0000 0002');
      await expect(page.getByRole('alert')).toContainText('Your card was declined.');
      expect(await violations(page)).toEqual([]);

      await page.goto(`/payment/failed?link_id=${link.id}`);
      await expect(page.getByRole('heading', { name: 'Clinic Information' })).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });

    test("'Payment Unavailable'", async ({ page, clinic: _clinic }) => {
      const { link } = await (
        await page.request.post('/api/payment-links', { data: { title: 'X', amount: 1000 } })
      ).json();
      await page.goto(new URL(link.url).pathname);
      await expect(page.getByRole('heading', { name: 'Payment Unavailable' })).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });

    test("'Payment Information Unavailable'", async ({ page }) => {
      await page.goto('/payment/success');
      await expect(page.getByRole('heading', { name: 'Payment Information Unavailable' })).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });
  });
}
