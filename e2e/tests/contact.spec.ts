import { randomUUID } from 'node:crypto';
import { outboxMessage } from '../fixtures/accounts';
import { expect, test } from '../fixtures/test';

test.describe('contact form', () => {
  test('a message sent from the contact page reaches support through the dev outbox', async ({ page }) => {
    const subject = `Payout question ${randomUUID()}`;
    await page.goto('/contact');
    await page.getByLabel('Name').fill('Dr Grace Hopper');
    await page.getByLabel('Email').fill('grace@clinic.example');
    await page.getByLabel('Subject').fill(subject);
    await page.getByLabel('Message').fill('When are payouts made?');
    await page.getByRole('button', { name: 'Send Message' }).click();

    await expect(page.getByRole('status').filter({ hasText: 'Thank you for your message' })).toBeVisible();
    await expect(page.getByLabel('Subject')).toHaveValue('');

    const message = await outboxMessage(page, 'support@clinicpay.test', subject);
    await expect(message.getByRole('definition').first()).toHaveText('support@clinicpay.test');
    await expect(message.getByText('When are payouts made?')).toBeVisible();
  });

  test('an invalid message shows each field message and sends nothing', async ({ page }) => {
    const subject = `Never sent ${randomUUID()}`;
    await page.goto('/contact');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Please enter your name')).toBeVisible();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('Please enter a subject')).toBeVisible();
    await expect(page.getByText('Please enter your message')).toBeVisible();

    // With every other field valid, the subject alone keeps the form from sending.
    await page.getByLabel('Name').fill('Dr Grace Hopper');
    await page.getByLabel('Message').fill(subject);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();

    await page.goto('/dev/outbox');
    await expect(page.getByRole('heading', { name: 'Dev outbox' })).toBeVisible();
    await expect(page.getByText(subject)).toHaveCount(0);
  });
});
