/**
 * Join's invitation as the server found it answering the page (decision 0134), read from the root's data
 * attributes: `data-invitation-refusal` names why it cannot be used, `data-invitation` holds what it
 * offers as JSON. Undefined when the page carries neither, or what it carries is not an invitation.
 * Checked by hand, not with the shared schema: this runs in the public site's entry, which every public
 * page loads first and which carries no zod.
 */
import {
  INVITABLE_ROLES,
  INVITATION_REFUSAL_KINDS,
  type InvitationCheck,
  type InvitationPreview,
} from '@clinicpay/shared';

export function servedInvitation(data: DOMStringMap): InvitationCheck | undefined {
  const refusal = INVITATION_REFUSAL_KINDS.find((kind) => kind === data.invitationRefusal);
  if (refusal) return { refusal };
  if (!data.invitation) return undefined;
  let preview: Partial<Record<keyof InvitationPreview, unknown>>;
  try {
    preview = JSON.parse(data.invitation);
  } catch {
    return undefined;
  }
  const role = INVITABLE_ROLES.find((candidate) => candidate === preview.role);
  if (
    typeof preview.clinicName !== 'string' ||
    typeof preview.email !== 'string' ||
    typeof preview.accountExists !== 'boolean' ||
    !role
  )
    return undefined;
  return {
    preview: {
      clinicName: preview.clinicName,
      email: preview.email,
      role,
      accountExists: preview.accountExists,
    },
  };
}
