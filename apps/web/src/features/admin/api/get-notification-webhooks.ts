import { notificationWebhooksResponseSchema } from '@clinicpay/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './keys';

export const notificationWebhooksKeys = { current: [...adminKeys.all, 'notification-webhooks'] as const };

export function getNotificationWebhooks() {
  return apiRequest('/admin/system-settings/webhooks', { schema: notificationWebhooksResponseSchema });
}

/**
 * The two notification webhook URLs of system_settings, null where unset, and the secret deliveries
 * are signed with, masked to its last 4 characters (decision 0098).
 */
export function useNotificationWebhooks() {
  return useQuery({ queryKey: notificationWebhooksKeys.current, queryFn: getNotificationWebhooks });
}
