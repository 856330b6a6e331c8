import { type SignInSuspension, signInSuspensionResponseSchema } from '@clinicpay/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './keys';

export function suspendClinicSignIn({ clinicId, ...body }: SignInSuspension & { clinicId: string }) {
  return apiRequest(`/admin/clinics/${encodeURIComponent(clinicId)}/suspend-sign-in`, {
    method: 'POST',
    body,
    schema: signInSuspensionResponseSchema,
  });
}

/**
 * Suspends sign-in for a clinic's whole team, signing them out, with the reason the clinic is emailed
 * (decision 0125); admin views refresh after.
 */
export function useSuspendClinicSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: suspendClinicSignIn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
