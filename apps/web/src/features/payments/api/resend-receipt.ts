import { receiptResentSchema } from '@clinicpay/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { paymentDetailsKeys } from './get-payment';

export function resendReceipt(paymentId: string) {
  return apiRequest(`/payments/${encodeURIComponent(paymentId)}/receipt`, {
    method: 'POST',
    schema: receiptResentSchema,
  });
}

/** Sends the patient's receipt again; then the payment's notices (shown on its page) refresh. */
export function useResendReceipt(paymentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => resendReceipt(paymentId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentDetailsKeys.detail(paymentId) }),
  });
}
