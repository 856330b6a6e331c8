import { type CreateRefundBody, refundResultSchema } from '@clinicpay/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { paymentDetailsKeys } from './get-payment';
import { paymentStatsKeys } from './get-payment-stats';
import { paymentListKeys } from './list-payments';

export function createRefund(paymentId: string, body: CreateRefundBody) {
  return apiRequest(`/payments/${encodeURIComponent(paymentId)}/refunds`, {
    method: 'POST',
    body,
    schema: refundResultSchema,
  });
}

/** Refunds part or all of a payment; the lists, the payment's details and the figures then refresh. */
export function useCreateRefund(paymentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (amount: number) => createRefund(paymentId, { amount }),
    // Not awaited: the outcome is told at once while the figures refresh behind it.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: paymentListKeys.all });
      void queryClient.invalidateQueries({ queryKey: paymentDetailsKeys.detail(paymentId) });
      void queryClient.invalidateQueries({ queryKey: paymentStatsKeys.all });
    },
  });
}
