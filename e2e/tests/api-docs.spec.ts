import { expect, test } from '../fixtures/test';

test('the API is described at /api/docs', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  await page.goto('/api/docs');
  // Swagger UI builds the page in the browser: 2.3 MB of its scripts, then the 144 KB description it
  // fetches. That takes 3 s on an idle machine and outlived the 10 s default once on a loaded CI one.
  await expect(page.getByRole('heading', { name: /ClinicPay API/ })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('/api/contact').first()).toBeVisible();
  expect(violations).toEqual([]);
});
