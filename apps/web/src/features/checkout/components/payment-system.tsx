import type { PublicPaymentData } from '@clinicpay/shared';
import { Alert } from '@/components/ui/alert';
import { useProviderConfig } from '@/lib/provider-config';
import { SandboxCheckout } from '../sandbox/sandbox-checkout';
import { stripeFor } from '../stripe/load-stripe';
import { PAYMENT_SYSTEM_FAILED, PAYMENT_SYSTEM_LOADING, StripeCheckout } from '../stripe/stripe-checkout';
import { FormSkeleton } from './skeletons';

/**
 * The payment form of whichever card provider the server runs (spec §7 get-stripe-public-key): Stripe
 * Elements, or the offline sandbox. Spec §2: 'Loading payment system...' until it is known, and
 * 'Payment system could not be initialized. Please try again later.' when it cannot start.
 */
export function PaymentSystem({ page }: { page: PublicPaymentData }) {
  const config = useProviderConfig();
  if (config.isPending) return <FormSkeleton label={PAYMENT_SYSTEM_LOADING} />;
  if (config.isError) return <Alert tone="error">{PAYMENT_SYSTEM_FAILED}</Alert>;
  if (config.data.provider === 'sandbox') return <SandboxCheckout page={page} />;
  if (!config.data.publishableKey) return <Alert tone="error">{PAYMENT_SYSTEM_FAILED}</Alert>;
  return <StripeCheckout page={page} stripe={stripeFor(config.data.publishableKey)} />;
}
