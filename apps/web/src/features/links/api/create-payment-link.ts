import { type CreatePaymentLink, paymentLinkResponseSchema } from '@clinicpay/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['payment-links'] }),
  });
}
