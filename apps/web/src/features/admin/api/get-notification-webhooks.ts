import { notificationWebhooksResponseSchema } from '@clinicpay/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './keys';

export const notificationWebhooksKeys = { current: [...adminKeys.all, 'notification-webhooks'] as const };

export function getNotificationWebhooks() {
  return apiRequest('/admin/system-settings/webhooks', { schema: notificationWebhooksResponseSchema });
}

/**
 * The two notification webhook URLs of system_settings (spec §3), null where unset, and the read-only
 * secret deliveries are signed with.
 */
export function useNotificationWebhooks() {
  return useQuery({ queryKey: notificationWebhooksKeys.current, queryFn: getNotificationWebhooks });
}
