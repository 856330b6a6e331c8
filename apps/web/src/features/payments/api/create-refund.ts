import { type CreateRefundBody, refundResultSchema } from '@clinicpay/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { refreshServerData } from '@/lib/server-data';

export function createRefund(paymentId: string, body: CreateRefundBody) {
  return apiRequest(`/payments/${encodeURIComponent(paymentId)}/refunds`, {
    method: 'POST',
    body,
    schema: refundResultSchema,
  });
}

/**
 * Refunds part or all of a payment; then everything that shows payments refreshes: the lists, the
 * payment's details, the figures, and other features' views of payments (the dashboard's dispute
 * alerts, whose fraud warning a refund settles).
 */
export function useCreateRefund(paymentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateRefundBody) => createRefund(paymentId, body),
    // Not awaited: the outcome is told at once while the figures refresh behind it.
    onSettled: () => {
      void refreshServerData(queryClient, 'payments');
    },
  });
}
