import {
  clinicResponseSchema,
  type PaymentLink,
  paymentLinkPageSchema,
  paymentRequestResponseSchema,
  type SendPaymentRequest,
} from '@clinicpay/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { refreshServerData, shows } from '@/lib/server-data';

/** The requests feature's query keys. */
export const requestKeys = {
  all: ['payment-requests'] as const,
  activeLinks: ['payment-requests', 'active-links'] as const,
};

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
    // The history lists unpaid requests: whatever shows them refreshes.
    onSuccess: () => refreshServerData(queryClient, 'payment-requests'),
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
  return useQuery({
    queryKey: requestKeys.activeLinks,
    queryFn: allActiveLinks,
    meta: shows('payment-links'),
  });
}

/**
 * The clinic's request defaults (days a request can be paid for, reminder days) for the form's hints,
 * read from the clinic under the clinics feature's own query key, so the two share one answer.
 */
export function useRequestDefaults() {
  return useQuery({
    queryKey: ['clinic'],
    queryFn: () => apiRequest('/clinic', { schema: clinicResponseSchema }).then((result) => result.clinic),
    select: (clinic) => ({ expiryDays: clinic.requestExpiryDays, reminderDays: clinic.reminderDays }),
  });
}
