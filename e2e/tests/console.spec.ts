/**
 * Every page, signed out, as a clinic and as the admin, and a payment page, logs nothing to the
 * browser console: no error, no warning, no uncaught error (fixtures/console.ts; decision 0099).
 */
import type { Page } from '@playwright/test';
import { signedInAdmin } from '../fixtures/accounts';
import type { ConsoleProblems } from '../fixtures/console';
import { expect, test } from '../fixtures/test';

/** Opens `path`, waits until its requests have settled, and expects nothing logged on the way. */
async function visitQuietly(page: Page, consoleProblems: ConsoleProblems, path: string) {
  await page.goto(path);
  await expect(page.locator('main').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(consoleProblems.take(), `the console of ${path}`).toEqual([]);
}

test('the public pages log nothing to the console', async ({ page, consoleProblems }) => {
  for (const path of [
    '/',
    '/about',
    '/fees',
    '/terms',
    '/privacy',
    '/contact',
    '/sign-in',
    '/sign-up',
    '/forgot-password',
    '/reset-password?token=not-a-token',
    '/verify-email',
    '/no-such-page',
  ]) {
    await visitQuietly(page, consoleProblems, path);
  }
  // The text is set in the Inter the app ships, not in whatever the machine has.
  const inter = await page.evaluate(async () => {
    await document.fonts.ready;
    const statuses: string[] = [];
    document.fonts.forEach((font) => {
      if (font.family.replace(/"/g, '') === 'Inter') statuses.push(font.status);
    });
    return statuses;
  });
  expect(inter).toEqual(['loaded']);
});

test("a clinic's pages log nothing to the console", async ({
  page,
  connectedClinic: _clinic,
  consoleProblems,
}) => {
  for (const path of [
    '/dashboard',
    '/dashboard/create-link',
    '/dashboard/send-link',
    '/dashboard/payment-history',
    '/dashboard/requests',
    '/dashboard/patients',
    '/dashboard/disputes',
    '/dashboard/payouts',
    '/dashboard/settings',
  ]) {
    await visitQuietly(page, consoleProblems, path);
  }
});

test("the admin's pages log nothing to the console", async ({ page, consoleProblems }) => {
  await signedInAdmin(page.request);
  for (const path of [
    '/admin',
    '/admin/clinics',
    '/admin/disputes',
    '/admin/statements',
    '/admin/settings',
  ]) {
    await visitQuietly(page, consoleProblems, path);
  }
});

test('a payment page logs nothing to the console', async ({ page, link, consoleProblems }) => {
  await visitQuietly(page, consoleProblems, link.path);
  await expect(page.getByText(link.title).first()).toBeVisible();
});
