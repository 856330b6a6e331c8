/**
 * Account protection at sign-in (decision 0124), kept in the audit trail every process shares:
 * - every sign-in and failed sign-in of an account is an audit entry;
 * - after FAILED_SIGN_IN_LIMIT failures in a row, from any addresses, the account does not lock: its next
 *   sign-in needs a single-use link emailed to it, and until that link is opened every sign-in gets the
 *   same answer, right password or wrong, so guessing tells nothing and the owner is never shut out;
 * - a sign-in from a device the account has not signed in on before emails the account;
 * - a member of a clinic whose sign-in an admin suspended is refused, with the reason (decision 0125).
 */
import { randomBytes } from 'node:crypto';
import { AUTH_MESSAGES, CLINIC_TIME_ZONE, type SessionUser } from '@clinicpay/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { currentClientAddress } from '../../http/request-context.js';
import type { JobQueue } from '../../jobs/index.js';
import { queueEmail } from '../../mail/email-job.js';
import { type AuditAction, recordAudit } from '../audit/index.js';
import type { Auth } from './auth.js';
import { deviceName } from './devices.js';
import { newDeviceEmail, signInLinkEmail } from './emails.js';
import {
  countFailedSignIns,
  deleteSessionsOf,
  findAccountById,
  findSignInSuspension,
  hasSignedInOn,
  lastAuditAt,
} from './queries.js';

/** Failed sign-ins in a row after which the next sign-in needs the emailed link. */
export const FAILED_SIGN_IN_LIMIT = 5;
/** The emailed link works for 1 hour, once. */
export const SIGN_IN_LINK_SECONDS = 60 * 60;
/** At most one such email per account in this time, however many sign-ins are tried. */
const SIGN_IN_LINK_EVERY_SECONDS = 15 * 60;

export const PROTECTION_MESSAGES = {
  linkSent:
    'For your safety, we have emailed you a link to continue signing in. Open it, then sign in again.',
  unlocked: 'Thank you. You can sign in now.',
  linkInvalid: 'This link is not valid, or has been used. Sign in to get a new one.',
} as const;

const linkIdentifier = (token: string) => `sign-in-link:${token}`;

export interface ProtectionDeps {
  db: Db;
  auth: Auth;
  jobs: Pick<JobQueue, 'send'>;
  onMailError: (error: unknown) => void;
}

/** The account a sign-in names, as the audit trail records it. */
export interface SigningInAccount {
  id: string;
  email: string;
  clinicId: string | null;
}

async function audit(
  db: Db,
  account: SigningInAccount,
  action: AuditAction,
  actor: string | null,
  details = {},
) {
  await db.transaction((tx) =>
    recordAudit(tx, {
      actorUserId: actor,
      action,
      entityType: 'user',
      entityId: account.id,
      clinicId: account.clinicId,
      details,
    }),
  );
}

/** Whether the account's next sign-in needs the emailed link: FAILED_SIGN_IN_LIMIT failures in a row. */
export async function needsSignInLink(db: Db, accountId: string): Promise<boolean> {
  return (await countFailedSignIns(db, accountId)) >= FAILED_SIGN_IN_LIMIT;
}

/**
 * Emails the account a single-use link to continue signing in, on `origin`, unless one went in the last
 * 15 minutes; audited. A mail that cannot be queued is reported, not thrown: the answer is the same.
 */
export async function sendSignInLink(
  deps: ProtectionDeps,
  account: SigningInAccount,
  origin: string,
): Promise<void> {
  const last = await lastAuditAt(deps.db, account.id, 'account.sign_in_link_sent');
  if (last && Date.now() - last.getTime() < SIGN_IN_LINK_EVERY_SECONDS * 1000) return;
  try {
    const token = randomBytes(32).toString('base64url');
    await (await deps.auth.$context).internalAdapter.createVerificationValue({
      identifier: linkIdentifier(token),
      value: account.id,
      expiresAt: new Date(Date.now() + SIGN_IN_LINK_SECONDS * 1000),
    });
    const mail = await signInLinkEmail(
      account.email,
      `${origin}/sign-in/continue?token=${encodeURIComponent(token)}`,
    );
    await queueEmail(deps.jobs, mail, { urgent: true });
    await audit(deps.db, account, 'account.sign_in_link_sent', null);
  } catch (error) {
    deps.onMailError(error);
  }
}

/** The refusal every sign-in of an account that needs the link gets, whatever its password. */
export const signInLinkNeeded = () => new AppError('SIGN_IN_LINK_REQUIRED', PROTECTION_MESSAGES.linkSent);

/**
 * Refuses a sign-in whose password (and code) were right when an admin has suspended sign-in for the
 * account's clinic (decision 0125): asked only once the password is known right, so it tells a stranger
 * nothing. Ends every session of the account, any the sign-in just opened included, and throws
 * CLINIC_SUSPENDED (403) with the reason the clinic was told. An account in no clinic passes.
 */
export async function refuseSuspendedClinic(
  db: Db,
  account: { id: string; clinicId: string | null },
): Promise<void> {
  if (!account.clinicId) return;
  const suspension = await findSignInSuspension(db, account.clinicId);
  if (!suspension) return;
  await deleteSessionsOf(db, account.id);
  throw new AppError('CLINIC_SUSPENDED', AUTH_MESSAGES.clinicSuspended(suspension.reason));
}

/** Records a failed sign-in of an existing account; emails the link when it makes the limit. */
export async function recordFailedSignIn(deps: ProtectionDeps, account: SigningInAccount, origin: string) {
  await audit(deps.db, account, 'account.sign_in_failed', null);
  if (await needsSignInLink(deps.db, account.id)) await sendSignInLink(deps, account, origin);
}

/**
 * Records a completed sign-in (password, and the code where two-factor is on), which ends a run of
 * failures, and emails the account when the device is one it has not signed in on before (not on its
 * very first sign-in). `userAgent` is the request's.
 */
export async function recordSignIn(
  deps: ProtectionDeps,
  user: SessionUser,
  userAgent: string | null,
  origin: string,
): Promise<void> {
  const device = deviceName(userAgent);
  const account = { id: user.id, email: user.email, clinicId: user.clinicId };
  const [seenBefore, signedInBefore] = await Promise.all([
    hasSignedInOn(deps.db, user.id, device),
    lastAuditAt(deps.db, user.id, 'account.signed_in'),
  ]);
  await audit(deps.db, account, 'account.signed_in', user.id, { device });
  if (seenBefore || !signedInBefore) return;
  const when = new Intl.DateTimeFormat('en-GB', {
    timeZone: CLINIC_TIME_ZONE,
    dateStyle: 'long',
    timeStyle: 'short',
  }).format(new Date());
  try {
    const mail = await newDeviceEmail(user.email, {
      device,
      ipAddress: currentClientAddress() ?? 'unknown',
      when,
      securityLink: `${origin}${user.role === 'admin' ? '/admin' : '/dashboard/security'}`,
    });
    await queueEmail(deps.jobs, mail);
  } catch (error) {
    deps.onMailError(error);
  }
}

/**
 * Uses up an emailed link: the account may sign in again with its password (and code). Throws
 * INVALID_TOKEN (400) for a link unknown, expired or used.
 */
export async function useSignInLink(deps: ProtectionDeps, token: string): Promise<void> {
  const adapter = (await deps.auth.$context).internalAdapter;
  const stored = await adapter.consumeVerificationValue(linkIdentifier(token));
  if (!stored || new Date(stored.expiresAt) < new Date())
    throw new AppError('INVALID_TOKEN', PROTECTION_MESSAGES.linkInvalid);
  const account = await findAccountById(deps.db, stored.value);
  if (!account) throw new AppError('INVALID_TOKEN', PROTECTION_MESSAGES.linkInvalid);
  await audit(deps.db, account, 'account.sign_in_unlocked', account.id);
}
