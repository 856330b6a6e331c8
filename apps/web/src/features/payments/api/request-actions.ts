import { paymentRequestDetailSchema, requestCancelledSchema, requestResentSchema } from '@clinicpay/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { refreshServerData, shows } from '@/lib/server-data';

const requestPath = (requestId: string) => `/payment-requests/${encodeURIComponent(requestId)}`;

/** Where a request stands and its timeline (docs/decisions/0105-request-and-link-lifetimes.md). */
export function useRequestDetail(requestId: string) {
  return useQuery({
    queryKey: ['payment-requests', 'detail', requestId],
    queryFn: () => apiRequest(requestPath(requestId), { schema: paymentRequestDetailSchema }),
    meta: shows('payment-requests'),
  });
}

/** Reminds the patient now; then whatever shows the clinic's requests (timeline, notices) refreshes. */
export function useRemindRequest(requestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(`${requestPath(requestId)}/remind`, { method: 'POST', schema: requestResentSchema }),
    onSettled: () => refreshServerData(queryClient, 'payment-requests'),
  });
}

/** Cancels an unpaid request; then whatever shows the clinic's requests refreshes. */
export function useCancelRequest(requestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(`${requestPath(requestId)}/cancel`, { method: 'POST', schema: requestCancelledSchema }),
    onSettled: () => refreshServerData(queryClient, 'payment-requests'),
  });
}
