import { expect, test } from '../fixtures/test';

test('the API is described at /api/docs', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /ClinicPay API/ })).toBeVisible();
  await expect(page.getByText('/api/contact').first()).toBeVisible();
  expect(violations).toEqual([]);
});
