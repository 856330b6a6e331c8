import type { PublicPaymentData } from '@clinicpay/shared';
import type { Stripe } from '@stripe/stripe-js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aPaymentPage } from '@/testing/payment-page-data';
import { fakeStripe } from './fake-stripe.test-support';
import { StripeCheckout } from './stripe-checkout';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const page: PublicPaymentData = aPaymentPage({
  clinic: { ...aPaymentPage().clinic, email: null, phone: null, address: null },
});

/** The payment pages always run under a query cache (app/payment-app.tsx). */
const withQueries = (children: ReactNode) => (
  <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
);

function renderCheckout(stripe: Promise<Stripe | null>) {
  render(
    withQueries(
      <MemoryRouter>
        <StripeCheckout page={page} stripe={stripe} />
      </MemoryRouter>,
    ),
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
    expect(screen.queryByRole('button', { name: 'Pay £45.00' })).toBeNull();
  });

  it('prices the Elements group at the amount due in GBP and hides the postal code', async () => {
    const fake = fakeStripe();
    renderCheckout(Promise.resolve(fake.stripe));
    await screen.findByRole('button', { name: 'Pay £45.00' });
    expect(fake.groupOptions[0]).toMatchObject({
      mode: 'payment',
      amount: 4500,
      currency: 'gbp',
      paymentMethodCreation: 'manual',
    });
    expect(fake.element('card')?.options).toMatchObject({ hidePostalCode: true });
  });

  it('offers the wallet button (docs/product.md#payment-page) only once a wallet is reported', async () => {
    const fake = fakeStripe();
    renderCheckout(Promise.resolve(fake.stripe));
    await screen.findByRole('button', { name: 'Pay £45.00' });
    const wallet = await fake.mounted('expressCheckout', 'ready');
    expect(wallet.options).toMatchObject({
      buttonType: { applePay: 'buy', googlePay: 'buy' },
      buttonTheme: { applePay: 'black', googlePay: 'black' },
      buttonHeight: 48,
      emailRequired: true,
      phoneNumberRequired: true,
      // Only the wallets: Stripe's Link and PayPal buttons are not offered.
      paymentMethods: { link: 'never', paypal: 'never' },
    });
    const container = screen.getByTestId('wallet-button');
    expect(container.style.visibility).toBe('hidden');
    act(() =>
      wallet.emit('ready', {
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
    await screen.findByRole('button', { name: 'Pay £45.00' });
    const wallet = await fake.mounted('expressCheckout', 'ready');
    act(() => wallet.emit('ready', { elementType: 'expressCheckout', availablePaymentMethods: undefined }));
    expect(screen.getByTestId('wallet-button').hidden).toBe(true);
  });

  it("refuses Pay with 'Card information is not complete' until the card Element is complete", async () => {
    const fake = fakeStripe();
    renderCheckout(Promise.resolve(fake.stripe));
    fireEvent.input(await screen.findByLabelText('Full Name'), { target: { value: 'Ada Patient' } });
    fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'ada@patient.example' } });
    const card = await fake.mounted('card', 'change');
    act(() => card.emit('change', { elementType: 'card', complete: false, empty: false }));
    fireEvent.click(screen.getByRole('button', { name: 'Pay £45.00' }));
    expect(await screen.findByText('Card information is not complete')).toBeTruthy();
    expect(fake.element('card')?.focus).toHaveBeenCalled();
    expect(fake.calls.confirmCardPayment).not.toHaveBeenCalled();
  });

  it("shows Elements' own message for an invalid number at the field, and only that one", async () => {
    const fake = fakeStripe();
    renderCheckout(Promise.resolve(fake.stripe));
    fireEvent.input(await screen.findByLabelText('Full Name'), { target: { value: 'Ada Patient' } });
    fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'ada@patient.example' } });
    const card = await fake.mounted('card', 'change');
    act(() =>
      card.emit('change', {
        elementType: 'card',
        complete: false,
        empty: false,
        error: { type: 'validation_error', code: 'invalid_number', message: 'Your card number is invalid.' },
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Pay £45.00' }));
    expect(await screen.findByText('Your card number is invalid.')).toBeTruthy();
    expect(screen.queryByText('Card information is not complete')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fake.element('card')?.focus).toHaveBeenCalled();
    expect(fake.calls.confirmCardPayment).not.toHaveBeenCalled();
  });

  describe('paying with the wallet', () => {
    /** The payment page at /payment/{id}, with the success and failed pages to land on. */
    function renderPaymentPage(stripe: Stripe) {
      const router = createMemoryRouter(
        [
          { path: '/payment/:id', element: <StripeCheckout page={page} stripe={Promise.resolve(stripe)} /> },
          { path: '/payment/success', element: <p>success page</p> },
          { path: '/payment/failed', element: <p>failed page</p> },
        ],
        { initialEntries: [`/payment/${page.id}`] },
      );
      render(withQueries(<RouterProvider router={router} />));
      return router;
    }
    /** Answers the payment-intent request as the server would, and keeps what the browser sent. */
    function serveIntent() {
      const sent: unknown[] = [];
      vi.stubGlobal(
        'fetch',
        vi.fn(async (_url: string, init: RequestInit) => {
          sent.push(JSON.parse(String(init.body)));
          return new Response(
            JSON.stringify({ paymentIntentId: 'pi_1', clientSecret: 'pi_1_secret_x', amount: 4500 }),
            {
              status: 200,
              headers: { 'content-type': 'application/json' },
            },
          );
        }),
      );
      return sent;
    }
    const confirmEvent = (paymentFailed = vi.fn()) => ({
      elementType: 'expressCheckout',
      expressPaymentType: 'apple_pay',
      billingDetails: { name: '', email: 'wren@patient.example', phone: '07700900123' },
      paymentFailed,
    });

    it("pays with the wallet's payment method, taking a detail the wallet left out from the form", async () => {
      const fake = fakeStripe();
      const sent = serveIntent();
      const router = renderPaymentPage(fake.stripe);
      fireEvent.input(await screen.findByLabelText('Full Name'), { target: { value: 'Wren Patient' } });
      const wallet = await fake.mounted('expressCheckout', 'confirm');
      act(() => wallet.emit('confirm', confirmEvent()));
      expect(await screen.findByText('success page')).toBeTruthy();
      expect(router.state.location.search).toBe(`?link_id=${page.id}&payment_id=pi_1`);
      expect(sent[0]).toMatchObject({
        name: 'Wren Patient',
        email: 'wren@patient.example',
        phone: '07700900123',
      });
      expect(fake.elements.submit).toHaveBeenCalledOnce();
      expect(fake.calls.confirmCardPayment).toHaveBeenCalledWith(
        'pi_1_secret_x',
        { payment_method: 'pm_wallet_1' },
        { handleActions: false },
      );
    });

    it('tells the wallet sheet of a decline, and the form says it, staying on the page', async () => {
      const fake = fakeStripe();
      fake.calls.confirmCardPayment.mockResolvedValueOnce({
        error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
      } as never);
      serveIntent();
      const router = renderPaymentPage(fake.stripe);
      fireEvent.input(await screen.findByLabelText('Full Name'), { target: { value: 'Wren Patient' } });
      const paymentFailed = vi.fn();
      const wallet = await fake.mounted('expressCheckout', 'confirm');
      act(() => wallet.emit('confirm', confirmEvent(paymentFailed)));
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toBe(
        'Apple Pay payment failed: Your card was declined. Nothing was taken. Check your card details and try again, or use another card.',
      );
      expect(paymentFailed).toHaveBeenCalledExactlyOnceWith({ message: 'Your card was declined.' });
      expect(router.state.location.pathname).toBe(`/payment/${page.id}`);
      expect(screen.queryByText('failed page')).toBeNull();
    });
  });

  it('says a failed or cancelled 3-D Secure in our words, on the form, with focus on the message', async () => {
    const fake = fakeStripe();
    // Stripe.js's answer once its challenge modal fails or is closed.
    fake.calls.confirmCardPayment.mockResolvedValueOnce({
      error: {
        type: 'invalid_request_error',
        code: 'payment_intent_authentication_failure',
        message:
          'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
      },
    } as never);
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({ paymentIntentId: 'pi_1', clientSecret: 'pi_1_secret_x', amount: 4500 }),
            {
              headers: { 'content-type': 'application/json' },
            },
          ),
      ),
    );
    renderCheckout(Promise.resolve(fake.stripe));
    fireEvent.input(await screen.findByLabelText('Full Name'), { target: { value: 'Ada Patient' } });
    fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'ada@patient.example' } });
    const card = await fake.mounted('card', 'change');
    act(() => card.emit('change', { elementType: 'card', complete: true, empty: false }));
    fireEvent.click(screen.getByRole('button', { name: 'Pay £45.00' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      "We couldn't confirm it was you. Your bank's check was not completed, so nothing was taken. Try again, or use another card.",
    );
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect((screen.getByLabelText('Full Name') as HTMLInputElement).value).toBe('Ada Patient');
    expect((screen.getByRole('button', { name: 'Pay £45.00' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
