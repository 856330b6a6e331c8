import { adminProviderActionResponseSchema } from '@clinicpay/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './keys';

export function closeProviderAccount(clinicId: string) {
  return apiRequest(`/admin/clinics/${encodeURIComponent(clinicId)}/close-provider-account`, {
    method: 'POST',
    body: {},
    schema: adminProviderActionResponseSchema,
  });
}

/**
 * Closes a clinic's connected account at the provider for good (decision 0081); every admin view is
 * refreshed after.
 */
export function useCloseProviderAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeProviderAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
