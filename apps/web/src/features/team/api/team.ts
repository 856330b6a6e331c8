/** The owner's team (decision 0121): the members and invitations, and every change to them. */
import {
  type InvitableRole,
  messageResponseSchema,
  type TeamInvitationRequest,
  teamSchema,
} from '@clinicpay/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The query keys of this feature; only it writes them. */
export const teamKeys = { all: ['team'] as const };

/** GET /api/team: the members, owner first, and the invitations still open. */
export function useTeam() {
  return useQuery({ queryKey: teamKeys.all, queryFn: () => apiRequest('/team', { schema: teamSchema }) });
}

/** A change to the team; the team is read again after it, whatever the answer. */
function useTeamChange<Input>(
  request: (input: Input) => { path: string; method: 'POST' | 'PATCH'; body?: unknown },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => {
      const { path, method, body } = request(input);
      return apiRequest(path, { method, body: body ?? {}, schema: messageResponseSchema });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}

/** Invites an email as manager or reception; inviting again sends a fresh link. */
export const useInviteMember = () =>
  useTeamChange((invitation: TeamInvitationRequest) => ({
    path: '/team/invitations',
    method: 'POST',
    body: invitation,
  }));

/** Withdraws an open invitation. */
export const useRevokeInvitation = () =>
  useTeamChange((invitationId: string) => ({
    path: `/team/invitations/${encodeURIComponent(invitationId)}/revoke`,
    method: 'POST',
  }));

/** Gives a member another role (they are signed out). */
export const useChangeRole = () =>
  useTeamChange(({ userId, role }: { userId: string; role: InvitableRole }) => ({
    path: `/team/members/${encodeURIComponent(userId)}`,
    method: 'PATCH',
    body: { role },
  }));

/** Removes a member from the team (they are signed out). */
export const useRemoveMember = () =>
  useTeamChange((userId: string) => ({
    path: `/team/members/${encodeURIComponent(userId)}/remove`,
    method: 'POST',
  }));

/** Signs a member out on every device. */
export const useSignOutMember = () =>
  useTeamChange((userId: string) => ({
    path: `/team/members/${encodeURIComponent(userId)}/sign-out`,
    method: 'POST',
  }));

/** Requires two-factor sign-in of the whole team, or stops requiring it (decision 0122). */
export const useRequireTwoFactor = () =>
  useTeamChange((required: boolean) => ({ path: '/team/two-factor', method: 'PATCH', body: { required } }));

/** Makes a member the owner; the caller becomes a manager. */
export const useTransferOwnership = () =>
  useTeamChange((userId: string) => ({ path: '/team/transfer-ownership', method: 'POST', body: { userId } }));
