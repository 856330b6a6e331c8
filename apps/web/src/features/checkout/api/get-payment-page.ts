import { publicPaymentDataSchema } from '@clinicpay/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export function getPaymentPage(id: string) {
  return apiRequest(`/public/payments/${encodeURIComponent(id)}`, { schema: publicPaymentDataSchema });
}

/** The public payment data of a request or link id (spec §3); disabled without an id. */
export function usePaymentPage(id: string | undefined) {
  return useQuery({
    queryKey: ['payment-page', id],
    queryFn: () => getPaymentPage(id ?? ''),
    enabled: Boolean(id),
    retry: false,
  });
}
