/**
 * A link that secures an appointment, in a real browser on the sandbox
 * (docs/decisions/0095-secure-your-appointment.md): the patient saves Stripe's 4000 0000 0000 0341 with
 * consent and pays nothing; the clinic finds the card and its consent on the patient's page, and the
 * no-show fee it charges is declined with the bank's reason, as that card always is. Every page passes
 * axe.
 */
import { uniqueEmail } from '../fixtures/accounts';
import { expectAccessible } from '../fixtures/axe';
import { connectedClinic } from '../fixtures/payments';
import { expect, test } from '../fixtures/test';

// The journey waits for the provider's events and reloads the clinic's page; on a loaded two-core CI
// machine that takes longer than the default minute.
test.describe.configure({ timeout: 150_000 });

test('a patient secures their appointment with a card and pays nothing; a fee on 0341 is declined', async ({
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

  // The clinic makes the link in the browser: asking for a card on file offers to secure the appointment.
  await page.goto('/dashboard/create-link');
  await page.getByLabel('Payment Title*').fill('Laser treatment');
  await page.getByLabel('Amount*').fill('120');
  await page.getByLabel('Save the patient’s card under your policies').check();
  await page.getByLabel('Secure the appointment only: save the card and take no payment now').check();
  await page.getByRole('button', { name: 'Generate Payment Link' }).click();
  const created = page.getByRole('dialog');
  await expect(created).toContainText('£120.00 treatment, card saved: nothing paid now');
  await expect(created.getByRole('link', { name: 'Send Link' })).toHaveCount(0);
  const url = String(await created.getByTestId('created-link-url').textContent());

  const patientContext = await browser.newContext();
  const patient = await patientContext.newPage();
  const email = uniqueEmail('iris');
  await patient.goto(new URL(url).pathname);
  await expect(patient.getByRole('heading', { name: 'Secure your appointment' })).toBeVisible();
  await expect(patient.getByTestId('amount-due')).toHaveText('£0.00');
  await expect(
    patient.getByText(/Treatment price: £120\.00, paid at or after your appointment/),
  ).toBeVisible();
  const terms = patient.getByRole('region', { name: 'Card saved for your appointment' });
  await expect(terms).toContainText('No-show fee: up to £40.00');
  await patient.getByLabel('Full Name').fill('Iris Patient');
  await patient.getByLabel('Email').fill(email);
  await patient.getByLabel('Card number').fill('4000 0000 0000 0341');
  await patient.getByLabel('Expiry (MM/YY)').fill('12/34');
  await patient.getByLabel('CVC').fill('123');
  await patient.getByLabel(/I agree to the policies above/).check();
  await expectAccessible(patient);
  await patient.getByRole('button', { name: 'Save card' }).click();
  // The card is named once the provider's event has recorded it; only then is the appointment secured.
  await expect(patient.getByTestId('saved-card')).toHaveText('Visa ending 0341', { timeout: 30_000 });
  await expect(patient.getByRole('heading', { name: 'Appointment secured' })).toBeVisible();
  await expect(patient.getByRole('region', { name: 'Card saved for your appointment' })).toContainText(
    'No-show fee: up to £40.00',
  );
  await expectAccessible(patient);
  await patientContext.close();

  await page.goto(`/dashboard/patients?search=${encodeURIComponent(email)}`);
  const patientLink = page
    .getByRole('table', { name: 'Patients' })
    .getByRole('link', { name: 'Iris Patient' });
  await page.goto(String(await patientLink.getAttribute('href')));
  const cards = page.getByRole('region', { name: 'Saved cards' });
  await expect(cards).toContainText('Visa ending 0341');
  await expect(cards).toContainText('No-show fee (version 1): up to £40.00');
  // Nothing was paid: the patient has no payments.
  await expect(page.getByRole('region', { name: 'Payments' })).not.toContainText('£120.00');

  await cards.getByRole('button', { name: 'Charge card Visa ending 0341' }).click();
  const dialog = page.getByRole('dialog', { name: 'Charge saved card' });
  await dialog.getByLabel('Amount (£)').fill('40');
  await dialog.getByRole('button', { name: 'Charge £40.00' }).click();
  await expect(dialog.getByText(/^The card was declined: /)).toBeVisible();
  await expectAccessible(page);
});
