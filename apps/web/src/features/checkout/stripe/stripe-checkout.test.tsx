import type { PublicPaymentData } from '@clinicpay/shared';
import type { Stripe } from '@stripe/stripe-js';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeStripe } from './fake-stripe.test-support';
import { EXPRESS_CHECKOUT_OPTIONS, StripeCheckout } from './stripe-checkout';

afterEach(cleanup);

const page: PublicPaymentData = {
  id: '6f1c1f4e-8f9b-4c39-9d57-0e6d8f3c2a11',
  amount: 4500,
  title: 'New patient deposit',
  type: 'deposit',
  isRequest: false,
  patientName: null,
  patientEmail: null,
  patientPhone: null,
  payability: 'payable',
  clinic: {
    id: 'c1',
    name: 'Marylebone Skin Clinic',
    logo: null,
    email: null,
    phone: null,
    address: null,
    stripeStatus: 'connected',
  },
};

function renderCheckout(stripe: Promise<Stripe | null>) {
  render(
    <MemoryRouter>
      <StripeCheckout page={page} stripe={stripe} />
    </MemoryRouter>,
  );
}

describe('the payment form with Stripe', () => {
  it("says 'Loading payment system...' until Stripe.js has loaded", async () => {
    renderCheckout(new Promise(() => {}));
    expect(screen.getByText('Loading payment system...')).toBeTruthy();
  });

  it.each([
    ['fails to load', () => Promise.reject(new Error('Failed to load Stripe.js'))],
    ['loads nothing', () => Promise.resolve(null)],
  ])('says the payment system could not start when Stripe.js %s', async (_case, load) => {
    renderCheckout(load());
    expect(
      await screen.findByText('Payment system could not be initialized. Please try again later.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay Now' })).toBeNull();
  });

  it('prices the Elements group at the amount due in GBP and hides the postal code', async () => {
    const fake = fakeStripe();
    renderCheckout(Promise.resolve(fake.stripe));
    await screen.findByRole('button', { name: 'Pay Now' });
    expect(fake.groupOptions[0]).toMatchObject({
      mode: 'payment',
      amount: 4500,
      currency: 'gbp',
      paymentMethodCreation: 'manual',
    });
    expect(fake.element('card')?.options).toMatchObject({ hidePostalCode: true });
  });

  it('offers the wallet button as spec §2 asks, and only once the device reports a wallet', async () => {
    const fake = fakeStripe();
    renderCheckout(Promise.resolve(fake.stripe));
    await screen.findByRole('button', { name: 'Pay Now' });
    const wallet = fake.element('expressCheckout');
    expect(wallet?.options).toMatchObject({
      buttonType: { applePay: 'buy', googlePay: 'buy' },
      buttonTheme: { applePay: 'black', googlePay: 'black' },
      buttonHeight: 48,
      emailRequired: true,
      phoneNumberRequired: true,
    });
    expect(EXPRESS_CHECKOUT_OPTIONS.paymentMethods).toMatchObject({ link: 'never', paypal: 'never' });
    const container = screen.getByTestId('wallet-button');
    expect(container.style.visibility).toBe('hidden');
    act(() =>
      wallet?.emit('ready', {
        elementType: 'expressCheckout',
        availablePaymentMethods: { applePay: true, googlePay: false },
      }),
    );
    expect(container.style.visibility).toBe('visible');
    expect(container.hidden).toBe(false);
  });

  it('takes the wallet button out of the form on a device without a wallet', async () => {
    const fake = fakeStripe();
    renderCheckout(Promise.resolve(fake.stripe));
    await screen.findByRole('button', { name: 'Pay Now' });
    act(() =>
      fake
        .element('expressCheckout')
        ?.emit('ready', { elementType: 'expressCheckout', availablePaymentMethods: undefined }),
    );
    expect(screen.getByTestId('wallet-button').hidden).toBe(true);
  });

  it("refuses Pay Now with 'Card information is not complete' until the card Element is complete", async () => {
    const fake = fakeStripe();
    renderCheckout(Promise.resolve(fake.stripe));
    fireEvent.change(await screen.findByLabelText('Full Name'), { target: { value: 'Ada Patient' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@patient.example' } });
    act(() => fake.element('card')?.emit('change', { elementType: 'card', complete: false, empty: false }));
    fireEvent.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByText('Card information is not complete')).toBeTruthy();
    expect(fake.calls.confirmCardPayment).not.toHaveBeenCalled();
  });
});
