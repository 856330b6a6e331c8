/**
 * axe-core finds no WCAG 2.2 A/AA violation on any page of docs/product.md but the patient's payment
 * pages (their own journey checks them), with validation errors shown and dialogs open, at 1280 and
 * 390 px wide, and every field an error marks invalid is described by its message; at 320 px no page
 * scrolls sideways (WCAG 1.4.10 Reflow).
 */
import type { Page } from '@playwright/test';
import { linkFromOutbox, signedInAdmin, signedInClinic, uniqueEmail } from '../fixtures/accounts';
import { expectAccessible } from '../fixtures/axe';
import { connectedClinic, createLink, patientPaysByApi } from '../fixtures/payments';
import { expect, test } from '../fixtures/test';

const PUBLIC_PAGES = [
  ['/', 'ClinicPay'],
  ['/about', null],
  ['/fees', null],
  ['/contact', 'Contact Us'],
  ['/privacy', null],
  ['/terms', null],
  ['/sign-in', 'Sign in'],
  ['/sign-up', 'Create your account'],
  ['/forgot-password', 'Forgot password'],
  ['/reset-password', 'Reset password'],
  ['/verify-email', 'Verify your email'],
  ['/join?token=not-a-token', 'Join your team'],
  ['/sign-in/two-factor', 'Two-factor sign-in'],
  ['/sign-in/continue?token=not-a-token', 'Continue signing in'],
  ['/no-such-page', null],
] as const;

const CLINIC_PAGES = [
  '/dashboard',
  '/dashboard/create-link',
  '/dashboard/send-link',
  '/dashboard/payment-history',
  '/dashboard/requests',
  '/dashboard/patients',
  '/dashboard/disputes',
  '/dashboard/payouts',
  '/dashboard/settings?tab=profile',
  '/dashboard/settings?tab=payments',
  '/dashboard/settings?tab=notifications',
  '/dashboard/settings?tab=requests',
  '/dashboard/settings?tab=policies',
  '/dashboard/settings?tab=terms',
  '/dashboard/settings?tab=team',
  '/dashboard/settings?tab=security',
  '/dashboard/security',
  '/dashboard/audit',
];

const ADMIN_PAGES = ['/admin', '/admin/clinics', '/admin/disputes', '/admin/statements', '/admin/settings'];

/** The page has drawn its heading (lazy chunks and data loaded). */
async function opened(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
}

/** A toast of `type` is shown, and not over the 64 px header (the mobile menu bar on a phone). */
async function expectToastBelowHeader(page: Page, type: 'success' | 'error') {
  const toast = page.locator(`[data-sonner-toast][data-type="${type}"]`).first();
  await expect(toast).toBeVisible();
  await expect(toast).toHaveCSS('opacity', '1');
  expect((await toast.boundingBox())?.y).toBeGreaterThanOrEqual(64);
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width} px wide`, () => {
    test.use({ viewport });

    for (const [path] of PUBLIC_PAGES) {
      test(`the public page ${path} has no WCAG A/AA violations`, async ({ page }) => {
        await opened(page, path);
        await expectAccessible(page, path);
      });
    }

    test('the public forms show their errors accessibly', async ({ page }) => {
      // Five forms, each checked by axe twice: longer than one journey on a 2-core machine.
      test.setTimeout(90_000);
      for (const [path, submit] of [
        ['/sign-in', 'Sign In'],
        ['/sign-up', 'Sign Up'],
        ['/forgot-password', 'Send Reset Instructions'],
        ['/contact', 'Send Message'],
        ['/verify-email', 'Resend verification email'],
      ] as const) {
        await opened(page, path);
        if (path === '/verify-email') await page.getByLabel('Email').fill('');
        await page.getByRole('button', { name: submit }).click();
        await expect(page.locator('[aria-invalid="true"]').first()).toBeFocused();
        await expectAccessible(page, `${path} with errors`);
      }
    });

    test('the reset password screens, refused and with errors, have no violations', async ({ page }) => {
      await opened(page, '/reset-password?token=not-a-token&userId=nobody');
      await expect(page.getByRole('alert')).toHaveText(/Please request a new password reset link\.$/);
      await expectAccessible(page, 'a refused reset link');

      const email = uniqueEmail('reset');
      await signedInClinic(page.request, email);
      await page.request.post('/api/auth/forgot-password', { data: { email } });
      const link = await linkFromOutbox(page, email, 'Reset your ClinicPay password');
      await opened(page, link);
      await expect(page.getByRole('heading', { name: 'Set new password' })).toBeVisible();
      await page.getByRole('button', { name: 'Update Password' }).click();
      await expect(page.getByLabel('New Password', { exact: true })).toBeFocused();
      await expectAccessible(page, 'the reset form with errors');
    });

    // One test a page, each in its own session: a loop over every page outlived its timeout on a
    // busy 2-core CI machine, where axe takes seconds a page.
    for (const path of CLINIC_PAGES) {
      test(`the clinic page ${path} has no violations`, async ({ page, clinic: _clinic }) => {
        await opened(page, path);
        await expectAccessible(page, path);
      });
    }

    for (const path of ADMIN_PAGES) {
      test(`the admin page ${path} has no violations`, async ({ page }) => {
        await signedInAdmin(page.request);
        await opened(page, path);
        await expectAccessible(page, path);
      });
    }

    // The clinic's forms and dialogs, a few to a test, so none has to outlast a busy 2-core machine.
    test('the Dismiss Launch Pad dialog has no violations', async ({ page, clinic: _clinic }) => {
      // One Launch Pad step done, so it can be dismissed (docs/product.md#launch-pad).
      await createLink(page.request, 'Follow-up consultation', 8000, 'consultation');

      await opened(page, '/dashboard');
      await page.getByRole('button', { name: 'Dismiss' }).click();
      await expect(page.getByRole('dialog', { name: 'Dismiss Launch Pad?' })).toBeVisible();
      await expectAccessible(page, 'the Dismiss Launch Pad dialog');
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByRole('button', { name: 'Dismiss' })).toBeFocused();
    });

    test('create link shows its errors and its dialog accessibly', async ({ page, clinic: _clinic }) => {
      await opened(page, '/dashboard/create-link');
      await page.getByRole('button', { name: 'Generate Payment Link' }).click();
      await expect(page.getByLabel('Payment Title*')).toBeFocused();
      await expectAccessible(page, 'create link with errors');
      await page.getByLabel('Payment Title*').fill('Initial consultation');
      await page.getByLabel('Amount*').fill('45');
      await page.getByRole('button', { name: 'Generate Payment Link' }).click();
      await expect(page.getByRole('dialog', { name: 'Payment Link Created' })).toBeVisible();
      await expectAccessible(page, 'the Payment Link Created dialog');
    });

    test('send link shows its errors and its dialog accessibly', async ({ page, clinic: _clinic }) => {
      await opened(page, '/dashboard/send-link');
      await page.getByRole('button', { name: 'Send Payment Link' }).click();
      await expect(page.getByLabel('Patient Name*')).toBeFocused();
      await expectAccessible(page, 'send link with errors');
      await page.getByLabel('Patient Name*').fill('Grace Patient');
      await page.getByLabel('Patient Email*').fill('grace@patient.example');
      await page.getByLabel('Custom Amount (optional)').fill('30');
      await page.getByRole('button', { name: 'Send Payment Link' }).click();
      await expect(page.getByRole('dialog', { name: 'Confirm Payment Link Details' })).toBeVisible();
      await expectAccessible(page, 'the Confirm Payment Link Details dialog');
    });

    test('the settings forms show their errors accessibly', async ({ page, clinic: _clinic }) => {
      await opened(page, '/dashboard/settings?tab=profile');
      await page.getByLabel('Email').fill('not an email');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(page.getByLabel('Email')).toBeFocused();
      await expectAccessible(page, 'the clinic profile with errors');

      await opened(page, '/dashboard/settings?tab=policies');
      await page.getByRole('button', { name: 'Save policy' }).first().click();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
      await expectAccessible(page, 'a policy with errors');

      await opened(page, '/dashboard/settings?tab=security');
      await page.getByRole('button', { name: 'Update Password' }).click();
      await expect(page.getByLabel('Current Password')).toBeFocused();
      await expectAccessible(page, 'change password with errors');
    });

    test('toasts, success and error, are accessible and below the header', async ({
      page,
      clinic: _clinic,
    }) => {
      // At AA contrast and below the header (decision 0027).
      await opened(page, '/dashboard/settings?tab=notifications');
      await page.getByRole('switch', { name: 'SMS Notifications' }).click();
      await expectToastBelowHeader(page, 'success');
      await expectAccessible(page, 'a success toast');
      await opened(page, '/dashboard/payment-history');
      await page.getByRole('button', { name: 'Download Report' }).click();
      await expectToastBelowHeader(page, 'error');
      await expectAccessible(page, 'an error toast');
    });

    test('the payment details and refund dialogs have no violations', async ({
      page,
      playwright,
      connectedClinic: _connectedClinic,
    }) => {
      test.setTimeout(60_000);
      const linkId = await createLink(page.request, 'New patient deposit', 4500);
      const patient = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
      await patientPaysByApi(patient, page.request, linkId, {
        name: 'Ada Patient',
        email: 'ada@patient.example',
      });
      await patient.dispose();

      await opened(page, '/dashboard/payment-history');
      const opener = page.getByRole('button', { name: 'View payment from Ada Patient' });
      await opener.click();
      const details = page.getByRole('dialog', { name: 'Payment Details' });
      await expect(details.getByText('CP-', { exact: false }).first()).toBeVisible();
      await expectAccessible(page, 'the Payment Details dialog');

      await details.getByRole('button', { name: 'Refund' }).click();
      const refund = page.getByRole('dialog', { name: 'Refund Payment' });
      await refund.getByLabel('Refund amount (£)').fill('0');
      await expect(refund.getByText('Please enter a valid amount greater than 0')).toBeVisible();
      await expectAccessible(page, 'the Refund Payment dialog with an error');
      await refund.getByRole('button', { name: 'Cancel' }).click();
      await expect(details.getByRole('button', { name: 'Refund' })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(opener).toBeFocused();

      // The payment's own page, and its inline refund refusing an amount over what was paid.
      await opener.click();
      await page
        .getByRole('dialog', { name: 'Payment Details' })
        .getByRole('link', { name: /^Open the payment's page/ })
        .click();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page, "the payment's page");
      await page.getByLabel('Refund amount (£)').fill('999');
      await page.getByRole('button', { name: 'Refund', exact: true }).click();
      await expect(page.getByLabel('Refund amount (£)')).toHaveAttribute('aria-invalid', 'true');
      await expectAccessible(page, "the payment's page with a refund error");
    });

    test('the admin dialogs and a clinic profile have no violations', async ({ page, playwright }) => {
      test.setTimeout(150_000);
      const clinic = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
      const { email } = await connectedClinic(clinic);
      await clinic.dispose();
      await signedInAdmin(page.request);
      await opened(page, `/admin/clinics?search=${encodeURIComponent(email)}`);
      await page.getByRole('link', { name: 'Marylebone Skin Clinic' }).first().click();
      await expect(page.getByRole('heading', { level: 1, name: 'Marylebone Skin Clinic' })).toBeVisible();
      await expectAccessible(page, 'an admin clinic profile');

      await opened(page, '/admin/clinics');
      await page.getByRole('button', { name: 'Add New Clinic' }).click();
      const add = page.getByRole('dialog', { name: 'Add New Clinic' });
      await add.getByRole('button', { name: 'Send invitation' }).click();
      await expect(add.getByLabel('Clinic name')).toBeFocused();
      await expectAccessible(page, 'the Add New Clinic dialog with errors');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('button', { name: 'Add New Clinic' })).toBeFocused();

      await opened(page, '/admin/settings');
      await page.getByLabel('Platform fee (%)').fill('');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByLabel('Platform fee (%)')).toBeFocused();
      await expectAccessible(page, 'the platform fee with an error');
      await page.getByRole('searchbox').fill(email);
      const disconnect = page.getByRole('button', { name: 'Disconnect Marylebone Skin Clinic' });
      await expect(disconnect).toHaveCount(1);
      await disconnect.click();
      await expect(page.getByRole('dialog', { name: 'Confirm Stripe Disconnection' })).toBeVisible();
      await expectAccessible(page, 'the Confirm Stripe Disconnection dialog');
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect(disconnect).toBeFocused();
    });
  });
}

/** Whether the document is wider than the window: a page that scrolls sideways. */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement as HTMLElement;
    return root.scrollWidth > root.clientWidth ? `${root.scrollWidth} > ${root.clientWidth}` : null;
  });

test.describe('at 320 px wide', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  // One test a page (seen signed out, as a clinic, or as the admin), so no single test has to
  // outlast a slow machine's pass over every page.
  for (const [path] of PUBLIC_PAGES) {
    test(`the public page ${path} does not scroll sideways`, async ({ page }) => {
      await opened(page, path);
      expect(await scrollsSideways(page), path).toBeNull();
    });
  }

  test('the sign-up form with its errors does not scroll sideways', async ({ page }) => {
    await opened(page, '/sign-up');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.locator('[aria-invalid="true"]').first()).toBeFocused();
    expect(await scrollsSideways(page), '/sign-up with errors').toBeNull();
  });

  for (const path of CLINIC_PAGES) {
    test(`the clinic page ${path} does not scroll sideways`, async ({ page, clinic: _clinic }) => {
      await opened(page, path);
      expect(await scrollsSideways(page), path).toBeNull();
    });
  }

  for (const path of ADMIN_PAGES) {
    test(`the admin page ${path} does not scroll sideways`, async ({ page }) => {
      await signedInAdmin(page.request);
      await opened(page, path);
      expect(await scrollsSideways(page), path).toBeNull();
    });
  }
});
