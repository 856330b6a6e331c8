/**
 * Decision 0078: a page's HTML names its code and first data in a Link header, and the page
 * uses what the browser fetched for it. Were a preload not to match the page's own request (its mode
 * or credentials), the browser would fetch the same URL twice. Decision 0130: a public page comes drawn
 * in its HTML, readable before any script runs, and with no session cookie sign-in does not ask who is
 * signed in.
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
  test('signed in, sign-in fetches who is signed in, and each of its scripts, once', async ({
    page,
    clinic,
  }) => {
    const counts = countRequests(page);
    const response = await page.goto('/sign-in');
    expect(await response?.headerValue('link')).toBe(
      '</api/auth/session>; rel=preload; as=fetch; crossorigin',
    );
    await expect(page.getByText(`as ${clinic.email}.`)).toBeVisible();

    expect(counts.get('/api/auth/session')).toBe(1);
    const scripts = [...counts].filter(([path]) => path.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(5);
    for (const [path, count] of scripts) expect(count, path).toBe(1);
  });

  test('signed out, sign-in comes with its form drawn, asks nobody who is signed in, and signs in', async ({
    page,
    clinic,
  }) => {
    await page.context().clearCookies();
    const counts = countRequests(page);
    const response = await page.goto('/sign-in');
    expect(await response?.headerValue('link')).toBeNull();
    const html = (await response?.text()) ?? '';
    expect(html).toContain('data-session="signed-out"');
    expect(html).toMatch(/<label[^>]*>Email<\/label>/);
    await page.getByLabel('Email').fill(clinic.email);
    await page.getByLabel('Password').fill(clinic.password);
    expect(counts.get('/api/auth/session')).toBeUndefined();
    for (const [path, count] of counts) if (path.endsWith('.js')) expect(count, path).toBe(1);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL('/dashboard');
  });

  for (const [name, url, refusal, check] of [
    [
      'reset password',
      '/reset-password?token=not-a-token&userId=not-a-user',
      'Invalid reset token. Please request a new password reset link.',
      '/api/auth/reset-password',
    ],
    [
      'join',
      '/join?token=not-a-token',
      'This invitation link is not valid. Ask the clinic for a new one.',
      '/api/team-invitations',
    ],
  ] as const) {
    test(`${name} comes with its link checked by the server: the refusal in its HTML, no check from the page`, async ({
      page,
    }) => {
      const counts = countRequests(page);
      const response = await page.goto(url);
      expect(await response?.headerValue('link')).toBeNull();
      expect(await response?.text()).toContain(refusal);
      await expect(page.getByRole('alert')).toHaveText(refusal);
      await expect(page.locator('#root')).not.toHaveAttribute('inert');
      expect(counts.get(check)).toBeUndefined();
    });
  }

  test("a payment page fetches its data and the card provider's config once", async ({ page, link }) => {
    const counts = countRequests(page);
    await page.goto(link.path);
    await expect(page.getByTestId('amount-due')).toHaveText('£45.00');
    await expect(page.getByText('Complete Your Payment')).toBeVisible();

    expect(counts.get(`/api/public/payments/${link.id}`)).toBe(1);
    expect(counts.get('/api/payment-provider/config')).toBe(1);
  });
});

test.describe('a public page before its scripts', () => {
  test.use({ javaScriptEnabled: false });

  for (const [path, heading] of [
    ['/', 'Get paid for consultations, treatments and deposits'],
    ['/fees', 'Simple, transparent fees'],
    ['/sign-up', 'Create your account'],
  ] as const) {
    test(`${path} is drawn in its HTML, and nothing in it can be used until they run`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeAttached();
      await expect(page.locator('h1')).toContainText(heading);
      await expect(page.locator('#root')).toHaveAttribute('inert', '');
    });
  }
});
