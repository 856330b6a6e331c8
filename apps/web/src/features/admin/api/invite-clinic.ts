import { type ClinicInvitation, clinicInvitationResponseSchema } from '@clinicpay/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './keys';

export function inviteClinic(invitation: ClinicInvitation) {
  return apiRequest('/admin/clinics', {
    method: 'POST',
    body: invitation,
    schema: clinicInvitationResponseSchema,
  });
}

/** Creates a clinic and emails it an invitation to set a password; the admin lists refresh after. */
export function useInviteClinic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteClinic,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
