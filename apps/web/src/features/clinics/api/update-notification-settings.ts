import { clinicResponseSchema, type NotificationSettingsUpdate } from '@clinicpay/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { clinicKeys } from './get-clinic';

export function updateNotificationSettings(input: NotificationSettingsUpdate) {
  return apiRequest('/clinic/notifications', { method: 'PATCH', body: input, schema: clinicResponseSchema });
}

export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationSettings,
    onSuccess: (result) => queryClient.setQueryData(clinicKeys.current, result.clinic),
  });
}
