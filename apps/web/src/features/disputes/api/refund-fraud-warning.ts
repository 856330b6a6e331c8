import { refundResultSchema } from '@clinicpay/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { refreshServerData } from '@/lib/server-data';
import { disputeKeys } from './keys';

/**
 * POST /api/fraud-warnings/:warningId/refund: refunds the warned payment in full, the amount (pence)
 * the clinic confirmed and no more.
 */
export function refundFraudWarning({ warningId, amount }: { warningId: string; amount: number }) {
  return apiRequest(`/fraud-warnings/${encodeURIComponent(warningId)}/refund`, {
    method: 'POST',
    body: { amount },
    schema: refundResultSchema,
  });
}

/** Refunds a warned payment; then the alerts, and everything that shows payments (lists, figures), refresh. */
export function useRefundFraudWarning() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundFraudWarning,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: disputeKeys.alerts() });
      void refreshServerData(queryClient, 'payments');
    },
  });
}
