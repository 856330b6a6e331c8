/**
 * Stripe.js, loaded from js.stripe.com only when the Stripe gateway is on and a payment page needs it
 * (the `pure` entry does not load it on import). One load per publishable key.
 */
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';

let loaded: { publishableKey: string; stripe: Promise<Stripe | null> } | null = null;

/** Resolves to Stripe.js; rejects (or resolves null) when it cannot load, e.g. offline or blocked. */
export function stripeFor(publishableKey: string): Promise<Stripe | null> {
  if (loaded?.publishableKey !== publishableKey) {
    loaded = { publishableKey, stripe: loadStripe(publishableKey) };
  }
  return loaded.stripe;
}
