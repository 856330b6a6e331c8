import { requestResentSchema } from '@clinicpay/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { refreshServerData } from '@/lib/server-data';

export function resendRequest(requestId: string) {
  return apiRequest(`/payment-requests/${encodeURIComponent(requestId)}/resend`, {
    method: 'POST',
    schema: requestResentSchema,
  });
}

/** Sends an unpaid request's link again; then whatever shows the clinic's requests (its notices) refreshes. */
export function useResendRequest(requestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => resendRequest(requestId),
    onSettled: () => refreshServerData(queryClient, 'payment-requests'),
  });
}
