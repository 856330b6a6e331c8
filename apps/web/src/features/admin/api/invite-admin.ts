import { type AdminInvitation, adminInvitationResponseSchema } from '@clinicpay/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './keys';

export function inviteAdmin(invitation: AdminInvitation) {
  return apiRequest('/admin/admins', {
    method: 'POST',
    body: invitation,
    schema: adminInvitationResponseSchema,
  });
}

/** Makes an admin account and emails it a link to set a password (decision 0125); admin views refresh after. */
export function useInviteAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteAdmin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
