/**
 * Payouts and statements in a real browser on the sandbox (docs/decisions/0087-payout-reconciliation.md,
 * 0088-monthly-statements.md): a lost dispute leaves its reversal and its fee on the clinic's monthly
 * statement; a failed payout reaches the clinic by email and on its Payouts page; the next payout's lines
 * add up to it and download for Xero with Xero's columns.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { outboxMessage, uniqueEmail } from '../fixtures/accounts';
import { connectedClinicWithLink, patientPaysByApi } from '../fixtures/payments';
import { expect, test } from '../fixtures/test';

/** The figure beside `label` in a statement's list. */
const figure = (page: Page, label: string) =>
  page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

/** Presses a control on the sandbox's balance and payouts page of the account. */
async function sandboxPayoutControl(page: Page, accountId: string, label: string) {
  await page.goto(`/sandbox/accounts/${accountId}/payouts`);
  await page.getByRole('button', { name: label }).click();
  await expect(page).toHaveURL(`/sandbox/accounts/${accountId}/payouts`);
}

test.describe('payouts and statements', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a lost dispute is on the statement, a failed payout reaches the clinic, and the next one adds up', async ({
    page,
  }) => {
    const clinic = await connectedClinicWithLink(page.request);
    const paid = { name: 'Penny Paid', email: uniqueEmail('penny') };
    const disputed = { name: 'Dan Disputed', email: uniqueEmail('dan') };
    await patientPaysByApi(page.request, page.request, clinic.linkId, paid);
    await patientPaysByApi(page.request, page.request, clinic.linkId, disputed, '4000000000002685');

    // The bank decides against the clinic.
    const item = page.getByTestId('sandbox-dispute').filter({ hasText: disputed.email });
    await expect(async () => {
      await page.goto('/sandbox/disputes');
      await expect(item.getByRole('button', { name: 'Lose' })).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 40_000 });
    await item.getByRole('button', { name: 'Lose' }).click();

    // £45.00 less ClinicPay's 3% is £43.65 taken back; Stripe's £20 dispute fee is owed.
    await expect(async () => {
      await page.goto('/dashboard/payouts');
      await expect(figure(page, 'Disputes taken back')).toHaveText('£43.65', { timeout: 1_000 });
    }).toPass({ timeout: 40_000 });
    await expect(figure(page, 'Dispute fees owed')).toHaveText('£20.00');
    await expect(figure(page, 'Net to your balance')).toHaveText('£43.65');

    // The bank refuses the first payout.
    await sandboxPayoutControl(page, clinic.accountId, 'Make pending funds available now');
    await sandboxPayoutControl(page, clinic.accountId, 'Fail the next payout');
    await sandboxPayoutControl(page, clinic.accountId, 'Pay out now');
    await sandboxPayoutControl(page, clinic.accountId, 'Arrive now (payouts in transit reach the bank)');
    await outboxMessage(page, clinic.email, 'A payout to your bank failed: £43.65');
    await expect(async () => {
      await page.goto('/dashboard/payouts');
      await expect(page.getByText('The bank account has been closed.').first()).toBeVisible({
        timeout: 1_000,
      });
    }).toPass({ timeout: 40_000 });

    // Paid out again, and it arrives.
    await sandboxPayoutControl(page, clinic.accountId, 'Pay out now');
    await sandboxPayoutControl(page, clinic.accountId, 'Arrive now (payouts in transit reach the bank)');
    const paidRow = page
      .getByRole('row')
      .filter({ has: page.getByText('Paid', { exact: true }) })
      .filter({ hasText: '£43.65' });
    await expect(async () => {
      await page.goto('/dashboard/payouts');
      await expect(paidRow).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 40_000 });
    await paidRow.getByRole('link').first().click();
    await expect(page.getByRole('heading', { name: 'Payout of £43.65' })).toBeVisible();
    const total = page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Total paid out' }) });
    await expect(total).toContainText('£43.65');
    await expect(page.getByText('Disputed payment taken back').first()).toBeVisible();
    await expect(page.getByText(paid.name).first()).toBeVisible();

    // The monthly statement counts what reached the bank.
    await page.goto('/dashboard/payouts');
    await expect(figure(page, 'Paid out to your bank')).toHaveText('£43.65');

    await page.goBack();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download for Xero' }).click();
    const csv = await readFile(String(await (await download).path()), 'utf8');
    expect(csv.split('\n')[0]).toBe('Date,Amount,Payee,Description,Reference');
    expect(csv).toContain(paid.name);
  });
});
