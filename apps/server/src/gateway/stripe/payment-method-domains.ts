/**
 * Registers the payment page's domain with Stripe so the Payment Element and the Express Checkout
 * Element can show Apple Pay, Google Pay and Link there (docs.stripe.com/payments/payment-methods/pmd-registration,
 * docs.stripe.com/api/payment_method_domains/create). `npm run stripe:register-domain` calls it once
 * per domain when going live (docs/going-live.md).
 */
import type Stripe from 'stripe';
import { callStripe, createStripeClient, type StripeApiLocation } from './client.js';

/** One wallet's state on the domain: 'active', or 'inactive' with Stripe's reason when it gives one. */
export interface PaymentMethodDomainStatus {
  status: string;
  /** status_details.error_message: why the payment method is inactive on the domain. */
  errorMessage: string | null;
}

export interface RegisteredPaymentMethodDomain {
  /** Stripe's id, 'pmd_…'. */
  id: string;
  domainName: string;
  /** Whether payment methods that need a registered domain may appear on it at all. */
  enabled: boolean;
  /** Whether the domain was registered in live mode (it is then registered in test mode too). */
  livemode: boolean;
  applePay: PaymentMethodDomainStatus;
  googlePay: PaymentMethodDomainStatus;
  link: PaymentMethodDomainStatus;
}

function statusOf(method: {
  status: string;
  status_details?: { error_message: string } | null;
}): PaymentMethodDomainStatus {
  return { status: method.status, errorMessage: method.status_details?.error_message ?? null };
}

function toRegisteredDomain(domain: Stripe.PaymentMethodDomain): RegisteredPaymentMethodDomain {
  return {
    id: domain.id,
    domainName: domain.domain_name,
    enabled: domain.enabled,
    livemode: domain.livemode,
    applePay: statusOf(domain.apple_pay),
    googlePay: statusOf(domain.google_pay),
    link: statusOf(domain.link),
  };
}

/**
 * Creates the payment method domain, enabled. Throws GatewayError with Stripe's message when Stripe
 * refuses (a bad key, a malformed domain) or cannot be reached.
 */
export async function registerPaymentMethodDomain(input: {
  secretKey: string;
  domainName: string;
  /** Where the Stripe API is; set only to point the SDK at a local stand-in. */
  api?: StripeApiLocation;
}): Promise<RegisteredPaymentMethodDomain> {
  const stripe = createStripeClient(input.secretKey, input.api);
  return callStripe(async () =>
    toRegisteredDomain(
      await stripe.paymentMethodDomains.create({ domain_name: input.domainName, enabled: true }),
    ),
  );
}
