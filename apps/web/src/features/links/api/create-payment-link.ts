import { type CreatePaymentLink, paymentLinkResponseSchema } from '@clinicpay/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { refreshServerData } from '@/lib/server-data';

export function createPaymentLink(input: CreatePaymentLink) {
  return apiRequest('/payment-links', {
    method: 'POST',
    body: input,
    schema: paymentLinkResponseSchema,
  }).then((result) => result.link);
}

export function useCreatePaymentLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPaymentLink,
    // Every list of links refreshes, this feature's and others' (the Send Link form's select).
    onSuccess: () => refreshServerData(queryClient, 'payment-links'),
  });
}
