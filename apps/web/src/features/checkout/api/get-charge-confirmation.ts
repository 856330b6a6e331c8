import {
  chargeConfirmationSchema,
  type SandboxConfirmSavedCardBody,
  sandboxConfirmResultSchema,
} from '@clinicpay/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /api/public/card-charges/:id?token=: the charge the patient's bank asks them to confirm. */
export function useChargeConfirmation(chargeId: string, token: string) {
  return useQuery({
    queryKey: ['card-charge', chargeId, token],
    queryFn: () =>
      apiRequest(`/public/card-charges/${encodeURIComponent(chargeId)}?token=${encodeURIComponent(token)}`, {
        schema: chargeConfirmationSchema,
      }),
    retry: false,
  });
}

/**
 * The sandbox's stand-in for Stripe.js's confirmCardPayment with the saved card: the answer names the
 * 3-D Secure page to visit, or the outcome.
 */
export function confirmSandboxSavedCard(paymentIntentId: string, body: SandboxConfirmSavedCardBody) {
  return apiRequest(`/sandbox/payment-intents/${encodeURIComponent(paymentIntentId)}/confirm-saved-card`, {
    method: 'POST',
    body,
    schema: sandboxConfirmResultSchema,
  });
}
