import type { Page } from '@playwright/test';
import { CLINIC_PASSWORD, linkFromOutbox, signedInAdmin, totpCode, uniqueEmail } from '../fixtures/accounts';
import { expectAccessible } from '../fixtures/axe';
import { connectedClinicWithLink, patientPaysByApi } from '../fixtures/payments';
import { expect, test } from '../fixtures/test';

/**
 * Turns two-factor sign-in on from Settings → Security (`start`: its Turn on button first) or the setup
 * an account must do; returns the secret and the recovery codes.
 */
async function turnOnTwoFactor(page: Page, password: string, start = true) {
  if (start) await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await page.getByLabel('Your password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.locator('code').first().textContent()) ?? '';
  await page.getByLabel('Code from the app').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  const list = page.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const codes = await list.getByRole('listitem').allTextContents();
  await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  return { secret, codes };
}

/**
 * Signs out and waits for the sign-in page: signing out is a full page load to /sign-in, and a
 * navigation started before it lands is aborted by it.
 */
async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL('/sign-in');
  await expect(page.getByText('Signed out successfully')).toBeVisible();
}

async function signInWithPassword(page: Page, email: string, password: string) {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('an owner builds a team: a receptionist joins, works within their role, and is held to two-factor sign-in', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  // The owner, connected, with one paid payment.
  const owner = await connectedClinicWithLink(page.request);
  const patient = await browser.newContext();
  await patientPaysByApi(patient.request, page.request, owner.linkId, {
    name: 'Grace Patient',
    email: uniqueEmail('grace'),
  });
  await patient.close();

  // The owner invites a receptionist from Settings → Team.
  const ritaEmail = uniqueEmail('rita');
  await page.goto('/dashboard/settings?tab=team');
  await page.getByLabel('Email').fill(ritaEmail);
  await page.getByLabel('Role').selectOption('reception');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${ritaEmail}`)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Invitations waiting' })).toContainText(ritaEmail);

  // She joins from the email.
  const join = await linkFromOutbox(page, ritaEmail, 'Join Marylebone Skin Clinic on ClinicPay');
  const ritaContext = await browser.newContext();
  const rita = await ritaContext.newPage();
  const asked: string[] = [];
  rita.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/team-invitations') asked.push(request.url());
  });
  const answer = await rita.goto(join);
  // The server checked the link as it answered: the invitation is drawn in the page's HTML (decision
  // 0134), and the form can be used once the page's scripts have taken it over.
  expect(await answer?.text()).toContain("Marylebone Skin Clinic's team on ClinicPay as Reception");
  await expect(rita.getByRole('heading', { name: 'Join Marylebone Skin Clinic' })).toBeVisible();
  await expect(rita.locator('#root')).not.toHaveAttribute('inert');
  // The page took the invitation from its HTML: it asked nobody for it.
  expect(asked).toEqual([]);
  await expectAccessible(rita, 'the Join page of an open invitation');
  await expect(rita.getByText('as Reception')).toBeVisible();
  const ritaPassword = 'rita password 1';
  await rita.getByLabel('Your name').fill('Rita Reception');
  await rita.getByLabel('Password', { exact: true }).fill(ritaPassword);
  await rita.getByLabel('Confirm Password').fill(ritaPassword);
  await rita.getByRole('button', { name: 'Join the team' }).click();
  await expect(rita).toHaveURL(`/sign-in?email=${encodeURIComponent(ritaEmail)}`);
  await rita.getByLabel('Password').fill(ritaPassword);
  await rita.getByRole('button', { name: 'Sign In' }).click();
  await expect(rita).toHaveURL('/dashboard');

  // She sees neither Settings nor Payouts, and no Refund.
  const nav = rita.getByRole('navigation', { name: 'Clinic' });
  await expect(nav.getByRole('link', { name: 'Send a Link' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Security' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Settings' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Payouts' })).toHaveCount(0);
  await rita.goto('/dashboard/payment-history');
  await expect(rita.getByText(/1 payments? found/)).toBeAttached();
  await expect(rita.getByRole('button', { name: 'Download Report' })).toHaveCount(0);
  const paymentId = (await (await page.request.get('/api/payments')).json()).items[0].id;
  await rita.goto(`/dashboard/payments/${paymentId}`);
  await expect(rita.getByRole('button', { name: 'Resend receipt' })).toBeVisible();
  await expect(rita.getByLabel('Refund amount (£)')).toHaveCount(0);
  await page.goto(`/dashboard/payments/${paymentId}`);
  await expect(page.getByLabel('Refund amount (£)')).toBeVisible();
  await rita.goto('/dashboard/settings');
  await expect(rita.getByText("This page is for the clinic's owner.")).toBeVisible();

  // She sends a payment request.
  const patientEmail = uniqueEmail('patient');
  await rita.goto('/dashboard/send-link');
  await rita.getByLabel('Patient Name*').fill('Ada Patient');
  await rita.getByLabel('Patient Email*').fill(patientEmail);
  await rita.getByLabel('Custom Amount (optional)').fill('60');
  await rita.getByRole('button', { name: 'Send Payment Link' }).click();
  await rita.getByRole('dialog').getByRole('button', { name: 'Send Payment Link' }).click();
  await expect(rita.getByText('Payment link sent successfully')).toBeVisible();

  // The owner turns two-factor sign-in on for themself, then requires it of the team.
  await page.goto('/dashboard/settings?tab=security');
  await turnOnTwoFactor(page, CLINIC_PASSWORD);
  await expect(page.getByText('Two-factor sign-in is on.')).toBeVisible();
  await page.goto('/dashboard/settings?tab=team');
  await page.getByRole('switch', { name: 'Require two-factor sign-in' }).click();
  await expect(page.getByText('Two-factor sign-in is now required for your whole team')).toBeVisible();

  // Rita's next page sends her to set it up; nothing else opens until she has.
  await rita.goto('/dashboard/requests');
  await expect(rita).toHaveURL('/two-factor-setup');
  const { secret, codes } = await turnOnTwoFactor(rita, ritaPassword, false);
  await expect(rita).toHaveURL('/dashboard');

  // A recovery code works once.
  await signOut(rita);
  await signInWithPassword(rita, ritaEmail, ritaPassword);
  await expect(rita).toHaveURL('/sign-in/two-factor');
  await rita.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await rita.getByLabel('Recovery code').fill(codes[0] ?? '');
  await rita.getByRole('button', { name: 'Sign In' }).click();
  await expect(rita).toHaveURL('/dashboard');
  await signOut(rita);
  await signInWithPassword(rita, ritaEmail, ritaPassword);
  await rita.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await rita.getByLabel('Recovery code').fill(codes[0] ?? '');
  await rita.getByRole('button', { name: 'Sign In' }).click();
  await expect(rita.getByText('That recovery code is not right, or has been used')).toBeVisible();
  await rita.getByRole('button', { name: 'Use my authenticator app instead' }).click();
  await rita.getByLabel('Authentication code').fill(totpCode(secret));
  await rita.getByRole('button', { name: 'Sign In' }).click();
  await expect(rita).toHaveURL('/dashboard');

  // The owner signs her out everywhere.
  await page.reload();
  await page.getByRole('button', { name: 'Sign out everywhere: Rita Reception' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page.getByText('Signed out everywhere')).toBeVisible();
  await rita.goto('/dashboard/requests');
  await expect(rita).toHaveURL(/\/sign-in/);
  await ritaContext.close();

  // The owner's own audit log shows the team's changes, with where each came from.
  await page.goto('/dashboard/audit');
  const trail = page.getByRole('table', { name: 'Audit Log' });
  for (const action of ['Team member invited', 'Team member joined', 'Team member signed out everywhere'])
    await expect(trail.getByRole('row').filter({ hasText: action }).first()).toBeVisible();
  await expect(trail.getByRole('row').filter({ hasText: 'Team member joined' })).toContainText(
    /127\.0\.0\.1|::1/,
  );

  // The admin's audit log shows each step, on the clinic's own entries.
  const clinicId = (await (await page.request.get('/api/clinic')).json()).clinic.id;
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signedInAdmin(admin.request);
  await admin.goto(`/admin/audit?clinicId=${clinicId}`);
  const log = admin.getByRole('table', { name: 'Audit Log' });
  for (const action of [
    'Team member invited',
    'Team member joined',
    'Two-factor sign-in turned on',
    'Two-factor sign-in required for the team',
    'Recovery code used to sign in',
    'Team member signed out everywhere',
  ])
    await expect(log.getByRole('row').filter({ hasText: action }).first()).toBeVisible();
  await expect(log.getByRole('row').filter({ hasText: 'Team member joined' })).toContainText(ritaEmail);
  await adminContext.close();
});
