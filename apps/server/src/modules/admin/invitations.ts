/**
 * 'Add New Clinic' (decision 0017): an admin creates a clinic and its account, and the clinic is emailed
 * an invitation to set its password. The link is a password-reset link of better-auth's own kind, so
 * the existing /reset-password screen serves it and better-auth consumes it: it works once and
 * expires after INVITATION_SECONDS. The account has no password until then, so nobody can sign in to it.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { type clinicInvitationSchema, INVITATION_MESSAGES } from '@clinicpay/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import type { JobQueue } from '../../jobs/index.js';
import { queueEmail } from '../../mail/email-job.js';
import type { Mail } from '../../mail/mailer.js';
import { renderTemplate } from '../../mail/render-email.js';
import { recordAudit } from '../audit/index.js';
import type { Auth } from '../auth/index.js';
import { insertClinic } from '../clinics/index.js';
import { emailTaken, insertInvitedUser } from './queries.js';

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
 * Creates the clinic and its verified clinic user, stores a single-use token and queues the email
 * with the link in the same transaction (the job queue delivers it, retrying a mail server that is
 * down), and audits which admin invited whom. Throws CONFLICT when the email already has an account (nothing is created).
 */
export async function inviteClinic(deps: InvitationDeps, input: ClinicInvitationInput, adminUserId: string) {
  if (await emailTaken(deps.db, input.email))
    throw new AppError('EMAIL_TAKEN', INVITATION_MESSAGES.emailExists);
  const userId = randomUUID();
  const token = randomBytes(32).toString('base64url');
  // better-auth's reset-password identifier: its resetPassword endpoint consumes exactly this row.
  // Stored first, through better-auth's own connection; alone (no such user yet) it opens nothing.
  await (await deps.auth.$context).internalAdapter.createVerificationValue({
    identifier: `reset-password:${token}`,
    value: userId,
    expiresAt: new Date(Date.now() + INVITATION_SECONDS * 1000),
  });
  const link = `${deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}&userId=${encodeURIComponent(userId)}`;
  // Rendered before the transaction, which then only writes.
  const mail = await invitationEmail(input.email, input.clinicName, link);
  const clinicId = await deps.db.transaction(async (tx) => {
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
  });
  return { clinicId, message: INVITATION_MESSAGES.sent(input.email) };
}
