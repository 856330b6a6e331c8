import { CHECKOUT_MESSAGES, type PublicPaymentData } from '@clinicpay/shared';
import { lazy, Suspense } from 'react';
import { Alert } from '@/components/ui/alert';
import { useProviderConfig } from '@/lib/provider-config';
import { stripeFor } from '../stripe/load-stripe';
import { FormSkeleton } from './skeletons';

export const PAYMENT_SYSTEM_LOADING = CHECKOUT_MESSAGES.paymentSystemLoading;
export const PAYMENT_SYSTEM_FAILED = CHECKOUT_MESSAGES.paymentSystemFailed;

/**
 * Each provider's form is a chunk of its own, downloaded once the server has said which it runs: a
 * patient paying through Stripe never downloads the sandbox's card field, and the sandbox never
 * downloads @stripe/react-stripe-js (decision 0113).
 */
const StripeCheckout = lazy(async () => ({
  default: (await import('../stripe/stripe-checkout')).StripeCheckout,
}));
const SandboxCheckout = lazy(async () => ({
  default: (await import('../sandbox/sandbox-checkout')).SandboxCheckout,
}));

/**
 * The payment form of whichever card provider the server runs (get-stripe-public-key,
 * docs/product.md#server-calls): Stripe Elements, or the offline sandbox. The payment page
 * (docs/product.md#payment-page) shows 'Loading payment system...' until it is known and its code is in, and
 * 'Payment system could not be initialized. Please try again later.' when it cannot start.
 */
export function PaymentSystem({ page }: { page: PublicPaymentData }) {
  const config = useProviderConfig();
  if (config.isPending) return <FormSkeleton label={PAYMENT_SYSTEM_LOADING} />;
  if (config.isError) return <Alert tone="error">{PAYMENT_SYSTEM_FAILED}</Alert>;
  if (config.data.provider !== 'sandbox' && !config.data.publishableKey) {
    return <Alert tone="error">{PAYMENT_SYSTEM_FAILED}</Alert>;
  }
  return (
    <Suspense fallback={<FormSkeleton label={PAYMENT_SYSTEM_LOADING} />}>
      {config.data.provider === 'sandbox' ? (
        <SandboxCheckout page={page} />
      ) : (
        <StripeCheckout page={page} stripe={stripeFor(config.data.publishableKey ?? '')} />
      )}
    </Suspense>
  );
}
