/**
 * 'Add New Clinic' (decision 0017): an admin creates a clinic and its account, and the clinic is emailed
 * an invitation to set its password. The link is a password-reset link of better-auth's own kind, so
 * the existing /reset-password screen serves it and better-auth consumes it: it works once and
 * expires after INVITATION_SECONDS. The account has no password until then, so nobody can sign in to it.
 * The same kind of invitation makes an admin, and a clinic's is sent again until used (decision 0125).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { type AdminAccounts, type clinicInvitationSchema, INVITATION_MESSAGES } from '@clinicpay/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../http/app-error.js';
import type { JobQueue } from '../../jobs/index.js';
import { queueEmail } from '../../mail/email-job.js';
import type { Mail } from '../../mail/mailer.js';
import { renderTemplate } from '../../mail/render-email.js';
import { recordAudit } from '../audit/index.js';
import {
  type Auth,
  deleteAllButNewestVerification,
  findClinicOwner,
  insertInvitedAdmin,
  selectAdmins,
} from '../auth/index.js';
import { insertClinic } from '../clinics/index.js';
import { emailTaken, insertInvitedUser } from './queries.js';
import { clinicOrNotFound, nameOf } from './service.js';

/** Invitations last 7 days: long enough for a clinic to find the email, short enough to go stale. */
export const INVITATION_SECONDS = 7 * 24 * 60 * 60;

type ClinicInvitationInput = z.output<typeof clinicInvitationSchema>;

export interface InvitationDeps {
  db: Db;
  auth: Auth;
  jobs: Pick<JobQueue, 'send'>;
  publicUrl: string;
}

/**
 * The invitation to `to` for the clinic `clinicName` with the set-password `link` (absolute), built with
 * React Email (templates/invitation-email.tsx, loaded with the first email: decision 0077); the plain text
 * holds the link in full. Rejects only when rendering fails.
 */
export async function invitationEmail(to: string, clinicName: string, link: string): Promise<Mail> {
  return {
    to,
    subject: 'You are invited to ClinicPay',
    ...(await renderTemplate(async () => (await import('./templates/invitation-email.js')).InvitationEmail, {
      clinicName,
      link,
    })),
  };
}

/**
 * The admin's invitation to `to` with the set-password `link` (absolute), built with React Email
 * (templates/admin-invitation-email.tsx, loaded with the first email: decision 0077); the plain text
 * holds the link in full. Rejects only when rendering fails.
 */
export async function adminInvitationEmail(to: string, link: string): Promise<Mail> {
  return {
    to,
    subject: 'You are invited to administer ClinicPay',
    ...(await renderTemplate(
      async () => (await import('./templates/admin-invitation-email.js')).AdminInvitationEmail,
      { link },
    )),
  };
}

/**
 * Stores a single-use set-password token for `userId` and returns the link to /reset-password on
 * publicUrl. The token is better-auth's reset-password identifier, so its resetPassword endpoint
 * consumes exactly this row; it lasts INVITATION_SECONDS. Stored through better-auth's own connection,
 * before the caller's transaction: alone (no such user yet, or no email sent with it) it opens nothing.
 */
async function setPasswordLink(deps: InvitationDeps, userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await (await deps.auth.$context).internalAdapter.createVerificationValue({
    identifier: `reset-password:${token}`,
    value: userId,
    expiresAt: new Date(Date.now() + INVITATION_SECONDS * 1000),
  });
  return `${deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}&userId=${encodeURIComponent(userId)}`;
}

const emailExists = () => new AppError('EMAIL_TAKEN', INVITATION_MESSAGES.emailExists);

/**
 * Creates the clinic and its verified clinic user, stores a single-use token and queues the email
 * with the link in the same transaction (the job queue delivers it, retrying a mail server that is
 * down), and audits which admin invited whom. Throws EMAIL_TAKEN (409) when the email already has an
 * account (nothing is created).
 */
export async function inviteClinic(deps: InvitationDeps, input: ClinicInvitationInput, adminUserId: string) {
  if (await emailTaken(deps.db, input.email)) throw emailExists();
  const userId = randomUUID();
  const link = await setPasswordLink(deps, userId);
  // Rendered before the transaction, which then only writes.
  const mail = await invitationEmail(input.email, input.clinicName, link);
  const clinicId = await deps.db
    .transaction(async (tx) => {
      const created = await insertClinic(tx, input);
      await insertInvitedUser(tx, { ...input, clinicId: created, userId });
      await queueEmail(deps.jobs, mail, { tx });
      await recordAudit(tx, {
        actorUserId: adminUserId,
        action: 'clinic.invited',
        entityType: 'clinic',
        entityId: created,
        details: { email: input.email, clinicName: input.clinicName },
      });
      return created;
    })
    .catch((error: unknown) => {
      // The same address invited or signed up at once: the second loses at the unique index.
      throw isUniqueViolation(error) ? emailExists() : error;
    });
  return { clinicId, message: INVITATION_MESSAGES.sent(input.email) };
}

/** GET /api/admin/admins: every admin, oldest first (decision 0125). */
export async function listAdmins(db: Db): Promise<AdminAccounts> {
  const admins = await selectAdmins(db);
  return {
    admins: admins.map((admin) => ({
      id: admin.id,
      email: admin.email,
      twoFactorEnabled: admin.twoFactorEnabled,
      invitationPending: !admin.hasPassword,
      createdAt: admin.createdAt.toISOString(),
    })),
  };
}

/**
 * POST /api/admin/admins (decision 0125): creates an admin account for `email` (lower-cased by the
 * route's schema) — verified, bound to use two-factor sign-in, without a password — and queues the email
 * with a single-use link to set one, in one transaction with its audit entry. Once the password is set
 * the new admin signs in, and must set up two-factor sign-in before the console opens (decision 0122).
 * Throws EMAIL_TAKEN (409) when the email already has an account (nothing is created).
 */
export async function inviteAdmin(deps: InvitationDeps, email: string, adminUserId: string) {
  if (await emailTaken(deps.db, email)) throw emailExists();
  const userId = randomUUID();
  const mail = await adminInvitationEmail(email, await setPasswordLink(deps, userId));
  await deps.db
    .transaction(async (tx) => {
      await insertInvitedAdmin(tx, { id: userId, email });
      await queueEmail(deps.jobs, mail, { tx });
      await recordAudit(tx, {
        actorUserId: adminUserId,
        action: 'admin.invited',
        entityType: 'user',
        entityId: userId,
        details: { email },
      });
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? emailExists() : error;
    });
  return { userId, message: INVITATION_MESSAGES.sent(email) };
}

/**
 * POST /api/admin/clinics/:clinicId/resend-invitation (decision 0125): emails the clinic's owner a new
 * set-password link while they have never set a password. Every older link of theirs stops working:
 * once the new token is stored, the transaction that queues the email deletes all the user's
 * verification rows but the newest (as auth's verification links do, decision 0026), and audits it.
 * Throws CLINIC_NOT_FOUND, and INVITATION_ALREADY_USED (409) when the account has a password (or the
 * clinic has no owner account waiting).
 */
export async function resendClinicInvitation(deps: InvitationDeps, clinicId: string, adminUserId: string) {
  const clinic = await clinicOrNotFound(deps.db, clinicId);
  const owner = await findClinicOwner(deps.db, clinic.id);
  if (!owner || owner.hasPassword)
    throw new AppError('INVITATION_ALREADY_USED', INVITATION_MESSAGES.alreadyUsed);
  const mail = await invitationEmail(owner.email, nameOf(clinic), await setPasswordLink(deps, owner.id));
  await deps.db.transaction(async (tx) => {
    await deleteAllButNewestVerification(tx, owner.id);
    await queueEmail(deps.jobs, mail, { tx });
    await recordAudit(tx, {
      actorUserId: adminUserId,
      action: 'clinic.invitation_resent',
      entityType: 'clinic',
      entityId: clinic.id,
      details: { email: owner.email },
    });
  });
  return { message: INVITATION_MESSAGES.resent(owner.email) };
}
