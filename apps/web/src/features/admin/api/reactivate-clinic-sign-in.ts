import { signInSuspensionResponseSchema } from '@clinicpay/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './keys';

export function reactivateClinicSignIn(clinicId: string) {
  return apiRequest(`/admin/clinics/${encodeURIComponent(clinicId)}/reactivate-sign-in`, {
    method: 'POST',
    body: {},
    schema: signInSuspensionResponseSchema,
  });
}

/** Lets a suspended clinic's team sign in again (decision 0125); admin views refresh after. */
export function useReactivateClinicSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reactivateClinicSignIn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
