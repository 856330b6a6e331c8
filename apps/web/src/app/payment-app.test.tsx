import { render, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { startMockServer } from '@/testing/app';
import { PaymentApp } from './payment-app';

const LINK_ID = '6f1c1f4e-8f9b-4c39-9d57-0e6d8f3c2a11';
startMockServer(
  [
    http.get('/api/public/payments/:id', () =>
      HttpResponse.json(
        { code: 'PAYMENT_PAGE_NOT_FOUND', message: 'Payment link not found' },
        { status: 404 },
      ),
    ),
    http.get('/api/payment-provider/config', () =>
      HttpResponse.json({ provider: 'sandbox', publishableKey: null }),
    ),
  ],
  () => {
    vi.restoreAllMocks();
  },
);

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <PaymentApp />
    </MemoryRouter>,
  );

// payment.html's app (decision 0114): the three payment pages without the rest of the site.
describe('the payment pages app', () => {
  it('shows each payment page in the payment layout, with the skip link', async () => {
    renderAt('/payment/failed');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Failed' })).toBeTruthy();
    expect(screen.getByRole('main').id).toBe('main');
    expect(screen.getByRole('link', { name: 'Skip to main content' }).getAttribute('href')).toBe('#main');
  });

  it("shows the server's message for an unknown payment id", async () => {
    renderAt(`/payment/${LINK_ID}`);
    expect(await screen.findByText('Payment link not found')).toBeTruthy();
  });

  it('hands any other address to the full site, by loading it', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    renderAt('/about?x=1#team');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/about?x=1#team'));
  });
});
