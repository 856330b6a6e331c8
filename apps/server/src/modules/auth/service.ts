/**
 * Account rules (docs/product.md#states-account, docs/product.md#validation, and the messages at
 * docs/product.md#messages-accounts, docs/product.md#messages-verification and, for change password,
 * docs/product.md#messages-reports): sign-up (a clinic and its first user, in one transaction), email
 * verification and its resend, the admin account, and the better-auth calls for sign-in, sign-out and
 * passwords, with better-auth's refusals turned into ClinicPay's codes and those messages' texts. Knows no
 * HTTP: a caller passes the request's headers (the session cookie) and forwards the Set-Cookie headers it
 * gets back.
 */
import { randomUUID } from 'node:crypto';
import {
  AUTH_MESSAGES,
  type ChangePasswordRequest,
  type ResetPasswordRequest,
  type SessionUser,
  type SignInRequest,
  type SignUpRequest,
} from '@clinicpay/shared';
import { APIError } from 'better-auth/api';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../http/app-error.js';
import type { JobQueue } from '../../jobs/index.js';
import { queueEmail } from '../../mail/email-job.js';
import { recordAudit } from '../audit/index.js';
import type { Auth } from './auth.js';
import { verificationEmail } from './emails.js';
import { ACCOUNT_EMAIL_PRIORITY, accountEmailJob } from './jobs.js';
import { hashPassword } from './password-hashing.js';
import {
  needsSignInLink,
  recordFailedSignIn,
  recordSignIn,
  refuseSuspendedClinic,
  sendSignInLink,
  signInLinkNeeded,
} from './protection.js';
import {
  findAccountByEmail,
  findUserByEmail,
  insertClinicWithUser,
  insertUserWithoutClinic,
  markEmailVerified,
} from './queries.js';
import { toSessionUser } from './session.js';
import { checkResetToken, consumeVerificationToken, issueVerificationToken } from './tokens.js';

export interface AccountDeps {
  db: Db;
  auth: Auth;
  jobs: Pick<JobQueue, 'send'>;
  config: Config;
  /** Logs an account email that could not be sent. */
  onMailError: (error: unknown) => void;
}

const emailTaken = () => new AppError('EMAIL_TAKEN', AUTH_MESSAGES.emailExists);

/**
 * Queues an email with a fresh verification link on `origin` (e.g. 'http://127.0.0.1:3000'); returns
 * the link (shown outside production only).
 */
async function sendVerification(
  deps: AccountDeps,
  userId: string,
  email: string,
  origin: string,
): Promise<string> {
  const token = await issueVerificationToken(deps.auth, deps.db, userId);
  const link = `${origin}/verify-email?token=${token}&userId=${encodeURIComponent(userId)}`;
  await queueEmail(deps.jobs, await verificationEmail(email, link), { urgent: true });
  return link;
}

type SignUpInput = Omit<SignUpRequest, 'agreeTerms' | 'confirmPassword'>;

/**
 * Creates the clinic, its user (role clinic, unverified) and the password credential in one
 * transaction, then emails the verification link, on `origin` (default PUBLIC_URL; the routes pass
 * http/link-origin.ts's). Throws AppError EMAIL_TAKEN (409) when the email is taken.
 */
export async function signUpClinic(deps: AccountDeps, input: SignUpInput, origin = deps.config.publicUrl) {
  const email = input.email.toLowerCase();
  if (await findUserByEmail(deps.db, email)) throw emailTaken();

  const passwordHash = await hashPassword(input.password);
  const userId = randomUUID();
  const clinicName = input.clinicName.trim();
  try {
    await insertClinicWithUser(
      deps.db,
      { clinicName, email },
      { id: userId, name: clinicName, passwordHash },
    );
  } catch (error) {
    // Two sign-ups with one address at once: the second loses at the unique index.
    throw isUniqueViolation(error) ? emailTaken() : error;
  }

  // The account exists now; if the mail fails the user can ask for it again from /verify-email.
  const verificationUrl = await sendVerification(deps, userId, email, origin).catch((error: unknown) => {
    deps.onMailError(error);
    return undefined;
  });
  return { userId, email, verificationUrl };
}

/**
 * Asks for a new verification link for `email`, on `origin`: queues the job that sends it when the address
 * belongs to an unverified account (jobs.ts). The same job is queued whatever the address, so the answer
 * and its timing do not tell whether it has an account (decision 0124). Throws MESSAGE_NOT_SENT (503,
 * 'Failed to send verification email') when the job cannot be queued.
 */
export async function resendVerification(deps: AccountDeps, email: string, origin = deps.config.publicUrl) {
  try {
    await deps.jobs.send(
      accountEmailJob,
      { kind: 'verification', email: email.toLowerCase(), origin },
      { priority: ACCOUNT_EMAIL_PRIORITY },
    );
  } catch (error) {
    deps.onMailError(error);
    throw new AppError('MESSAGE_NOT_SENT', AUTH_MESSAGES.verificationSendFailed);
  }
}

/**
 * The worker's side of an account email (jobs.ts): a verification link when the address has an
 * unverified account, a reset link when it has an account; nothing otherwise. Throws what queueing the
 * email throws, so the job is retried.
 */
export async function sendAccountEmail(
  deps: AccountDeps,
  job: { kind: 'verification' | 'password-reset'; email: string; origin: string },
): Promise<void> {
  if (job.kind === 'password-reset') {
    await deps.auth.api.requestPasswordReset({
      body: { email: job.email, redirectTo: `${job.origin}/reset-password` },
    });
    return;
  }
  const user = await findUserByEmail(deps.db, job.email);
  if (!user || user.emailVerified) return;
  await sendVerification(deps, user.id, job.email, job.origin);
}

/** Marks the user verified after using up their token (throws AppError INVALID_TOKEN, 400, for a bad token). */
export async function verifyEmail(deps: AccountDeps, token: string, userId: string): Promise<void> {
  await consumeVerificationToken(deps.auth, token, userId);
  await markEmailVerified(deps.db, userId);
}

/**
 * Creates a verified admin account (no clinic). Used by `npm run create-admin`; there is no default
 * admin. Throws AppError EMAIL_TAKEN (409) when the email is taken.
 */
export async function createAdmin(db: Db, email: string, password: string): Promise<string> {
  const normalised = email.trim().toLowerCase();
  if (await findUserByEmail(db, normalised)) throw emailTaken();
  const userId = randomUUID();
  const passwordHash = await hashPassword(password);
  await insertUserWithoutClinic(db, {
    id: userId,
    email: normalised,
    name: 'Administrator',
    role: 'admin',
    emailVerified: true,
    // Admins must use two-factor sign-in (decision 0122).
    twoFactorRequired: true,
    passwordHash,
  });
  return userId;
}

/** better-auth's own error code of a refusal (e.g. 'EMAIL_NOT_VERIFIED'), if it is one. */
const betterAuthCode = (error: unknown) =>
  error instanceof APIError ? (error.body as { code?: string } | undefined)?.code : undefined;

export type SignInResult =
  | { outcome: 'signed-in'; user: SessionUser; headers: Headers }
  /** The password is right and the account uses two-factor sign-in: no session yet (decision 0122). */
  | { outcome: 'two-factor'; headers: Headers }
  /** The password is right but the email is not verified yet (docs/product.md#states-account): no session. */
  | { outcome: 'unverified'; email: string; userId: string };

/**
 * Checks the email and password and opens a session (its cookie in the returned headers). Each try on
 * an existing account is audited; after FAILED_SIGN_IN_LIMIT failures in a row every try gets
 * SIGN_IN_LINK_REQUIRED (403) and the account is emailed a link on `origin`, until it is opened
 * (decision 0124). A completed sign-in from a new device emails the account. Throws INVALID_CREDENTIALS
 * (401) for any refusal, one text for both parts so neither is revealed, and, once the password is known
 * right, CLINIC_SUSPENDED (403) for a member of a clinic whose sign-in an admin suspended (decision 0125).
 */
export async function signIn(
  deps: AccountDeps,
  input: SignInRequest,
  headers: Headers,
  origin: string,
): Promise<SignInResult> {
  const found = await findAccountByEmail(deps.db, input.email.toLowerCase());
  const account = found ? { id: found.id, email: input.email.toLowerCase(), clinicId: found.clinicId } : null;
  if (account && (await needsSignInLink(deps.db, account.id))) {
    await sendSignInLink(deps, account, origin);
    throw signInLinkNeeded();
  }
  try {
    const result = await deps.auth.api.signInEmail({ body: input, headers, returnHeaders: true });
    // The two-factor plugin answers for the sign-in, with its signed challenge cookie in the headers.
    const answer = result.response as {
      twoFactorRedirect?: boolean;
      user?: Parameters<typeof toSessionUser>[0];
    };
    // The password is right: only now is a suspended clinic told (decision 0125). An AppError passes
    // through the catch below untouched.
    if (found) await refuseSuspendedClinic(deps.db, found);
    if (answer.twoFactorRedirect || !answer.user) return { outcome: 'two-factor', headers: result.headers };
    const user = toSessionUser(answer.user);
    await recordSignIn(deps, user, headers.get('user-agent'), origin);
    return { outcome: 'signed-in', user, headers: result.headers };
  } catch (error) {
    if (betterAuthCode(error) === 'EMAIL_NOT_VERIFIED') {
      const user = await findUserByEmail(deps.db, input.email);
      if (user) return { outcome: 'unverified', email: input.email, userId: user.id };
    }
    if (error instanceof APIError) {
      if (account) await recordFailedSignIn(deps, account, origin);
      throw new AppError('INVALID_CREDENTIALS', AUTH_MESSAGES.invalidCredentials);
    }
    throw error;
  }
}

/** Ends the session the headers' cookie names; returns the headers that clear it (none without one). */
export async function signOut(auth: Auth, headers: Headers): Promise<Headers | undefined> {
  if (!headers.get('cookie')) return undefined;
  // An unknown or expired session is as good as signed out.
  const result = await auth.api.signOut({ headers, returnHeaders: true }).catch(() => undefined);
  return result?.headers;
}

/**
 * Asks for a reset link for `email`, on `origin`: queues the job that sends it when the address has an
 * account (jobs.ts), the same job whatever the address (decision 0124). Throws only what queueing throws.
 */
export async function requestPasswordReset(deps: AccountDeps, email: string, origin: string): Promise<void> {
  await deps.jobs.send(
    accountEmailJob,
    { kind: 'password-reset', email: email.toLowerCase(), origin },
    { priority: ACCOUNT_EMAIL_PRIORITY },
  );
}

/**
 * Sets a new password with a reset link's token, which is used up, and signs out every session.
 * Throws INVALID_TOKEN (400) with checkResetToken's texts, or 'Invalid reset token' when better-auth
 * refuses the token (used up in a race).
 */
export async function resetPassword(auth: Auth, input: ResetPasswordRequest): Promise<void> {
  await checkResetToken(auth, input.token, input.userId);
  try {
    await auth.api.resetPassword({ body: { token: input.token, newPassword: input.password } });
  } catch (error) {
    if (error instanceof APIError) throw new AppError('INVALID_TOKEN', AUTH_MESSAGES.invalidResetToken);
    throw error;
  }
}

/**
 * Changes the signed-in user's password and signs out their other sessions, audited; returns the
 * headers of the renewed session. Throws CURRENT_PASSWORD_INCORRECT (400), shown at currentPassword
 * (docs/product.md#messages-reports).
 */
export async function changePassword(
  deps: AccountDeps,
  user: SessionUser,
  input: Pick<ChangePasswordRequest, 'currentPassword' | 'newPassword'>,
  headers: Headers,
): Promise<Headers> {
  try {
    const result = await deps.auth.api.changePassword({
      body: {
        currentPassword: input.currentPassword,
        newPassword: input.newPassword,
        revokeOtherSessions: true,
      },
      headers,
      returnHeaders: true,
    });
    await deps.db.transaction((tx) =>
      recordAudit(tx, {
        actorUserId: user.id,
        action: 'account.password_changed',
        entityType: 'user',
        entityId: user.id,
        clinicId: user.clinicId,
        details: {},
      }),
    );
    return result.headers;
  } catch (error) {
    if (betterAuthCode(error) === 'INVALID_PASSWORD') {
      throw new AppError('CURRENT_PASSWORD_INCORRECT', AUTH_MESSAGES.currentPasswordIncorrect, {
        currentPassword: AUTH_MESSAGES.currentPasswordIncorrect,
      });
    }
    throw error;
  }
}
