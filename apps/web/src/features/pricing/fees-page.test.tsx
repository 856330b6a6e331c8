import { DISPUTE_FEE, formatPence } from '@clinicpay/shared';
import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithApp, startMockServer } from '@/testing/app';
import { FeesPage } from './fees-page';

startMockServer([
  http.get('/api/platform-settings/fee', () => HttpResponse.json({ platformFeePercent: '3.0' })),
]);

describe('the fees page', () => {
  it('promises nothing the terms take back: a dispute costs its fee, and requests are not "unlimited"', async () => {
    renderWithApp(<FeesPage />, { path: '/fees' });
    expect(await screen.findByRole('heading', { name: 'If a payment is disputed' })).toBeTruthy();
    expect(
      screen.getByText(`charges a dispute fee of ${formatPence(DISPUTE_FEE.pence)}`, { exact: false }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'terms' }).getAttribute('href')).toBe('/terms');
    expect(document.body.textContent).not.toMatch(/unlimited|only when a patient pays/i);
  });
});
