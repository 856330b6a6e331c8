import { CHECKOUT_MESSAGES, type PublicPaymentData } from '@clinicpay/shared';
import { lazy, Suspense } from 'react';
import { Alert } from '@/components/ui/alert';
import { useProviderConfig } from '@/lib/provider-config';
import { stripeFor } from '../stripe/load-stripe';
import { FormSkeleton } from './skeletons';

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
  if (config.isPending) return <FormSkeleton label={CHECKOUT_MESSAGES.paymentSystemLoading} />;
  if (config.isError) return <Alert tone="error">{CHECKOUT_MESSAGES.paymentSystemFailed}</Alert>;
  if (config.data.provider !== 'sandbox' && !config.data.publishableKey) {
    return <Alert tone="error">{CHECKOUT_MESSAGES.paymentSystemFailed}</Alert>;
  }
  return (
    <Suspense fallback={<FormSkeleton label={CHECKOUT_MESSAGES.paymentSystemLoading} />}>
      {config.data.provider === 'sandbox' ? (
        <SandboxCheckout page={page} />
      ) : (
        <StripeCheckout page={page} stripe={stripeFor(config.data.publishableKey ?? '')} />
      )}
    </Suspense>
  );
}
