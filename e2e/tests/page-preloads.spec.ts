/**
 * Decision 0078: a page's HTML names its code and first data in a Link header, and the page
 * uses what the browser fetched for it. Were a preload not to match the page's own request (its mode
 * or credentials), the browser would fetch the same URL twice.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';

/** Counts the requests the page makes for each path, from the first response on. */
function countRequests(page: Page): Map<string, number> {
  const counts = new Map<string, number>();
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    counts.set(pathname, (counts.get(pathname) ?? 0) + 1);
  });
  return counts;
}

test.describe('what a page asks for first', () => {
  test('sign-in fetches who is signed in, and each of its scripts, once', async ({ page }) => {
    const counts = countRequests(page);
    const response = await page.goto('/sign-in');
    const link = (await response?.headerValue('link')) ?? '';
    expect(link).toContain('</api/auth/session>; rel=preload; as=fetch; crossorigin');
    expect(link).toMatch(/<\/assets\/sign-in-[\w-]+\.js>; rel=modulepreload/);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();

    expect(counts.get('/api/auth/session')).toBe(1);
    const scripts = [...counts].filter(([path]) => path.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(5);
    for (const [path, count] of scripts) expect(count, path).toBe(1);
  });

  test("a payment page fetches its data and the card provider's config once", async ({ page, link }) => {
    const counts = countRequests(page);
    await page.goto(link.path);
    await expect(page.getByTestId('amount-due')).toHaveText('£45.00');
    await expect(page.getByText('Complete Your Payment')).toBeVisible();

    expect(counts.get(`/api/public/payments/${link.id}`)).toBe(1);
    expect(counts.get('/api/payment-provider/config')).toBe(1);
  });
});
