import { savedCardResultSchema } from '@clinicpay/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { REFERENCE_POLL_MS, REFERENCE_RETRIES } from './get-payment-reference';

/**
 * The card saved with the SetupIntent ('Visa ending 4242') and the consents recorded with it, asked for
 * as the payment reference is (every 2 seconds, up to 5 retries) until the provider's event has
 * recorded it; `gaveUp` after that.
 */
export function useSavedCard(setupIntentId: string | null) {
  const query = useQuery({
    queryKey: ['saved-card', setupIntentId],
    queryFn: async () => {
      const saved = await apiRequest(
        `/public/setup-intents/${encodeURIComponent(setupIntentId ?? '')}/card`,
        { schema: savedCardResultSchema },
      );
      if (!saved.card) throw new Error('The card is not recorded yet');
      return saved;
    },
    enabled: Boolean(setupIntentId),
    retry: REFERENCE_RETRIES,
    retryDelay: REFERENCE_POLL_MS,
  });
  return { saved: query.data ?? null, gaveUp: query.isError };
}
