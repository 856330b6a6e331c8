/**
 * Account rules: sign-up (a clinic and its first user, in one transaction), email verification and
 * its resend (spec §4 "Account", §5, §8 "Sign-in and sign-up", "Verification and reset").
 */
import { randomUUID } from 'node:crypto';
import { AUTH_MESSAGES, type SignUpRequest } from '@clinicpay/shared';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { accounts, clinics, users } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import type { JobQueue } from '../../jobs/index.js';
import { queueEmail } from '../notifications/index.js';
import type { Auth } from './auth.js';
import { verificationEmail } from './emails.js';
import { hashPassword } from './password-hashing.js';
import { consumeVerificationToken, issueVerificationToken } from './tokens.js';

export interface AccountDeps {
  db: Db;
  auth: Auth;
  jobs: Pick<JobQueue, 'send'>;
  config: Config;
  /** Logs an account email that could not be sent. */
  onMailError: (error: unknown) => void;
}

const UNIQUE_VIOLATION = '23505';

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string }; code?: string }) ?? {};
  return cause.code === UNIQUE_VIOLATION || cause.cause?.code === UNIQUE_VIOLATION;
}

export function findUserByEmail(db: Db, email: string) {
  return db
    .select({ id: users.id, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.email, email))
    .then((rows) => rows[0]);
}

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
  await queueEmail(deps.jobs, verificationEmail(email, link));
  return link;
}

/** A user and the email + password credential better-auth signs them in with. */
async function insertCredentialUser(
  tx: Tx,
  user: Omit<typeof users.$inferInsert, 'createdAt' | 'updatedAt'> & { passwordHash: string },
) {
  const { passwordHash, ...fields } = user;
  await tx.insert(users).values(fields);
  await tx.insert(accounts).values({
    id: randomUUID(),
    accountId: fields.id,
    providerId: 'credential',
    userId: fields.id,
    password: passwordHash,
  });
}

type SignUpInput = Omit<SignUpRequest, 'agreeTerms' | 'confirmPassword'>;

/**
 * Creates the clinic, its user (role clinic, unverified) and the password credential in one
 * transaction, then emails the verification link, on `origin` (default PUBLIC_URL; the routes pass
 * http/link-origin.ts's). Throws AppError 409 when the email is taken.
 */
export async function signUpClinic(deps: AccountDeps, input: SignUpInput, origin = deps.config.publicUrl) {
  const email = input.email.toLowerCase();
  if (await findUserByEmail(deps.db, email)) throw new AppError('CONFLICT', AUTH_MESSAGES.emailExists);

  const passwordHash = await hashPassword(input.password);
  const userId = randomUUID();
  try {
    await deps.db.transaction(async (tx) => {
      const [clinic] = await tx
        .insert(clinics)
        .values({ clinicName: input.clinicName.trim(), email })
        .returning({ id: clinics.id });
      if (!clinic) throw new Error('clinic was not created');
      await insertCredentialUser(tx, {
        id: userId,
        email,
        name: input.clinicName.trim(),
        clinicId: clinic.id,
        passwordHash,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', AUTH_MESSAGES.emailExists);
    throw error;
  }

  // The account exists now; if the mail fails the user can ask for it again from /verify-email.
  const verificationUrl = await sendVerification(deps, userId, email, origin).catch((error: unknown) => {
    deps.onMailError(error);
    return undefined;
  });
  return { userId, email, verificationUrl };
}

/**
 * Sends a new verification link, on `origin`, when the address belongs to an unverified account. The
 * caller answers the same either way, so the answer does not tell whether the address has an account.
 */
export async function resendVerification(
  deps: AccountDeps,
  email: string,
  origin = deps.config.publicUrl,
): Promise<string | undefined> {
  const user = await findUserByEmail(deps.db, email);
  if (!user || user.emailVerified) return undefined;
  try {
    return await sendVerification(deps, user.id, email, origin);
  } catch (error) {
    deps.onMailError(error);
    throw new AppError('SERVICE_UNAVAILABLE', AUTH_MESSAGES.verificationSendFailed);
  }
}

/** Marks the user verified after using up their token (throws AppError 400 for a bad token). */
export async function verifyEmail(deps: AccountDeps, token: string, userId: string): Promise<void> {
  await consumeVerificationToken(deps.auth, token, userId);
  await deps.db.update(users).set({ emailVerified: true, updatedAt: new Date() }).where(eq(users.id, userId));
}

/**
 * Creates a verified admin account (no clinic). Used by `npm run create-admin`; there is no default
 * admin. Throws AppError 409 when the email is taken.
 */
export async function createAdmin(db: Db, email: string, password: string): Promise<string> {
  const normalised = email.trim().toLowerCase();
  if (await findUserByEmail(db, normalised)) throw new AppError('CONFLICT', AUTH_MESSAGES.emailExists);
  const userId = randomUUID();
  const passwordHash = await hashPassword(password);
  await db.transaction((tx) =>
    insertCredentialUser(tx, {
      id: userId,
      email: normalised,
      name: 'Administrator',
      role: 'admin',
      emailVerified: true,
      passwordHash,
    }),
  );
  return userId;
}
