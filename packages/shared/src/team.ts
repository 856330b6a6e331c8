/**
 * A clinic's team (decision 0121): each member has one role, and what a role may do is one table,
 * PERMISSIONS, which the server's route guard and the web app's screens both read. Invitations go by
 * email, name a role (never owner: ownership is transferred) and work once before they expire.
 */
import { z } from 'zod';
import { accountEmailField } from './mini/email-field.js';
import { nameField } from './mini/fields.js';

/** A member's role in their clinic. A clinic always has exactly one owner. */
export const CLINIC_ROLES = ['owner', 'manager', 'reception'] as const;
export type ClinicRole = (typeof CLINIC_ROLES)[number];

/** The roles an invitation or a change of role may give: ownership only moves by transfer. */
export const INVITABLE_ROLES = ['manager', 'reception'] as const;
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

export const CLINIC_ROLE_LABELS: Record<ClinicRole, string> = {
  owner: 'Owner',
  manager: 'Manager',
  reception: 'Reception',
};

/**
 * What each role may do, one row per kind of work (decision 0121). Every clinic route names one of
 * these, and every screen shows or hides what it offers by the same name:
 * - `collect`: payment links, payment requests, and viewing payments and patients;
 * - `money`: refunds, charging saved cards, disputes, CSV exports and statements;
 * - `manage`: the clinic's settings, provider connection, payouts, team and terms.
 */
export const PERMISSIONS = {
  collect: ['owner', 'manager', 'reception'],
  money: ['owner', 'manager'],
  manage: ['owner'],
} as const satisfies Record<string, readonly ClinicRole[]>;
export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

/** Whether a member with `role` (null: not a member of any clinic) may do `permission`'s work. */
export function roleCan(role: ClinicRole | null | undefined, permission: Permission): boolean {
  return role != null && (PERMISSIONS[permission] as readonly ClinicRole[]).includes(role);
}

/** Invitations last 7 days, as an admin's invitation of a clinic does. */
export const TEAM_INVITATION_DAYS = 7;

export const TEAM_MESSAGES = {
  forbidden: "Your role in this clinic doesn't allow this. Ask the clinic's owner.",
  /** Beside a notice whose action is the owner's, for the other roles. */
  askOwner: "The clinic's owner can do this.",
  enterEmail: 'Please enter your email address',
  invalidEmail: 'Please enter a valid email address',
  chooseRole: 'Choose Manager or Reception',
  alreadyMember: 'This person is already in your team',
  inOtherClinic: "This email belongs to another clinic's account",
  invitationSent: 'Invitation sent',
  invitationRevoked: 'Invitation withdrawn',
  invitationNotFound: 'This invitation link is not valid. Ask the clinic for a new one.',
  invitationExpired: 'This invitation has expired. Ask the clinic for a new one.',
  invitationUsed: 'This invitation has already been used. Sign in instead.',
  invitationWithdrawn: 'This invitation was withdrawn. Ask the clinic for a new one.',
  joined: 'You have joined the clinic. Sign in to continue.',
  memberNotFound: 'This person is not in your team',
  ownerRoleFixed: "The owner's role changes only by transferring ownership",
  cannotRemoveOwner: 'The owner cannot be removed. Transfer ownership first.',
  cannotRemoveYourself: 'You cannot remove yourself',
  roleChanged: 'Role changed',
  memberRemoved: 'Removed from the team',
  ownershipTransferred: 'Ownership transferred',
  transferToSelf: 'You are already the owner',
  signedOutEverywhere: 'Signed out everywhere',
  fillAllFields: 'Please fill in all fields',
  passwordMin: 'Password must be at least 8 characters',
  passwordTooLong: 'Password must be at most 128 characters',
  passwordsDoNotMatch: 'Passwords do not match',
  wrongPassword: 'Incorrect password for this account',
} as const;

const roleField = z.enum(INVITABLE_ROLES, { error: TEAM_MESSAGES.chooseRole });

/** POST /api/team/invitations: who to invite and as what. */
export const teamInvitationRequestSchema = z.object({
  email: accountEmailField({ missing: TEAM_MESSAGES.enterEmail, invalid: TEAM_MESSAGES.invalidEmail }),
  role: roleField,
});
export type TeamInvitationRequest = z.input<typeof teamInvitationRequestSchema>;

/** PATCH /api/team/members/:userId: the member's new role. */
export const changeRoleRequestSchema = z.object({ role: roleField });

/** POST /api/team/transfer-ownership: the member who becomes the owner. */
export const transferOwnershipRequestSchema = z.object({
  userId: z.string({ error: TEAM_MESSAGES.memberNotFound }).min(1, TEAM_MESSAGES.memberNotFound).max(100),
});

export const teamMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(CLINIC_ROLES),
  you: z.boolean(),
  /** Whether they sign in with two factors (decision 0122). */
  twoFactorEnabled: z.boolean(),
  joinedAt: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const pendingInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(INVITABLE_ROLES),
  invitedAt: z.string(),
  expiresAt: z.string(),
});
export type PendingInvitation = z.infer<typeof pendingInvitationSchema>;

/** GET /api/team: the members, owner first, the invitations still waiting, and the two-factor rule. */
export const teamSchema = z.object({
  /** The owner requires two-factor sign-in of everyone (decision 0122). */
  requireTwoFactor: z.boolean(),
  members: z.array(teamMemberSchema),
  invitations: z.array(pendingInvitationSchema),
});
export type Team = z.infer<typeof teamSchema>;

const invitationToken = z
  .string({ error: TEAM_MESSAGES.invitationNotFound })
  .min(1, TEAM_MESSAGES.invitationNotFound)
  .max(200, TEAM_MESSAGES.invitationNotFound);

/** GET /api/team-invitations?token=: what the invitation offers, for the Join page. */
export const invitationTokenQuerySchema = z.object({ token: invitationToken });

export const invitationPreviewSchema = z.object({
  clinicName: z.string(),
  email: z.string(),
  role: z.enum(INVITABLE_ROLES),
  /** Whether the email already has a ClinicPay account: then its password joins it to the clinic. */
  accountExists: z.boolean(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/**
 * Why an invitation link cannot be used, each with what the Join page says. The server checks the link
 * as it answers the page and sends the copy drawn for what it found (decision 0134).
 */
export const INVITATION_REFUSALS = {
  'not-found': TEAM_MESSAGES.invitationNotFound,
  used: TEAM_MESSAGES.invitationUsed,
  withdrawn: TEAM_MESSAGES.invitationWithdrawn,
  expired: TEAM_MESSAGES.invitationExpired,
} as const;
export type InvitationRefusal = keyof typeof INVITATION_REFUSALS;
export const INVITATION_REFUSAL_KINDS = Object.keys(INVITATION_REFUSALS) as InvitationRefusal[];

/** What checking an invitation link found: why it cannot be used, or what it offers. */
export type InvitationCheck = { refusal: InvitationRefusal } | { preview: InvitationPreview };

/**
 * The Join page's copy drawn for what a check found (decision 0134): a refusal's own, or, for an open
 * invitation, the one for its role and whether its address has an account, e.g. 'new-manager'.
 */
export function invitationCopyKey(check: InvitationCheck): string {
  if ('refusal' in check) return check.refusal;
  return `${check.preview.accountExists ? 'existing' : 'new'}-${check.preview.role}`;
}

/**
 * What the Join page's copies for an open invitation are drawn with where the invitation's own words
 * go; the server puts them in, escaped, as it answers the page (decision 0134). Letters and dashes
 * only, so that drawing the page leaves them as they are.
 */
export const INVITATION_PLACEHOLDERS = {
  clinicName: 'clinicpay-placeholder-clinic-name',
  email: 'clinicpay-placeholder-email',
  /** The root's `data-invitation`: the invitation as JSON, for the page's scripts. */
  invitation: 'clinicpay-placeholder-invitation',
} as const;

const password = z
  .string({ error: TEAM_MESSAGES.fillAllFields })
  .min(1, TEAM_MESSAGES.fillAllFields)
  .max(128, TEAM_MESSAGES.passwordTooLong);

/** Joining with an existing account: its password, which the server checks. */
export const acceptWithAccountSchema = z.object({
  account: z.literal('existing'),
  token: invitationToken,
  password,
});
export type AcceptWithAccount = z.input<typeof acceptWithAccountSchema>;

/** Joining with a new account: a name and a password, twice. */
export const acceptWithNewAccountSchema = z
  .object({
    account: z.literal('new'),
    token: invitationToken,
    name: nameField({ missing: TEAM_MESSAGES.fillAllFields }),
    password: password.min(8, TEAM_MESSAGES.passwordMin),
    confirmPassword: z.string({ error: TEAM_MESSAGES.fillAllFields }).min(1, TEAM_MESSAGES.fillAllFields),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: TEAM_MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type AcceptWithNewAccount = z.input<typeof acceptWithNewAccountSchema>;

/** POST /api/team-invitations/accept: either form, told apart by `account`. */
export const acceptInvitationRequestSchema = z.discriminatedUnion('account', [
  acceptWithAccountSchema,
  acceptWithNewAccountSchema,
]);
export type AcceptInvitationRequest = z.input<typeof acceptInvitationRequestSchema>;
