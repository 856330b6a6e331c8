/** POST /api/public/payments/:id/payment-intents: the server prices the intent; the browser sends no amount. */
import { type CheckoutRequest, checkoutResponseSchema } from '@clinicpay/shared';
import { apiRequest } from '@/lib/api-client';

export function createPaymentIntent(pageId: string, input: CheckoutRequest) {
  return apiRequest(`/public/payments/${encodeURIComponent(pageId)}/payment-intents`, {
    method: 'POST',
    body: input,
    schema: checkoutResponseSchema,
  });
}
