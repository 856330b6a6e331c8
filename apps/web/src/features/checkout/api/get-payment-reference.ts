import { paymentReferenceResponseSchema } from '@clinicpay/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * The success page polls for the reference every 2 seconds, up to 5 retries
 * (docs/product.md#payment-flow, docs/product.md#constants).
 */
export const REFERENCE_POLL_MS = 2000;
export const REFERENCE_RETRIES = 5;

export function getPaymentReference(paymentIntentId: string) {
  return apiRequest(`/public/payment-intents/${encodeURIComponent(paymentIntentId)}/reference`, {
    schema: paymentReferenceResponseSchema,
  });
}

/** The reference, asked for until it exists or the retries run out (then `gaveUp`). */
export function usePaymentReference(paymentIntentId: string | null) {
  const query = useQuery({
    queryKey: ['payment-reference', paymentIntentId],
    queryFn: async () => {
      const { reference } = await getPaymentReference(paymentIntentId ?? '');
      if (!reference) throw new Error('The payment reference is not ready yet');
      return reference;
    },
    enabled: Boolean(paymentIntentId),
    retry: REFERENCE_RETRIES,
    retryDelay: REFERENCE_POLL_MS,
  });
  return { reference: query.data ?? null, gaveUp: query.isError || !paymentIntentId };
}
