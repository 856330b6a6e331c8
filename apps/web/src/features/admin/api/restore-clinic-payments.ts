import { adminProviderActionResponseSchema } from '@clinicpay/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './keys';

export function restoreClinicPayments(clinicId: string) {
  return apiRequest(`/admin/clinics/${encodeURIComponent(clinicId)}/restore-payments`, {
    method: 'POST',
    body: {},
    schema: adminProviderActionResponseSchema,
  });
}

/**
 * Turns a force-disconnected clinic's card payments back on, with its own account (decision 0081);
 * every admin view is refreshed after.
 */
export function useRestoreClinicPayments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreClinicPayments,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
