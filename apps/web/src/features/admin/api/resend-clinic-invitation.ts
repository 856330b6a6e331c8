import { resendInvitationResponseSchema } from '@clinicpay/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './keys';

export function resendClinicInvitation(clinicId: string) {
  return apiRequest(`/admin/clinics/${encodeURIComponent(clinicId)}/resend-invitation`, {
    method: 'POST',
    body: {},
    schema: resendInvitationResponseSchema,
  });
}

/**
 * Emails a clinic whose account has no password yet a new set-password link; the link sent before stops
 * working (decision 0125). Admin views refresh after.
 */
export function useResendClinicInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendClinicInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
