/**
 * A card on file in a real browser on the sandbox (docs/decisions/0091-saved-cards-on-platform-customers.md,
 * 0092-card-consent.md, 0093-charging-saved-cards.md): a patient pays a deposit on a link that saves
 * the card, consenting to a £40.00 no-show fee; the clinic sees the card and the consent on the
 * patient's page, charges the £40.00 fee after a £50.00 charge is refused, and removes the card. Every
 * page passes axe.
 */
import { randomUUID } from 'node:crypto';
import { linkFromOutbox, uniqueEmail } from '../fixtures/accounts';
import { expectAccessible } from '../fixtures/axe';
import { connectedClinic } from '../fixtures/payments';
import { expect, test } from '../fixtures/test';

// Each journey pays, waits for the provider's events and reloads the clinic's page several times; on a
// loaded two-core CI machine that takes longer than the default minute.
test.describe.configure({ timeout: 150_000 });

test('a patient saves their card with consent, and the clinic charges a no-show fee and removes the card', async ({
  browser,
  page,
}) => {
  await connectedClinic(page.request);
  const policy = await page.request.put('/api/clinic/policies/no_show', {
    data: {
      feeType: 'fixed',
      feeAmount: 4000,
      text: 'If you miss your appointment without telling us, we charge £40.00 to your saved card.',
    },
  });
  expect(policy.ok()).toBe(true);
  const created = await page.request.post('/api/payment-links', {
    data: { title: 'Skin consultation deposit', amount: 2500, type: 'deposit', requiresCardOnFile: true },
  });
  expect(created.ok()).toBe(true);
  const linkId = (await created.json()).link.id as string;

  const patientContext = await browser.newContext();
  const patient = await patientContext.newPage();
  const email = uniqueEmail('ada');
  await patient.goto(`/payment/${linkId}`);
  const terms = patient.getByRole('region', { name: 'Card saved for your appointment' });
  await expect(terms).toContainText('No-show fee: up to £40.00');
  await expect(terms).toContainText('we charge £40.00 to your saved card');
  await patient.getByLabel('Full Name').fill('Ada Patient');
  await patient.getByLabel('Email').fill(email);
  await patient.getByLabel('Card number').fill('4242 4242 4242 4242');
  await patient.getByLabel('Expiry (MM/YY)').fill('12/34');
  await patient.getByLabel('CVC').fill('123');
  await patient.getByRole('button', { name: 'Pay £25.00' }).click();
  const consent = patient.getByLabel(/I agree to the policies above/);
  await expect(patient.getByText('Please agree to the clinic’s policies to continue')).toBeVisible();
  await expect(consent).toBeFocused();
  await expectAccessible(patient);
  await patient.keyboard.press('Space');
  await expect(consent).toBeChecked();
  await patient.getByRole('button', { name: 'Pay £25.00' }).click();
  await expect(patient.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await patientContext.close();

  await page.goto(`/dashboard/patients?search=${encodeURIComponent(email)}`);
  const patientLink = page
    .getByRole('table', { name: 'Patients' })
    .getByRole('link', { name: 'Ada Patient' });
  await page.goto(String(await patientLink.getAttribute('href')));
  await expect(page.getByRole('heading', { level: 1, name: 'Ada Patient' })).toBeVisible();
  const cards = page.getByRole('region', { name: 'Saved cards' });
  // The card is recorded from the provider's event, which may arrive a moment after the payment.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('region', { name: 'Saved cards' })).toContainText('Visa ending 4242', {
      timeout: 5_000,
    });
  }).toPass({ timeout: 45_000 });
  await expect(cards).toContainText('No-show fee (version 1): up to £40.00');
  await expectAccessible(page);

  await cards.getByRole('button', { name: 'Charge card Visa ending 4242' }).click();
  const dialog = page.getByRole('dialog', { name: 'Charge saved card' });
  const amount = dialog.getByLabel('Amount (£)');
  await expect(amount).toHaveValue('40.00');
  await amount.fill('50');
  await dialog.getByRole('button', { name: 'Charge £50.00' }).click();
  await expect(dialog.getByText('The most the patient agreed to for this fee is £40.00')).toBeVisible();
  await expectAccessible(page);
  await amount.fill('40');
  await dialog.getByRole('button', { name: 'Charge £40.00' }).click();
  await expect(page.getByText('£40.00 charged to the saved card')).toBeVisible();
  await expect(cards).toContainText(/No-show fee £40\.00, .*: Paid/);

  // The fee is a payment of its own on the patient's page, once its event is recorded.
  await expect(async () => {
    await page.reload();
    await expect(
      page.getByRole('region', { name: 'Payments' }).getByRole('row').filter({ hasText: 'No-show fee' }),
    ).toContainText('£40.00', { timeout: 5_000 });
  }).toPass({ timeout: 45_000 });

  await cards.getByRole('button', { name: 'Remove card Visa ending 4242' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove this card?' });
  await confirm.getByRole('button', { name: 'Remove card' }).click();
  await expect(page.getByText('Card removed. It can no longer be charged.')).toBeVisible();
  await expect(cards).toContainText('Removed');
  await expect(cards.getByRole('button', { name: /Charge card/ })).toHaveCount(0);
  await expectAccessible(page);
});

test('when the bank asks, the patient confirms the charge from their email and it completes', async ({
  browser,
  page,
}) => {
  await connectedClinic(page.request);
  await page.request.put('/api/clinic/policies/no_show', {
    data: {
      feeType: 'fixed',
      feeAmount: 4000,
      text: 'A missed appointment is charged £40.00 to your saved card.',
    },
  });
  const created = await page.request.post('/api/payment-links', {
    data: { title: 'Consultation deposit', amount: 2500, requiresCardOnFile: true },
  });
  const linkId = (await created.json()).link.id as string;
  await page.goto('/dashboard');
  const origin = new URL(page.url()).origin;

  // The patient pays with a card whose bank always asks (4000 0027 6000 3184), passing 3-D Secure.
  const email = uniqueEmail('grace');
  const intent = await (
    await page.request.post(`/api/public/payments/${linkId}/payment-intents`, {
      data: { name: 'Grace Patient', email, attemptId: randomUUID(), cardOnFileConsent: true },
    })
  ).json();
  const confirmed = await (
    await page.request.post(`/api/sandbox/payment-intents/${intent.paymentIntentId}/confirm`, {
      data: {
        clientSecret: intent.clientSecret,
        card: { number: '4000002760003184', expMonth: 12, expYear: 2034, cvc: '123' },
        returnUrl: `${origin}/payment/success`,
      },
    })
  ).json();
  const challenge = new URL(confirmed.nextAction.redirectUrl);
  await page.request.post(challenge.pathname, {
    form: {
      decision: 'approve',
      client_secret: intent.clientSecret,
      return_url: String(challenge.searchParams.get('return_url')),
    },
    headers: { origin },
    maxRedirects: 0,
  });

  // The clinic charges the no-show fee: the bank wants the patient, so the clinic waits for them.
  await page.goto(`/dashboard/patients?search=${encodeURIComponent(email)}`);
  const patientLink = page
    .getByRole('table', { name: 'Patients' })
    .getByRole('link', { name: 'Grace Patient' });
  await page.goto(String(await patientLink.getAttribute('href')));
  const cards = page.getByRole('region', { name: 'Saved cards' });
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('region', { name: 'Saved cards' })).toContainText('Visa ending 3184', {
      timeout: 5_000,
    });
  }).toPass({ timeout: 45_000 });
  await cards.getByRole('button', { name: 'Charge card Visa ending 3184' }).click();
  await page
    .getByRole('dialog', { name: 'Charge saved card' })
    .getByRole('button', { name: 'Charge £40.00' })
    .click();
  await expect(
    page.getByText('Waiting for the patient: their bank asks them to confirm the charge'),
  ).toBeVisible();
  await expect(cards).toContainText('Waiting for the patient');

  // The patient opens the link in their email, confirms, and passes their bank's check.
  const patientContext = await browser.newContext();
  const patient = await patientContext.newPage();
  const confirmLink = await linkFromOutbox(patient, email, 'Please confirm your payment');
  await patient.goto(confirmLink);
  await expect(patient.getByRole('heading', { level: 1, name: 'Confirm your payment' })).toBeVisible();
  await expect(
    patient.getByText(/has charged £40\.00 \(No-show fee\) to your Visa card ending 3184/),
  ).toBeVisible();
  await expectAccessible(patient);
  await patient.getByRole('button', { name: 'Confirm £40.00' }).click();
  await patient.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(patient.getByText('Thank you. Your payment is confirmed.')).toBeVisible();
  await patientContext.close();

  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('region', { name: 'Saved cards' })).toContainText(
      /No-show fee £40\.00, .*: Paid/,
      {
        timeout: 5_000,
      },
    );
  }).toPass({ timeout: 45_000 });
});
