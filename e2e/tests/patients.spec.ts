/**
 * Patients in a real browser on the sandbox (docs/decisions/0089-patients.md): a request and the
 * payment made from it file under one patient; the clinic finds the patient from the sidebar by
 * searching, and their page shows the payment and the request; both pages pass axe.
 */
import { uniqueEmail } from '../fixtures/accounts';
import { expectAccessible } from '../fixtures/axe';
import { connectedClinicWithLink, patientPaysByApi } from '../fixtures/payments';
import { expect, test } from '../fixtures/test';

test('a clinic finds a patient by searching and sees their payment and request', async ({ page }) => {
  const clinic = await connectedClinicWithLink(page.request, { title: 'Consultation', amount: 4500 });
  const grace = { name: 'Grace Hopper', email: uniqueEmail('grace') };
  const sent = await page.request.post('/api/payment-requests', {
    data: { patientName: grace.name, patientEmail: grace.email, paymentLinkId: clinic.linkId },
  });
  expect(sent.ok()).toBe(true);
  const { id: requestId } = await sent.json();
  await patientPaysByApi(page.request, page.request, requestId, grace);
  await patientPaysByApi(page.request, page.request, clinic.linkId, {
    name: 'Alan Turing',
    email: uniqueEmail('alan'),
  });

  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Clinic' }).getByRole('link', { name: 'Patients' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Patients' })).toBeVisible();
  const rows = page.getByRole('table', { name: 'Patients' }).getByRole('row');
  await expect(rows.filter({ hasText: 'Alan Turing' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('searchbox', { name: 'Search patients by name, email or phone' }).fill('grace');
  await expect(rows.filter({ hasText: 'Alan Turing' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard\/patients\?search=grace$/);
  const row = rows.filter({ hasText: 'Grace Hopper' });
  await expect(row).toContainText('£45.00');
  await row.getByRole('link', { name: 'Grace Hopper' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Details' })).toContainText(grace.email);
  const payments = page.getByRole('region', { name: 'Payments' });
  await expect(payments.getByRole('row').filter({ hasText: /CP-/ })).toContainText('£45.00');
  await expect(payments.getByRole('row').filter({ hasText: /CP-/ })).toContainText('Paid');
  const requests = page.getByRole('region', { name: 'Payment requests' });
  await expect(requests.getByRole('row').filter({ hasText: 'Consultation' })).toContainText(/Paid \d/);
  await expectAccessible(page);

  await page.getByRole('link', { name: 'All patients' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Patients' })).toBeVisible();
});
