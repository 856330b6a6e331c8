import {
  type PaymentLink,
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

const LINKS_PER_REQUEST = 100;

/** Every active link of the clinic, a page of 100 at a time. */
async function allActiveLinks() {
  const items: PaymentLink[] = [];
  for (let page = 1; ; page++) {
    const result = await apiRequest(`/payment-links?view=active&pageSize=${LINKS_PER_REQUEST}&page=${page}`, {
      schema: paymentLinkPageSchema,
    });
    items.push(...result.items);
    if (result.items.length < LINKS_PER_REQUEST || items.length >= result.total) return { items };
  }
}

/** The clinic's active links for the select ('title - £amount'), all of them however many there are. */
export function useActiveLinks() {
  return useQuery({ queryKey: ['payment-links', 'active', 'all'], queryFn: allActiveLinks });
}
