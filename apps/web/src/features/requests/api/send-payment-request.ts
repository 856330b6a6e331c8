import {
  paymentLinkPageSchema,
  paymentRequestResponseSchema,
  type SendPaymentRequest,
} from '@clinicpay/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export function sendPaymentRequest(input: SendPaymentRequest) {
  return apiRequest('/payment-requests', {
    method: 'POST',
    body: input,
    schema: paymentRequestResponseSchema,
  });
}

export function useSendPaymentRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendPaymentRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['payments'] }),
  });
}

/** The clinic's active links for the select ('title - £amount'). */
export function useActiveLinks() {
  return useQuery({
    queryKey: ['payment-links', 'active', 'all'],
    queryFn: () => apiRequest('/payment-links?view=active&pageSize=100', { schema: paymentLinkPageSchema }),
  });
}
