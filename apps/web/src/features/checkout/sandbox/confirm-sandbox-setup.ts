/**
 * The sandbox's stand-in for Stripe.js's confirmCardSetup: POST /api/sandbox/setup-intents/:id/confirm
 * with the client secret and a test card. A card that needs authentication answers with the sandbox's
 * 3-D Secure page, which returns to `returnUrl` as Stripe does.
 */
import { type SandboxConfirmBody, sandboxConfirmSetupResultSchema } from '@clinicpay/shared';
import { apiRequest } from '@/lib/api-client';
import type { ConfirmOutcome, SetupForConfirmation } from '../lib/use-checkout';
import type { SandboxCard } from './sandbox-card-field';

export async function confirmSandboxSetup(
  setup: SetupForConfirmation,
  card: SandboxCard,
  returnUrl: string,
): Promise<ConfirmOutcome> {
  const result = await apiRequest(
    `/sandbox/setup-intents/${encodeURIComponent(setup.setupIntentId)}/confirm`,
    {
      method: 'POST',
      body: { clientSecret: setup.clientSecret, card, returnUrl } satisfies SandboxConfirmBody,
      schema: sandboxConfirmSetupResultSchema,
    },
  );
  if (result.nextAction) return { status: 'redirect', url: result.nextAction.redirectUrl };
  if (result.setupIntent.status === 'succeeded') return { status: 'succeeded' };
  const { error } = result;
  return {
    status: 'failed',
    message: error?.message,
    code: error?.code,
    intentStatus: result.setupIntent.status,
  };
}
