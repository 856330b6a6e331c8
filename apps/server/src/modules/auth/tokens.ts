/**
 * Email verification and password reset tokens. better-auth stores them (hashed, with an expiry) in
 * the verifications table and consumes them atomically, so each works once
 * (docs/product.md#states-account, password reset). A user has one live verification link at a time:
 * issuing one revokes the older ones, as the email promises (decision 0026).
 */
import { randomBytes } from 'node:crypto';
import { AUTH_MESSAGES, RESET_LINK_REFUSALS, type ResetLinkState } from '@clinicpay/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import type { Auth } from './auth.js';
import { deleteAllButNewestVerification } from './queries.js';

/** Verification links work for 24 hours (docs/decisions/0030-single-use-hashed-tokens.md). */
export const VERIFICATION_TOKEN_SECONDS = 24 * 60 * 60;

const verificationIdentifier = (token: string) => `email-verification:${token}`;
/**
 * A verification row's value. It names the purpose as well as the user, because the identifier is
 * stored hashed and reset tokens (better-auth's own) hold the bare user id: this is how a user's
 * verification rows are found without touching their reset links.
 */
const verificationValue = (userId: string) => `email-verification:${userId}`;
const resetIdentifier = (token: string) => `reset-password:${token}`;

async function internalAdapter(auth: Auth) {
  return (await auth.$context).internalAdapter;
}

/**
 * Creates a verification token for the user and returns it (only its hash is stored). Every older
 * verification token of the user stops working: once the new one is stored, all the user's rows but
 * the newest are deleted. Several issued at once therefore leave exactly one working, the newest,
 * whichever order the processes commit in (queries.ts deleteAllButNewestVerification).
 */
export async function issueVerificationToken(auth: Auth, db: Db, userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const value = verificationValue(userId);
  await (await internalAdapter(auth)).createVerificationValue({
    identifier: verificationIdentifier(token),
    value,
    expiresAt: new Date(Date.now() + VERIFICATION_TOKEN_SECONDS * 1000),
  });
  await deleteAllButNewestVerification(db, value);
  return token;
}

/**
 * Uses up a verification token of this user. Throws AppError INVALID_TOKEN (400) 'Invalid or expired
 * verification token' when it is unknown, another user's, expired, already used or replaced by a newer one.
 */
export async function consumeVerificationToken(auth: Auth, token: string, userId: string): Promise<void> {
  const adapter = await internalAdapter(auth);
  const invalid = new AppError('INVALID_TOKEN', AUTH_MESSAGES.invalidVerificationToken);
  const stored = await adapter.findVerificationValue(verificationIdentifier(token));
  if (!stored || stored.value !== verificationValue(userId) || stored.expiresAt < new Date()) throw invalid;
  const consumed = await adapter.consumeVerificationValue(verificationIdentifier(token));
  if (!consumed) throw invalid;
}

/**
 * What a reset link's check finds (docs/product.md#validation): 'valid', or why it is refused, by its
 * name in RESET_LINK_REFUSALS: an unknown token, another user's, or an expired one. Does not use the
 * token up.
 */
export async function resetLinkState(auth: Auth, token: string, userId: string): Promise<ResetLinkState> {
  const stored = await (await internalAdapter(auth)).findVerificationValue(resetIdentifier(token));
  if (!stored) return 'invalid-token';
  if (stored.value !== userId) return 'invalid-user';
  if (stored.expiresAt < new Date()) return 'expired';
  return 'valid';
}

/**
 * Checks a reset link's token against docs/product.md#validation; each refusal is INVALID_TOKEN (400):
 * unknown → 'Invalid reset token', another user's → 'Invalid user ID', expired → 'This reset link has
 * expired'. Does not use the token up.
 */
export async function checkResetToken(auth: Auth, token: string, userId: string): Promise<void> {
  const state = await resetLinkState(auth, token, userId);
  if (state !== 'valid') throw new AppError('INVALID_TOKEN', RESET_LINK_REFUSALS[state]);
}
