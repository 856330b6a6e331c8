/**
 * The QR code poster: the clinic, what is paid for, the amount and the QR code of a link's or a
 * request's own endpoint; a warning when patients could not pay; Print opens the print dialog.
 */
import type { PublicPaymentData } from '@clinicpay/shared';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, startMockServer } from '@/testing/app';
import { aPaymentPage, PAYMENT_PAGE_ID } from '@/testing/payment-page-data';
import { PosterPage } from './poster-page';

const PAGE_ID = PAYMENT_PAGE_ID;
const aPage = (overrides: Partial<PublicPaymentData> = {}) =>
  aPaymentPage({ clinic: { ...aPaymentPage().clinic, logo: '/api/public/clinics/c1/logo' }, ...overrides });

let page = aPage();
startMockServer([http.get('/api/public/payments/:id', () => HttpResponse.json(page))], () => {
  page = aPage();
});
afterEach(() => vi.restoreAllMocks());

function renderPoster() {
  renderWithApp([{ path: '/dashboard/posters/:pageId', element: <PosterPage /> }], {
    path: `/dashboard/posters/${PAGE_ID}`,
  });
  return userEvent.setup();
}

describe('the QR code poster', () => {
  it("shows a link's clinic, title, amount and QR code, and prints", async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const user = renderPoster();
    const poster = await screen.findByRole('article', { name: 'Poster' });
    expect(poster.textContent).toContain('Marylebone Skin Clinic');
    expect(screen.getByRole('heading', { level: 2, name: 'New patient deposit' })).toBeTruthy();
    expect(screen.getByTestId('poster-amount').textContent).toBe('£45.00');
    const qr = screen.getByRole('img', {
      name: 'QR code that opens the payment page for New patient deposit',
    });
    expect(qr.getAttribute('src')).toBe(`/api/payment-links/${PAGE_ID}/qr-code?format=svg`);
    expect(poster.textContent).toContain(`/payment/${PAGE_ID}`);
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it("uses a request's own QR code, and warns when patients could not pay", async () => {
    page = aPage({ isRequest: true, payability: 'paid', title: 'Custom Payment Request' });
    renderPoster();
    const qr = await screen.findByRole('img', { name: /^QR code that opens/ });
    expect(qr.getAttribute('src')).toBe(`/api/payment-requests/${PAGE_ID}/qr-code?format=svg`);
    expect(screen.getByText(/This request has been paid/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe(
      '/dashboard/payment-history',
    );
  });

  it('warns when a link or request can no longer be paid (docs/decisions/0105-request-and-link-lifetimes.md)', async () => {
    for (const [payability, warning] of [
      ['cancelled', /This request was cancelled/],
      ['expired', /past its last day to pay/],
      ['used_up', /has taken its most payments/],
    ] as const) {
      page = aPage({ payability });
      renderPoster();
      expect(await screen.findByText(warning)).toBeTruthy();
      cleanup();
    }
  });
});
