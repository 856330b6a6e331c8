/**
 * A clinic's team (decision 0121): the owner invites staff as manager or reception, changes their
 * roles, removes them, signs them out everywhere and hands ownership on. A clinic always has exactly one
 * owner. Each change is audited in the transaction that makes it, and a change of role or a removal
 * signs the member out at once (their next request is refused anyway: the guard reads the role afresh).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  type AcceptInvitationRequest,
  CLINIC_ROLE_LABELS,
  INVITATION_REFUSALS,
  type InvitableRole,
  type InvitationCheck,
  type InvitationPreview,
  type InvitationRefusal,
  TEAM_INVITATION_DAYS,
  TEAM_MESSAGES,
  type Team,
  type TeamInvitationRequest,
  TWO_FACTOR_MESSAGES,
} from '@clinicpay/shared';
import type { Db, Tx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../http/app-error.js';
import type { JobQueue } from '../../jobs/index.js';
import { queueEmail } from '../../mail/email-job.js';
import type { Mail } from '../../mail/mailer.js';
import { renderTemplate } from '../../mail/render-email.js';
import { recordAudit } from '../audit/index.js';
import {
  deleteSessionsOf,
  findAccountByEmail,
  hashPassword,
  insertMemberUser,
  selectClinicMembers,
  setMembership,
  setTwoFactorRequiredInClinic,
  verifyPassword,
} from '../auth/index.js';
import { getClinicRow, setRequireTwoFactor } from '../clinics/index.js';
import {
  findInvitationByTokenHash,
  insertInvitation,
  markInvitationAccepted,
  revokeInvitations,
  selectPendingInvitations,
} from './queries.js';

export interface TeamDeps {
  db: Db;
  jobs: Pick<JobQueue, 'send'>;
}

/** The owner acting: their user id and clinic. */
export interface Owner {
  userId: string;
  clinicId: string;
}

/** A clinic's name is optional in its record; sign-up and invitation always set it. */
const UNNAMED_CLINIC = 'A clinic';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const audit = (
  tx: Tx,
  owner: { userId: string | null; clinicId: string },
  action: TeamAuditAction,
  details: object,
) =>
  recordAudit(tx, {
    actorUserId: owner.userId,
    action,
    entityType: 'clinic',
    entityId: owner.clinicId,
    details: { ...details },
  });
type TeamAuditAction =
  | 'two_factor.required'
  | 'two_factor.not_required'
  | 'team.invited'
  | 'team.invitation_revoked'
  | 'team.joined'
  | 'team.role_changed'
  | 'team.member_removed'
  | 'team.ownership_transferred'
  | 'team.member_signed_out';

/** GET /api/team: the members, owner first, `you` marking the caller, and the invitations still open. */
export async function getTeam(db: Db, viewer: Owner): Promise<Team> {
  const [members, invitations, clinic] = await Promise.all([
    selectClinicMembers(db, viewer.clinicId),
    selectPendingInvitations(db, viewer.clinicId),
    getClinicRow(db, viewer.clinicId),
  ]);
  return {
    requireTwoFactor: clinic.requireTwoFactor,
    members: members.map((member) => ({
      userId: member.userId,
      name: member.name,
      email: member.email,
      role: member.role ?? 'reception',
      you: member.userId === viewer.userId,
      twoFactorEnabled: member.twoFactorEnabled,
      joinedAt: member.joinedAt.toISOString(),
    })),
    invitations: invitations.map((invitation) => ({
      id: invitation.id,
      email: invitation.email,
      role: invitation.role === 'manager' ? 'manager' : 'reception',
      invitedAt: invitation.invitedAt.toISOString(),
      expiresAt: invitation.expiresAt.toISOString(),
    })),
  };
}

/** The invitation email to `to`, with the Join `link` (absolute). Rejects only when rendering fails. */
export async function teamInvitationEmail(
  to: string,
  clinicName: string,
  role: InvitableRole,
  link: string,
): Promise<Mail> {
  return {
    to,
    subject: `Join ${clinicName} on ClinicPay`,
    ...(await renderTemplate(
      async () => (await import('./templates/team-invitation-email.js')).TeamInvitationEmail,
      { clinicName, roleLabel: CLINIC_ROLE_LABELS[role], link },
    )),
  };
}

/**
 * Invites `input.email` to the owner's clinic as `input.role`: any open invitation to that address is
 * withdrawn (so sending again is a resend with a fresh link), and the new one is stored, emailed on
 * `origin` and audited in one transaction. Throws ALREADY_MEMBER (409) when the address is in this
 * team, and EMAIL_TAKEN (409) when it belongs to another clinic's account or an admin.
 */
export async function inviteMember(
  deps: TeamDeps,
  owner: Owner,
  input: Omit<TeamInvitationRequest, 'email'> & { email: string; role: InvitableRole },
  origin: string,
): Promise<void> {
  const email = input.email.toLowerCase();
  const account = await findAccountByEmail(deps.db, email);
  if (account?.clinicId === owner.clinicId && account.clinicRole)
    throw new AppError('ALREADY_MEMBER', TEAM_MESSAGES.alreadyMember);
  if (account && (account.role !== 'clinic' || account.clinicId))
    throw new AppError('EMAIL_TAKEN', TEAM_MESSAGES.inOtherClinic);

  const clinic = await getClinicRow(deps.db, owner.clinicId);
  const token = randomBytes(32).toString('base64url');
  const mail = await teamInvitationEmail(
    email,
    clinic.clinicName ?? UNNAMED_CLINIC,
    input.role,
    `${origin}/join?token=${encodeURIComponent(token)}`,
  );
  await deps.db.transaction(async (tx) => {
    await revokeInvitations(tx, owner.clinicId, { email });
    await insertInvitation(tx, {
      clinicId: owner.clinicId,
      email,
      role: input.role,
      tokenHash: hashToken(token),
      invitedByUserId: owner.userId,
      expiresAt: new Date(Date.now() + TEAM_INVITATION_DAYS * 24 * 60 * 60 * 1000),
    });
    await queueEmail(deps.jobs, mail, { tx, urgent: true });
    await audit(tx, owner, 'team.invited', { email, role: input.role });
  });
}

/** Withdraws an open invitation of the owner's clinic. Throws INVITATION_NOT_FOUND (404) otherwise. */
export async function revokeInvitation(deps: TeamDeps, owner: Owner, invitationId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [email] = await revokeInvitations(tx, owner.clinicId, { id: invitationId });
    if (!email) throw new AppError('INVITATION_NOT_FOUND', TEAM_MESSAGES.invitationNotFound);
    await audit(tx, owner, 'team.invitation_revoked', { email });
  });
}

/** The member `userId` of the owner's clinic, or MEMBER_NOT_FOUND (404). */
async function memberOf(db: Db | Tx, clinicId: string, userId: string) {
  const member = (await selectClinicMembers(db as Db, clinicId)).find((row) => row.userId === userId);
  if (!member) throw new AppError('MEMBER_NOT_FOUND', TEAM_MESSAGES.memberNotFound);
  return member;
}

/**
 * Gives a member a new role and signs them out everywhere. Throws MEMBER_NOT_FOUND (404), and TEAM_RULE
 * (409) for the owner, whose role changes only by transferring ownership.
 */
export async function changeRole(deps: TeamDeps, owner: Owner, userId: string, role: InvitableRole) {
  await deps.db.transaction(async (tx) => {
    const member = await memberOf(tx, owner.clinicId, userId);
    if (member.role === 'owner') throw new AppError('TEAM_RULE', TEAM_MESSAGES.ownerRoleFixed);
    if (member.role === role) return;
    // Not the owner when it is written, either: ownership may have been transferred to them meanwhile.
    if (
      !(await setMembership(
        tx,
        userId,
        { clinicId: owner.clinicId, clinicRole: role },
        owner.clinicId,
        false,
      ))
    )
      throw new AppError('TEAM_RULE', TEAM_MESSAGES.ownerRoleFixed);
    await deleteSessionsOf(tx, userId);
    await audit(tx, owner, 'team.role_changed', { email: member.email, before: member.role, after: role });
  });
}

/**
 * Removes a member from the team and signs them out everywhere; their account stays, in no clinic, and
 * can be invited again. Throws MEMBER_NOT_FOUND (404), and TEAM_RULE (409) for the owner or oneself.
 */
export async function removeMember(deps: TeamDeps, owner: Owner, userId: string) {
  if (userId === owner.userId) throw new AppError('TEAM_RULE', TEAM_MESSAGES.cannotRemoveYourself);
  await deps.db.transaction(async (tx) => {
    const member = await memberOf(tx, owner.clinicId, userId);
    if (member.role === 'owner') throw new AppError('TEAM_RULE', TEAM_MESSAGES.cannotRemoveOwner);
    const removed = await setMembership(
      tx,
      userId,
      { clinicId: null, clinicRole: null, twoFactorRequired: false },
      owner.clinicId,
      false,
    );
    if (!removed) throw new AppError('TEAM_RULE', TEAM_MESSAGES.cannotRemoveOwner);
    await deleteSessionsOf(tx, userId);
    await audit(tx, owner, 'team.member_removed', { email: member.email, role: member.role });
  });
}

/**
 * Signs a member out on every device (the owner's own sessions are Settings → Security's). Throws
 * MEMBER_NOT_FOUND (404) and TEAM_RULE (409) for oneself.
 */
export async function signOutMember(deps: TeamDeps, owner: Owner, userId: string) {
  if (userId === owner.userId) throw new AppError('TEAM_RULE', TEAM_MESSAGES.cannotRemoveYourself);
  await deps.db.transaction(async (tx) => {
    const member = await memberOf(tx, owner.clinicId, userId);
    const sessions = await deleteSessionsOf(tx, userId);
    await audit(tx, owner, 'team.member_signed_out', { email: member.email, sessions });
  });
}

/**
 * Makes a member the owner; the owner becomes a manager, and keeps their sessions (they are still
 * signed in, with the manager's rights from their next request). Throws MEMBER_NOT_FOUND (404),
 * TEAM_RULE (409) when `userId` is the owner already, and FORBIDDEN (403) when the caller is no longer
 * the owner (a transfer made meanwhile).
 */
export async function transferOwnership(deps: TeamDeps, owner: Owner, userId: string) {
  if (userId === owner.userId) throw new AppError('TEAM_RULE', TEAM_MESSAGES.transferToSelf);
  await deps.db.transaction(async (tx) => {
    const member = await memberOf(tx, owner.clinicId, userId);
    // Demoted first: the database allows one owner per clinic. Only while still its owner: a second
    // transfer that raced the first (two tabs) finds them a manager already, and changes nothing.
    const demoted = await setMembership(
      tx,
      owner.userId,
      { clinicId: owner.clinicId, clinicRole: 'manager' },
      owner.clinicId,
      true,
    );
    if (!demoted) throw new AppError('FORBIDDEN', TEAM_MESSAGES.forbidden);
    // Still in the team when it is written (a removal may have raced it): else nothing changes.
    if (!(await setMembership(tx, userId, { clinicId: owner.clinicId, clinicRole: 'owner' }, owner.clinicId)))
      throw new AppError('MEMBER_NOT_FOUND', TEAM_MESSAGES.memberNotFound);
    await audit(tx, owner, 'team.ownership_transferred', { email: member.email, before: member.role });
  });
}

/**
 * Requires two-factor sign-in of the whole team, or stops requiring it (decision 0122): each member
 * without it is sent to set it up on their next request. The owner must have it on first. Throws
 * TWO_FACTOR_STATE (409) otherwise.
 */
export async function setTeamTwoFactor(
  deps: TeamDeps,
  owner: Owner & { twoFactorEnabled: boolean },
  required: boolean,
): Promise<void> {
  if (required && !owner.twoFactorEnabled)
    throw new AppError('TWO_FACTOR_STATE', TWO_FACTOR_MESSAGES.ownerFirst);
  await deps.db.transaction(async (tx) => {
    await setRequireTwoFactor(tx, owner.clinicId, required);
    await setTwoFactorRequiredInClinic(tx, owner.clinicId, required);
    await audit(tx, owner, required ? 'two_factor.required' : 'two_factor.not_required', {});
  });
}

/** The open invitation with this token, or why it cannot be used. */
async function findOpenInvitation(
  db: Db | Tx,
  token: string,
): Promise<{ refusal: InvitationRefusal } | { invitation: OpenInvitation }> {
  const invitation = await findInvitationByTokenHash(db, hashToken(token));
  if (!invitation) return { refusal: 'not-found' };
  if (invitation.acceptedAt) return { refusal: 'used' };
  if (invitation.revokedAt) return { refusal: 'withdrawn' };
  if (invitation.expired) return { refusal: 'expired' };
  const role: InvitableRole = invitation.role === 'manager' ? 'manager' : 'reception';
  return { invitation: { ...invitation, role } };
}

type OpenInvitation = NonNullable<Awaited<ReturnType<typeof findInvitationByTokenHash>>> & {
  role: InvitableRole;
};

/** The open invitation with this token; throws the error that names why it cannot be used. */
async function openInvitation(db: Db | Tx, token: string) {
  const found = await findOpenInvitation(db, token);
  if ('refusal' in found) throw refusalError(found.refusal);
  return found.invitation;
}

/** INVITATION_NOT_FOUND (404) for a token never issued, INVITATION_CLOSED (410) for the others. */
function refusalError(refusal: InvitationRefusal): AppError {
  const code = refusal === 'not-found' ? 'INVITATION_NOT_FOUND' : 'INVITATION_CLOSED';
  return new AppError(code, INVITATION_REFUSALS[refusal]);
}

/**
 * What the Join link with `token` offers (the clinic, the address, the role, whether the address has an
 * account), or why it cannot be used: never issued, used, withdrawn or expired. Reads only; the Join
 * page's answer is drawn from it (decision 0134).
 */
export async function checkInvitation(db: Db, token: string): Promise<InvitationCheck> {
  const found = await findOpenInvitation(db, token);
  if ('refusal' in found) return { refusal: found.refusal };
  const { invitation } = found;
  const account = await findAccountByEmail(db, invitation.email);
  return {
    preview: {
      clinicName: invitation.clinicName ?? UNNAMED_CLINIC,
      email: invitation.email,
      role: invitation.role,
      accountExists: Boolean(account),
    },
  };
}

/**
 * What the Join page shows for `token`: the clinic, the address, the role and whether the address has
 * an account. Throws INVITATION_NOT_FOUND (404) for a token never issued, and INVITATION_CLOSED (410)
 * for one used, withdrawn or expired.
 */
export async function previewInvitation(db: Db, token: string): Promise<InvitationPreview> {
  const check = await checkInvitation(db, token);
  if ('refusal' in check) throw refusalError(check.refusal);
  return check.preview;
}

/**
 * Accepts an invitation: a new address gets a verified account (the email link proved it) with the
 * name and password given; an existing account in no clinic joins with its own password. Either way the
 * invitation is used up in the same transaction, so it admits one person once. Throws the errors of
 * previewInvitation, EMAIL_TAKEN (409) when the address joined another clinic meanwhile,
 * INVALID_CREDENTIALS (401) for a wrong password, and VALIDATION_FAILED (400) when the form given does
 * not match whether the account exists.
 */
export async function acceptInvitation(deps: TeamDeps, input: AcceptInvitationRequest): Promise<void> {
  const invitation = await openInvitation(deps.db, input.token);
  const account = await findAccountByEmail(deps.db, invitation.email);
  if (account && (account.role !== 'clinic' || account.clinicId))
    throw new AppError('EMAIL_TAKEN', TEAM_MESSAGES.inOtherClinic);
  if (Boolean(account) !== (input.account === 'existing'))
    throw new AppError('VALIDATION_FAILED', TEAM_MESSAGES.fillAllFields);
  if (
    account &&
    !(
      account.passwordHash && (await verifyPassword({ hash: account.passwordHash, password: input.password }))
    )
  )
    throw new AppError('INVALID_CREDENTIALS', TEAM_MESSAGES.wrongPassword, {
      password: TEAM_MESSAGES.wrongPassword,
    });
  const passwordHash = account || input.account !== 'new' ? null : await hashPassword(input.password);

  await joinTeam(deps, invitation, account?.id ?? null, passwordHash, input).catch((error: unknown) => {
    // The address signed up on its own meanwhile: the unique email refuses the second account.
    throw isUniqueViolation(error) ? new AppError('EMAIL_TAKEN', TEAM_MESSAGES.inOtherClinic) : error;
  });
}

async function joinTeam(
  deps: TeamDeps,
  invitation: Awaited<ReturnType<typeof openInvitation>>,
  accountId: string | null,
  passwordHash: string | null,
  input: AcceptInvitationRequest,
) {
  await deps.db.transaction(async (tx) => {
    if (!(await markInvitationAccepted(tx, invitation.id)))
      throw new AppError('INVITATION_CLOSED', TEAM_MESSAGES.invitationUsed);
    const membership = {
      clinicId: invitation.clinicId,
      clinicRole: invitation.role,
      twoFactorRequired: invitation.requireTwoFactor,
    };
    let userId: string;
    if (accountId) {
      userId = accountId;
      await setMembership(tx, userId, membership);
    } else {
      userId = randomUUID();
      const name = input.account === 'new' ? input.name : '';
      await insertMemberUser(tx, {
        id: userId,
        name,
        email: invitation.email,
        ...membership,
        passwordHash: passwordHash ?? '',
      });
    }
    await audit(tx, { userId, clinicId: invitation.clinicId }, 'team.joined', {
      email: invitation.email,
      role: invitation.role,
      newAccount: !accountId,
    });
  });
}
