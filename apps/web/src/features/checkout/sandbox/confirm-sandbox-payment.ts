/**
 * The sandbox's stand-in for Stripe.js's confirmCardPayment: POST /api/sandbox/payment-intents/:id/confirm
 * with the client secret and a test card. A card that needs authentication answers with the sandbox's
 * 3-D Secure page, which returns to `returnUrl` as Stripe does.
 */
import { type SandboxConfirmBody, sandboxConfirmResultSchema } from '@clinicpay/shared';
import { apiRequest } from '@/lib/api-client';
import type { ConfirmOutcome, IntentForConfirmation } from '../lib/use-checkout';
import type { SandboxCard } from './sandbox-card-field';

export async function confirmSandboxPayment(
  intent: IntentForConfirmation,
  card: SandboxCard,
  returnUrl: string,
): Promise<ConfirmOutcome> {
  const result = await apiRequest(
    `/sandbox/payment-intents/${encodeURIComponent(intent.paymentIntentId)}/confirm`,
    {
      method: 'POST',
      body: { clientSecret: intent.clientSecret, card, returnUrl } satisfies SandboxConfirmBody,
      schema: sandboxConfirmResultSchema,
    },
  );
  if (result.nextAction) return { status: 'redirect', url: result.nextAction.redirectUrl };
  if (result.paymentIntent.status === 'succeeded') return { status: 'succeeded' };
  const { error } = result;
  return {
    status: 'failed',
    message: error?.message,
    code: error?.code,
    intentStatus: result.paymentIntent.status,
  };
}
