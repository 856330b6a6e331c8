import { CHARGE_CONFIRMATION_MESSAGES, type ChargeConfirmation } from '@clinicpay/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithApp, startMockServer } from '@/testing/app';
import { ConfirmChargePage } from './confirm-charge-page';

const aCharge = (overrides: Partial<ChargeConfirmation> = {}): ChargeConfirmation => ({
  clinicName: 'Marylebone Skin Clinic',
  title: 'No-show fee',
  amount: 4000,
  cardBrand: 'Visa',
  cardLast4: '3184',
  status: 'requires_authentication',
  paymentIntentId: 'pi_sbx_1',
  clientSecret: 'pi_sbx_1_secret',
  paymentMethodId: 'pm_sbx_1',
  ...overrides,
});

let charge: ChargeConfirmation | null = aCharge();
let confirmations: unknown[] = [];
let tokensAsked: (string | null)[] = [];
const server = startMockServer(
  [
    http.get('/api/public/card-charges/:id', ({ request }) => {
      tokensAsked.push(new URL(request.url).searchParams.get('token'));
      return charge
        ? HttpResponse.json(charge)
        : HttpResponse.json({ code: 'PAYMENT_PAGE_NOT_FOUND', message: 'x' }, { status: 404 });
    }),
    http.get('/api/payment-provider/config', () =>
      HttpResponse.json({ provider: 'sandbox', publishableKey: null }),
    ),
    http.post('/api/sandbox/payment-intents/:id/confirm-saved-card', async ({ request }) => {
      confirmations.push(await request.json());
      return HttpResponse.json({ paymentIntent: { id: 'pi_sbx_1', status: 'succeeded' } });
    }),
  ],
  () => {
    charge = aCharge();
    confirmations = [];
    tokensAsked = [];
  },
);

const renderAt = (path: string) => {
  renderWithApp([{ path: '/payment/confirm-charge/:chargeId', element: <ConfirmChargePage /> }], { path });
  return userEvent.setup();
};

describe('confirming a charge the bank holds (decision 0093)', () => {
  it('names the clinic, fee, amount and card, and confirms with the saved card', async () => {
    const user = renderAt('/payment/confirm-charge/charge-1?token=secret-token');
    expect(await screen.findByText(/has charged/)).toBeTruthy();
    expect(document.body.textContent).toContain('Marylebone Skin Clinic has charged £40.00 (No-show fee)');
    expect(document.body.textContent).toContain('Visa card ending 3184');
    expect(tokensAsked).toEqual(['secret-token']);
    await user.click(await screen.findByRole('button', { name: 'Confirm £40.00' }));
    expect(await screen.findByText(CHARGE_CONFIRMATION_MESSAGES.confirmed)).toBeTruthy();
    expect(confirmations).toEqual([
      { clientSecret: 'pi_sbx_1_secret', paymentMethodId: 'pm_sbx_1', returnUrl: expect.any(String) },
    ]);
    expect(screen.queryByRole('button', { name: 'Confirm £40.00' })).toBeNull();
  });

  it('says a paid charge is confirmed, offering nothing to press', async () => {
    charge = aCharge({
      status: 'succeeded',
      clientSecret: null,
      paymentIntentId: null,
      paymentMethodId: null,
    });
    renderAt('/payment/confirm-charge/charge-1?token=t');
    expect(await screen.findByText(CHARGE_CONFIRMATION_MESSAGES.confirmed)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says a charge the bank confirmed in the page but the provider is still processing is being processed', async () => {
    server.use(
      http.post('/api/sandbox/payment-intents/:id/confirm-saved-card', () =>
        HttpResponse.json({ paymentIntent: { id: 'pi_sbx_1', status: 'processing' } }),
      ),
    );
    const user = renderAt('/payment/confirm-charge/charge-1?token=t');
    await user.click(await screen.findByRole('button', { name: 'Confirm £40.00' }));
    expect(await screen.findByText(CHARGE_CONFIRMATION_MESSAGES.processing)).toBeTruthy();
    expect(screen.queryByText(CHARGE_CONFIRMATION_MESSAGES.failed)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Confirm £40.00' })).toBeNull();
  });

  it('says a charge the card provider is still processing is being processed, not confirmed', async () => {
    charge = aCharge({
      status: 'processing',
      clientSecret: null,
      paymentIntentId: null,
      paymentMethodId: null,
    });
    renderAt('/payment/confirm-charge/charge-1?token=t');
    expect(await screen.findByText(CHARGE_CONFIRMATION_MESSAGES.processing)).toBeTruthy();
    expect(screen.queryByText(CHARGE_CONFIRMATION_MESSAGES.confirmed)).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says when the bank did not confirm on the way back, and offers to try again', async () => {
    renderAt('/payment/confirm-charge/charge-1?token=t&redirect_status=failed');
    expect(await screen.findByText(CHARGE_CONFIRMATION_MESSAGES.authenticationFailed)).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Confirm £40.00' })).toBeTruthy());
  });

  it('says a link with a wrong token is not valid', async () => {
    charge = null;
    renderAt('/payment/confirm-charge/charge-1?token=wrong');
    expect(await screen.findByText(CHARGE_CONFIRMATION_MESSAGES.notValid)).toBeTruthy();
  });
});
