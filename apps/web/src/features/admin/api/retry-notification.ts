import { notificationRetryResponseSchema } from '@clinicpay/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { failedNotificationsKeys } from './get-failed-notifications';

export function retryNotification(notificationId: string) {
  return apiRequest(`/admin/notifications/${encodeURIComponent(notificationId)}/retry`, {
    method: 'POST',
    body: {},
    schema: notificationRetryResponseSchema,
  });
}

/**
 * Queues a failed notice to be sent again. The failed list is refreshed whatever the answer: a 409 means
 * the notice is no longer failed (another admin retried it), so the list was stale. The mutation stays
 * pending until the list is back, so the row's button cannot be pressed twice.
 */
export function useRetryNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryNotification,
    onSettled: () => queryClient.invalidateQueries({ queryKey: failedNotificationsKeys.list }),
  });
}
