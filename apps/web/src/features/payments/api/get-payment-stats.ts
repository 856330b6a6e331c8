import { clinicStatsSchema } from '@clinicpay/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { shows } from '@/lib/server-data';

export const paymentStatsKeys = { all: ['payments', 'stats'] as const };

export function getPaymentStats() {
  return apiRequest('/payments/stats', { schema: clinicStatsSchema });
}

/** The dashboard's four figures (docs/product.md#stats), in pence. */
export function usePaymentStats() {
  return useQuery({
    queryKey: paymentStatsKeys.all,
    queryFn: getPaymentStats,
    meta: shows('payments', 'payment-requests'),
  });
}
