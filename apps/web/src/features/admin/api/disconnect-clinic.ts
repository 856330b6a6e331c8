import { adminDisconnectResponseSchema } from '@clinicpay/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './keys';

export function disconnectClinic(clinicId: string) {
  return apiRequest(`/admin/clinics/${encodeURIComponent(clinicId)}/disconnect`, {
    method: 'POST',
    body: {},
    schema: adminDisconnectResponseSchema,
  });
}

/** Force-disconnects a clinic's card provider (decision 0081); every admin view is refreshed after. */
export function useDisconnectClinic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectClinic,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
