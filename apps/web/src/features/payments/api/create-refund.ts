import {
  type CreateRefundBody,
  REFUND_MESSAGES,
  refundOutcomeMessage,
  refundResultSchema,
} from '@clinicpay/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ApiError, apiRequest, serverAnswered } from '@/lib/api-client';
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

/** The server's reason when it answered; otherwise what went wrong on the way. */
function refundFailure(error: unknown): string {
  if (serverAnswered(error)) return error.message;
  if (error instanceof Error && !(error instanceof ApiError) && error.message)
    return REFUND_MESSAGES.failedWith(error.message);
  return REFUND_MESSAGES.failed;
}

/**
 * A refund with what the clinic is told: 'Processing refund...' while it runs, then the outcome in
 * the spec's words (refunded, or the partial refund's amount), that the provider is still processing
 * it, or why it failed. `onDone` runs after a
 * refund is made.
 */
export function useRefundWithToasts(paymentId: string) {
  const refund = useCreateRefund(paymentId);
  const submit = (body: CreateRefundBody, onDone: () => void) => {
    const loading = toast.loading(REFUND_MESSAGES.processing);
    refund.mutate(body, {
      onSuccess: (result) => {
        const message = refundOutcomeMessage(result);
        if (result.refund.status === 'succeeded') toast.success(message, { id: loading });
        else toast.info(message, { id: loading });
        onDone();
      },
      onError: (failure) => toast.error(refundFailure(failure), { id: loading }),
    });
  };
  return { submit, processing: refund.isPending };
}
