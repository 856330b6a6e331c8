/**
 * Paying: the server creates the payment intent from the link or request (the browser never sends an
 * amount), then the card is confirmed with the provider's browser side. In the sandbox that is its
 * confirm API, standing in for Stripe.js's confirmCardPayment.
 */
import { type CheckoutRequest, checkoutResponseSchema } from '@clinicpay/shared';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import type { SandboxCard } from '../components/sandbox-card-field';

export function createPaymentIntent(pageId: string, input: CheckoutRequest) {
  return apiRequest(`/public/payments/${encodeURIComponent(pageId)}/payment-intents`, {
    method: 'POST',
    body: input,
    schema: checkoutResponseSchema,
  });
}

const confirmResultSchema = z.object({
  paymentIntent: z.object({ id: z.string(), status: z.string() }),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
  nextAction: z.object({ redirectUrl: z.string() }).optional(),
});

export function confirmSandboxCardPayment(
  intent: { paymentIntentId: string; clientSecret: string },
  card: SandboxCard,
  returnUrl: string,
) {
  return apiRequest(`/sandbox/payment-intents/${intent.paymentIntentId}/confirm`, {
    method: 'POST',
    body: { clientSecret: intent.clientSecret, card, returnUrl },
    schema: confirmResultSchema,
  });
}
