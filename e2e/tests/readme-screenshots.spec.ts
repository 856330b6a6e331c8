/**
 * The README's pictures: the clinic dashboard, a payment's own page and the patient's payment page, at
 * 1280 and 390 px wide, each checked to show what it is for. They are written to the test's output
 * folder; with README_SCREENSHOTS=1 they replace docs/screenshots/*.png (`npm run screenshots`).
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { createLink, patientPaysByApi } from '../fixtures/payments';
import { expect, test } from '../fixtures/test';

const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const DOCS = path.resolve(import.meta.dirname, '../../docs/screenshots');

/** Saves the page's full height as `name`-`width`.png. */
async function picture(page: Page, name: string, width: string) {
  const file = `${name}-${width}.png`;
  const target =
    process.env.README_SCREENSHOTS === '1' ? path.join(DOCS, file) : test.info().outputPath(file);
  await page.screenshot({ path: target, fullPage: true, animations: 'disabled' });
}

test('the README pictures: the dashboard, a payment and the patient’s page, on a computer and a phone', async ({
  page,
  playwright,
  connectedClinic: _clinic,
}) => {
  test.setTimeout(120_000);
  const linkId = await createLink(page.request, 'Initial consultation', 12_000, 'consultation');
  const patient = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  for (const [name, email] of [
    ['Ada Patient', 'ada@patient.example'],
    ['Grace Hopper', 'grace@patient.example'],
  ] as const) {
    await patientPaysByApi(patient, page.request, linkId, { name, email });
  }
  await patient.dispose();
  const history = await (await page.request.get('/api/payments?page=1&pageSize=20')).json();
  const paymentId = history.items.find(
    (item: { patientName: string }) => item.patientName === 'Ada Patient',
  ).id;

  for (const { name: width, ...viewport } of WIDTHS) {
    await page.setViewportSize(viewport);
    await page.goto('/dashboard');
    const dismiss = page.getByRole('button', { name: 'Dismiss' });
    await expect(page.getByRole('region', { name: 'Revenue' }).locator('svg').first()).toBeVisible();
    if (await dismiss.isVisible()) await dismiss.click();
    await expect(page.getByRole('list', { name: 'Payment statistics' })).toContainText('£240.00');
    await picture(page, 'dashboard', width);

    await page.goto(`/dashboard/payments/${paymentId}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Visa ending 4242').first()).toBeVisible();
    await picture(page, 'payment', width);

    await page.goto(`/payment/${linkId}`);
    await expect(page.getByRole('button', { name: 'Pay £120.00' })).toBeVisible();
    await picture(page, 'patient-payment-page', width);
  }
});
