import { publicPaymentDataSchema } from '@clinicpay/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /api/public/payments/:pageId: what the payment page shows, which the poster repeats. */
export function usePosterData(pageId: string) {
  return useQuery({
    queryKey: ['posters', pageId],
    queryFn: () =>
      apiRequest(`/public/payments/${encodeURIComponent(pageId)}`, { schema: publicPaymentDataSchema }),
  });
}
