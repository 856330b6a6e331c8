/** The user's signed-in devices (decision 0123): the list, and signing one or every other out. */
import { accountSessionsSchema, messageResponseSchema } from '@clinicpay/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

const devicesKey = ['devices'] as const;

export function useDevices() {
  return useQuery({
    queryKey: devicesKey,
    queryFn: () => apiRequest('/auth/sessions', { schema: accountSessionsSchema }),
  });
}

/** Signs out one device (its session id), or every other one (`others`). */
export function useSignOutDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (which: string | 'others') =>
      apiRequest(
        which === 'others'
          ? '/auth/sessions/sign-out-others'
          : `/auth/sessions/${encodeURIComponent(which)}/sign-out`,
        { method: 'POST', schema: messageResponseSchema },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: devicesKey }),
  });
}
