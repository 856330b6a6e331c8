import { readFile } from 'node:fs/promises';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { expectAccessible } from '../fixtures/axe';
import { expect, test } from '../fixtures/test';

test.describe('payment links', () => {
  test('a clinic creates a £45.00 deposit link and copies it', async ({ page, context, clinic: _clinic }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/dashboard');
    await page
      .getByRole('navigation', { name: 'Clinic' })
      .getByRole('link', { name: 'Create a Link' })
      .click();
    await expect(page.getByRole('heading', { name: 'Create Payment Link' })).toBeVisible();
    await expect(page.getByText('Generate a secure payment link to send to your patients')).toBeVisible();
    await expect(page.getByLabel('Payment Type')).toHaveValue('deposit');

    await page.getByLabel('Payment Title*').fill('New patient deposit');
    await page.getByLabel('Amount*').fill('45');
    await page.getByLabel('Description').fill('Taken off your first treatment');
    await page.getByRole('button', { name: 'Generate Payment Link' }).click();

    const dialog = page.getByRole('dialog', { name: 'Payment Link Created' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('£45.00')).toBeVisible();
    await expect(dialog.getByText('Taken off your first treatment')).toBeVisible();
    const url = await dialog.getByTestId('created-link-url').textContent();
    expect(url).toMatch(/\/payment\/[0-9a-f-]{36}$/);
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await expect(page.getByText('Payment link copied to clipboard')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await expect(dialog.getByRole('link', { name: 'Send Link' })).toHaveAttribute(
      'href',
      '/dashboard/send-link',
    );

    await dialog.getByRole('button', { name: 'Close' }).click();
    // Focus goes back to the emptied form, ready for the next link, not to the page's main region.
    await expect(page.getByLabel('Payment Title*')).toBeFocused();
    await expect(page.getByLabel('Payment Title*')).toHaveValue('');
  });

  test('a request that gets no answer says so, and creates nothing', async ({
    page,
    clinic: _clinic,
    consoleProblems,
  }) => {
    await page.goto('/dashboard/create-link');
    await page.route('**/api/payment-links', (route) => route.abort('connectionrefused'));
    await page.getByLabel('Payment Title*').fill('Treatment');
    await page.getByLabel('Amount*').fill('80');
    await page.getByRole('button', { name: 'Generate Payment Link' }).click();
    await expect(page.getByText('An error occurred while creating the payment link')).toBeVisible();
    // The browser notes the refused connection; nothing else is logged.
    expect(consoleProblems.take()).toEqual([expect.stringContaining('net::ERR_CONNECTION_REFUSED')]);
    await page.unroute('**/api/payment-links');
    expect((await (await page.request.get('/api/payment-links')).json()).total).toBe(0);
  });

  test('the form applies the create-link rules', async ({ page, clinic: _clinic }) => {
    await page.goto('/dashboard/create-link');
    await page.getByRole('button', { name: 'Generate Payment Link' }).click();
    // The spec's text once, heading the form; each field says what it lacks; focus on the first.
    await expect(page.getByText('Please fill in all required fields')).toHaveCount(1);
    await expect(page.getByText('Enter a payment title')).toBeVisible();
    await expect(page.getByText('Enter the amount in pounds')).toBeVisible();
    await expect(page.getByLabel('Payment Title*')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Amount*')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Payment Title*')).toBeFocused();
    await page.getByLabel('Payment Title*').fill('Treatment');
    await page.getByLabel('Amount*').fill('0');
    await page.getByRole('button', { name: 'Generate Payment Link' }).click();
    await expect(page.getByText('Please enter a valid amount')).toBeVisible();
    await page.getByLabel('Amount*').fill('12.345');
    await page.getByRole('button', { name: 'Generate Payment Link' }).click();
    await expect(page.getByText('Please enter a valid amount')).toBeVisible();
  });
});

test.describe('the Payment Links card', () => {
  async function createLinks(request: import('@playwright/test').APIRequestContext, titles: string[]) {
    for (const title of titles) await request.post('/api/payment-links', { data: { title, amount: 2500 } });
  }

  test('pages three at a time, archives, moves back when a page empties, and unarchives', async ({
    page,
    clinic: _clinic,
  }) => {
    await page.goto('/dashboard');
    await expect(page.getByText('No payment links created yet.')).toBeVisible();
    await createLinks(page.request, ['Link 1', 'Link 2', 'Link 3', 'Link 4']);
    await page.reload();

    const active = page.getByRole('list', { name: 'Active payment links' });
    await expect(active.getByRole('listitem')).toHaveCount(3);
    await expect(active.getByRole('listitem').first()).toContainText('Link 4');
    await expect(active.getByRole('listitem').first()).toContainText('£25.00');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(active.getByRole('listitem')).toHaveCount(1);

    await page.getByRole('button', { name: 'Archive Link 1' }).click();
    await expect(page.getByText('Payment link archived successfully')).toBeVisible();
    await expect(page.getByText('Page 1 of 1')).toHaveCount(0);
    await expect(active.getByRole('listitem')).toHaveCount(3);

    await page.getByRole('button', { name: 'View Archive' }).click();
    await expect(page.getByRole('link', { name: 'Create New' })).toHaveCount(0);
    const archived = page.getByRole('list', { name: 'Archived payment links' });
    await expect(archived.getByRole('listitem')).toHaveCount(1);
    await page.getByRole('button', { name: 'Unarchive Link 1' }).click();
    await expect(page.getByText('Payment link unarchived successfully')).toBeVisible();
    await expect(page.getByText('No archived payment links found.')).toBeVisible();
    await page.getByRole('button', { name: 'View Active' }).click();
    await expect(page.getByRole('link', { name: 'Create New' })).toHaveAttribute(
      'href',
      '/dashboard/create-link',
    );
  });

  test('puts a link back with a message when archiving fails', async ({
    page,
    clinic: _clinic,
    consoleProblems,
  }) => {
    await createLinks(page.request, ['Stays put']);
    await page.route('**/api/payment-links/*', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: '{"code":"SERVICE_UNAVAILABLE","message":"Service unavailable"}',
          })
        : route.continue(),
    );
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Archive Stays put' }).click();
    await expect(page.getByText('Failed to archive link: Service unavailable')).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Active payment links' }).getByText('Stays put'),
    ).toBeVisible();
    // The browser notes the 503 this test answered with; nothing else is logged.
    expect(consoleProblems.take()).toEqual([expect.stringContaining('status of 503')]);
  });

  test('a row opens its details with Copy Link and Open Link', async ({ page, clinic: _clinic }) => {
    await createLinks(page.request, ['Follow-up consultation']);
    await page.goto('/dashboard');
    await page
      .getByRole('button', { name: /Follow-up consultation/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Follow-up consultation' });
    await expect(dialog.getByText('£25.00')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Copy Link' })).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Open Link' })).toHaveAttribute('target', '_blank');
  });

  test("a link's QR code downloads as a PNG that reads back as the link, and prints on a poster", async ({
    page,
    clinic: _clinic,
  }) => {
    await createLinks(page.request, ['Front desk deposit']);
    await page.goto('/dashboard');
    await page
      .getByRole('button', { name: /Front desk deposit/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Front desk deposit' });
    const qr = dialog.getByRole('img', {
      name: 'QR code that opens the payment page for Front desk deposit',
    });
    await expect(qr).toBeVisible();
    await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    const url = (await dialog.locator('dd code').textContent()) ?? '';
    expect(url).toMatch(/\/payment\/[0-9a-f-]{36}$/);

    const downloading = page.waitForEvent('download');
    await dialog.getByRole('link', { name: 'Download PNG' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^clinicpay-link-[0-9a-f-]{36}\.png$/);
    const image = PNG.sync.read(await readFile(await download.path()));
    expect(jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data).toBe(url);

    await dialog.getByRole('link', { name: 'Print poster' }).click();
    const poster = page.getByRole('article', { name: 'Poster' });
    await expect(poster.getByRole('heading', { name: 'Front desk deposit' })).toBeVisible();
    await expect(poster.getByTestId('poster-amount')).toHaveText('£25.00');
    await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
    await expectAccessible(page, 'the poster');
  });
});
