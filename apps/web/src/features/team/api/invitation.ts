/** The Join page's calls (decision 0121): what an invitation offers, and accepting it. */
import {
  type AcceptInvitationRequest,
  invitationPreviewSchema,
  messageResponseSchema,
} from '@clinicpay/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /api/team-invitations?token=: the clinic, the address, the role, whether the address has an account. */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: ['team-invitation', token],
    queryFn: () =>
      apiRequest(`/team-invitations?token=${encodeURIComponent(token)}`, { schema: invitationPreviewSchema }),
    enabled: token.length > 0,
    retry: false,
  });
}

/** POST /api/team-invitations/accept. */
export function useAcceptInvitation() {
  return useMutation({
    mutationFn: (input: AcceptInvitationRequest) =>
      apiRequest('/team-invitations/accept', { method: 'POST', body: input, schema: messageResponseSchema }),
  });
}
