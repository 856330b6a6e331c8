import type { StripeCardElement, StripeElements } from '@stripe/stripe-js';
import { describe, expect, it } from 'vitest';
import { fakeStripe } from './fake-stripe.test-support';
import { confirmStripeCard, confirmStripeWallet, createWalletPaymentMethod } from './stripe-confirm';

const intent = { paymentIntentId: 'pi_1', clientSecret: 'pi_1_secret_x' };
const billing = { name: 'Ada Patient', email: 'ada@patient.example', phone: null };
const card = { type: 'card' } as unknown as StripeCardElement;

describe('confirming a card with Stripe.js', () => {
  it('sends the card Element with the billing details and succeeds on a succeeded intent', async () => {
    const fake = fakeStripe();
    await expect(confirmStripeCard(fake.stripe, card, intent, billing)).resolves.toEqual({
      status: 'succeeded',
    });
    expect(fake.calls.confirmCardPayment).toHaveBeenCalledWith('pi_1_secret_x', {
      payment_method: {
        card,
        billing_details: { name: 'Ada Patient', email: 'ada@patient.example', phone: undefined },
      },
    });
  });

  it("fails with the provider's message and code for a declined card", async () => {
    const fake = fakeStripe();
    fake.calls.confirmCardPayment.mockResolvedValueOnce({
      error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    } as never);
    await expect(confirmStripeCard(fake.stripe, card, intent, billing)).resolves.toEqual({
      status: 'failed',
      message: 'Your card was declined.',
      code: 'card_declined',
    });
  });

  it("succeeds when a request's intent was already paid from another tab", async () => {
    const fake = fakeStripe();
    fake.calls.confirmCardPayment.mockResolvedValueOnce({
      error: {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: 'You cannot confirm this PaymentIntent because it has already succeeded.',
        payment_intent: { id: 'pi_1', status: 'succeeded' },
      },
    } as never);
    await expect(confirmStripeCard(fake.stripe, card, intent, billing)).resolves.toEqual({
      status: 'succeeded',
    });
  });

  it.each(['requires_payment_method', 'requires_action', 'canceled', 'processing'])(
    'treats a %s intent as a failure (docs/product.md#payment-flow)',
    async (status) => {
      const fake = fakeStripe();
      fake.calls.confirmCardPayment.mockResolvedValueOnce({ paymentIntent: { id: 'pi_1', status } } as never);
      await expect(confirmStripeCard(fake.stripe, card, intent, billing)).resolves.toEqual({
        status: 'failed',
        intentStatus: status,
      });
    },
  );

  it("says 'No payment intent returned' when Stripe.js answers with neither", async () => {
    const fake = fakeStripe();
    fake.calls.confirmCardPayment.mockResolvedValueOnce({} as never);
    await expect(confirmStripeCard(fake.stripe, card, intent, billing)).resolves.toEqual({
      status: 'failed',
      message: 'No payment intent returned',
    });
  });
});

describe('paying with a device wallet through Stripe.js', () => {
  it('submits the wallet sheet and makes a payment method from it', async () => {
    const fake = fakeStripe();
    const elements = fake.elements as unknown as StripeElements;
    await expect(createWalletPaymentMethod(fake.stripe, elements)).resolves.toEqual({
      paymentMethodId: 'pm_wallet_1',
    });
    expect(fake.elements.submit).toHaveBeenCalledOnce();
    expect(fake.calls.createPaymentMethod).toHaveBeenCalledWith({ elements });
  });

  it('stops with the message when the wallet sheet does not validate', async () => {
    const fake = fakeStripe();
    fake.elements.submit.mockResolvedValueOnce({
      error: { message: 'Your phone number is incomplete.' },
    } as never);
    await expect(
      createWalletPaymentMethod(fake.stripe, fake.elements as unknown as StripeElements),
    ).resolves.toEqual({ message: 'Your phone number is incomplete.' });
    expect(fake.calls.createPaymentMethod).not.toHaveBeenCalled();
  });

  it('confirms with the payment method id, leaving next actions for a second confirmation', async () => {
    const fake = fakeStripe();
    await expect(confirmStripeWallet(fake.stripe, intent, 'pm_wallet_1')).resolves.toEqual({
      status: 'succeeded',
    });
    expect(fake.calls.confirmCardPayment).toHaveBeenCalledExactlyOnceWith(
      'pi_1_secret_x',
      { payment_method: 'pm_wallet_1' },
      { handleActions: false },
    );
  });

  it('runs 3-D Secure with a second confirmation when the wallet card needs it', async () => {
    const fake = fakeStripe();
    fake.calls.confirmCardPayment.mockResolvedValueOnce({
      paymentIntent: { id: 'pi_1', status: 'requires_action' },
    } as never);
    await expect(confirmStripeWallet(fake.stripe, intent, 'pm_wallet_1')).resolves.toEqual({
      status: 'succeeded',
    });
    expect(fake.calls.confirmCardPayment).toHaveBeenLastCalledWith('pi_1_secret_x');
  });
});
