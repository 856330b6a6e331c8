/**
 * The one way ClinicPay makes a Stripe SDK client: the API version pinned (PROVIDER_API_VERSION, sent as
 * the Stripe-Version header on every request: docs.stripe.com/api/versioning), no telemetry, two
 * network retries. The gateway and the payment method domain registration both use it, so every
 * request ClinicPay sends to Stripe is rendered in the same API version.
 */
import Stripe from 'stripe';
import { GatewayError, PROVIDER_API_VERSION } from '../gateway.js';

/** Where the Stripe API is; set only to point the SDK at a local stand-in (tests, the CLI's --api-base). */
export interface StripeApiLocation {
  host: string;
  port: number;
  protocol: 'http' | 'https';
}

export function createStripeClient(secretKey: string, api?: StripeApiLocation): Stripe {
  return new Stripe(secretKey, {
    // PROVIDER_API_VERSION is the version stripe-node 23 is generated for (its ApiVersion), the only
    // value its typing accepts here.
    apiVersion: PROVIDER_API_VERSION,
    telemetry: false,
    maxNetworkRetries: 2,
    ...(api ?? {}),
  });
}

/** Whether a secret or restricted key moves real money (docs.stripe.com/keys: sk_live_, rk_live_). */
export function isLiveKey(secretKey: string): boolean {
  return secretKey.startsWith('sk_live_') || secretKey.startsWith('rk_live_');
}

/** Turns the SDK's errors into GatewayError with Stripe's user-safe message and code. */
export async function callStripe<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) throw new GatewayError(error.message, error.code);
    throw error;
  }
}
