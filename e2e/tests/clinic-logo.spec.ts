/**
 * The logo step of the journey (decision 0015): a clinic uploads its logo in Settings → Profile,
 * completes the profile so the banner goes away, and patients see the logo on its public payment page.
 */
import type { Locator } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from '../fixtures/test';

/** True once the browser has actually decoded the image (not just rendered an <img> element). */
const isLoaded = (image: Locator) =>
  image.evaluate(
    (element) => (element as HTMLImageElement).complete && (element as HTMLImageElement).naturalWidth > 0,
  );

test('a logo uploaded in settings completes the profile and shows on the public payment page', async ({
  page,
  clinic: _clinic,
}) => {
  const logo = await sharp({
    create: { width: 900, height: 600, channels: 4, background: { r: 16, g: 120, b: 110, alpha: 1 } },
  })
    .png()
    .toBuffer();

  await page.goto('/dashboard/settings');
  const banner = page.getByText(
    'Add your clinic logo and details to give patients the best payment experience!',
  );
  await expect(banner).toBeVisible();
  await expect(page.getByRole('img', { name: 'Clinic initials' })).toHaveText('MS');

  await page
    .getByLabel('Upload logo')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
  await expect(page.getByText('File uploaded successfully')).toBeVisible();
  const avatar = page.getByRole('img', { name: 'Clinic logo' });
  await expect(avatar).toBeVisible();
  await expect.poll(() => isLoaded(avatar)).toBe(true);
  await expect(banner).toBeVisible();

  await page.getByLabel('Phone').fill('020 7946 0777');
  await page.getByLabel('Address Line 1').fill('21 Marylebone High Street');
  await page.getByLabel('City').fill('London');
  await page.getByLabel('Postcode').fill('W1U 4PF');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile settings saved successfully')).toBeVisible();
  await expect(banner).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('img', { name: 'Clinic logo' })).toBeVisible();
  await expect(banner).toHaveCount(0);

  const created = await page.request.post('/api/payment-links', {
    data: { title: 'Skin consultation', amount: 7500, type: 'consultation' },
  });
  expect(created.status()).toBe(201);
  const { link } = await created.json();

  await page.goto(`/payment/${link.id}`);
  const clinicLogo = page.getByRole('img', { name: 'Marylebone Skin Clinic logo' });
  await expect(clinicLogo).toBeVisible();
  await expect.poll(() => isLoaded(clinicLogo)).toBe(true);
  // The address is in the clinic's card, and in the printable receipt's summary (decision 0024).
  await expect(page.getByText('21 Marylebone High Street').filter({ visible: true }).first()).toBeVisible();
});

test('a file over 2 MB is refused in the browser and nothing changes', async ({ page, clinic: _clinic }) => {
  await page.goto('/dashboard/settings');
  await page
    .getByLabel('Upload logo')
    .setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(2 * 1024 * 1024 + 1) });
  await expect(page.getByRole('alert').filter({ hasText: 'File size exceeds the 2MB limit' })).toBeVisible();
  await expect(page.getByText('Failed to upload logo: File size exceeds the 2MB limit')).toBeVisible();
  expect((await (await page.request.get('/api/clinic')).json()).clinic.logoUrl).toBeNull();

  await page.getByRole('button', { name: 'Delete logo' }).click();
  await expect(page.getByText('No logo to delete')).toBeVisible();
});

test('a logo can be deleted, and the initials come back on the profile and the payment page', async ({
  page,
  clinic: _clinic,
}) => {
  const logo = await sharp({ create: { width: 120, height: 120, channels: 3, background: '#7a1f5c' } })
    .jpeg()
    .toBuffer();
  await page.goto('/dashboard/settings');
  await page
    .getByLabel('Upload logo')
    .setInputFiles({ name: 'logo.jpg', mimeType: 'image/jpeg', buffer: logo });
  await expect(page.getByRole('img', { name: 'Clinic logo' })).toBeVisible();

  await page.getByRole('button', { name: 'Delete logo' }).click();
  await expect(page.getByText('File deleted successfully')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Clinic initials' })).toHaveText('MS');

  const { link } = await (
    await page.request.post('/api/payment-links', { data: { title: 'Deposit', amount: 2000 } })
  ).json();
  await page.goto(`/payment/${link.id}`);
  await expect(page.getByText('Marylebone Skin Clinic').first()).toBeVisible();
  await expect(page.getByRole('img', { name: 'Marylebone Skin Clinic logo' })).toHaveCount(0);
});
