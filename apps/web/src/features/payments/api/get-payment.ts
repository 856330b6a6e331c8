import { paymentDetailsSchema } from '@clinicpay/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { shows } from '@/lib/server-data';

export const paymentDetailsKeys = {
  all: ['payments', 'details'] as const,
  detail: (paymentId: string) => [...paymentDetailsKeys.all, paymentId] as const,
};

export function getPayment(paymentId: string) {
  return apiRequest(`/payments/${encodeURIComponent(paymentId)}`, { schema: paymentDetailsSchema });
}

/** One payment or unpaid request with its refunds and what may still be refunded. */
export function usePayment(paymentId: string | null) {
  return useQuery({
    queryKey: paymentDetailsKeys.detail(paymentId ?? ''),
    meta: shows('payments', 'payment-requests'),
    queryFn: () => getPayment(paymentId ?? ''),
    enabled: paymentId !== null,
  });
}
