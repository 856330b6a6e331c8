import { type NotificationWebhooksInput, notificationWebhooksResponseSchema } from '@clinicpay/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { notificationWebhooksKeys } from './get-notification-webhooks';

export function updateNotificationWebhooks(webhooks: NotificationWebhooksInput) {
  return apiRequest('/admin/system-settings/webhooks', {
    method: 'PUT',
    body: webhooks,
    schema: notificationWebhooksResponseSchema,
  });
}

/** Saves both webhook URLs; a blank one is cleared. */
export function useUpdateNotificationWebhooks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationWebhooks,
    onSuccess: (saved) => queryClient.setQueryData(notificationWebhooksKeys.current, saved),
  });
}
