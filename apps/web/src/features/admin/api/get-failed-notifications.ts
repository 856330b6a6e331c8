import { failedNotificationsSchema } from '@clinicpay/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './keys';

export const failedNotificationsKeys = { list: [...adminKeys.all, 'notifications', 'failed'] as const };

export function getFailedNotifications() {
  return apiRequest('/admin/notifications/failed', { schema: failedNotificationsSchema });
}

/** Every clinic's failed notices, newest first, at most 100, with the clinic's name. */
export function useFailedNotifications() {
  return useQuery({ queryKey: failedNotificationsKeys.list, queryFn: getFailedNotifications });
}
