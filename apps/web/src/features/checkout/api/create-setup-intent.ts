/**
 * POST /api/public/payments/:id/setup-intents: the SetupIntent behind Save card on a link that secures
 * an appointment (docs/decisions/0095-secure-your-appointment.md); nothing is paid.
 */
import { type CheckoutRequest, checkoutSetupResponseSchema } from '@clinicpay/shared';
import { apiRequest } from '@/lib/api-client';

export function createSetupIntent(pageId: string, input: CheckoutRequest) {
  return apiRequest(`/public/payments/${encodeURIComponent(pageId)}/setup-intents`, {
    method: 'POST',
    body: input,
    schema: checkoutSetupResponseSchema,
  });
}
