import { DISPUTE_FEE, formatPence } from '@clinicpay/shared';
import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithApp, startMockServer } from '@/testing/app';
import { TermsPage } from './terms-page';

startMockServer([
  http.get('/api/platform-settings/fee', () => HttpResponse.json({ platformFeePercent: '3.0' })),
]);

describe('the terms', () => {
  it('say how a dispute is taken from the clinic, with the dispute fee as the card provider charges it', async () => {
    renderWithApp(<TermsPage />, { path: '/terms' });
    expect(await screen.findByRole('heading', { name: '4. Disputes (chargebacks)' })).toBeTruthy();
    expect(
      screen.getByText(
        `Stripe takes the disputed amount and its dispute fee (currently ${formatPence(DISPUTE_FEE.pence)}) from ClinicPay`,
        { exact: false },
      ),
    ).toBeTruthy();
    expect(screen.getByText(/by reversing your clinic's transfer for that payment/)).toBeTruthy();
    expect(screen.getByText(/before the deadline shown/)).toBeTruthy();
  });
});
