/**
 * Two-factor sign-in (decision 0122), through better-auth's two-factor plugin
 * (https://better-auth.com/docs/plugins/2fa): turning it on (password, then the app's first code),
 * the second step of a sign-in (a TOTP code or a recovery code, which works once), turning it off
 * (password and a code; never for an account that must use it), and new recovery codes. better-auth's
 * refusals become ClinicPay's codes and texts here; every change is audited.
 */
import {
  type SessionUser,
  TWO_FACTOR_MESSAGES,
  type TwoFactorSetup,
  type TwoFactorSignInRequest,
  type TwoFactorStatus,
} from '@clinicpay/shared';
import { APIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import { qrCodeOf } from '../../http/qr-code.js';
import { type AuditAction, recordAudit } from '../audit/index.js';
import { type Auth, recoveryCodeDigest } from './auth.js';
import { type ProtectionDeps, recordSignIn, refuseSuspendedClinic } from './protection.js';
import { toSessionUser } from './session.js';

/** better-auth's own error code of a refusal (e.g. 'INVALID_CODE'), if it is one. */
const codeOf = (error: unknown) =>
  error instanceof APIError ? (error.body as { code?: string } | undefined)?.code : undefined;

/** better-auth's refusals of a code or password, as ClinicPay's errors. Rethrows anything else. */
function refusal(error: unknown, field: 'code' | 'password' = 'code'): never {
  const code = codeOf(error);
  if (code === 'INVALID_PASSWORD')
    throw new AppError('TWO_FACTOR_INVALID', TWO_FACTOR_MESSAGES.wrongPassword, {
      password: TWO_FACTOR_MESSAGES.wrongPassword,
    });
  if (code === 'INVALID_CODE')
    throw new AppError('TWO_FACTOR_INVALID', TWO_FACTOR_MESSAGES.wrongCode, {
      [field]: TWO_FACTOR_MESSAGES.wrongCode,
    });
  if (code === 'INVALID_BACKUP_CODE')
    throw new AppError('TWO_FACTOR_INVALID', TWO_FACTOR_MESSAGES.wrongRecoveryCode, {
      code: TWO_FACTOR_MESSAGES.wrongRecoveryCode,
    });
  if (code === 'INVALID_TWO_FACTOR_COOKIE')
    throw new AppError('TWO_FACTOR_EXPIRED', TWO_FACTOR_MESSAGES.codeExpired);
  if (code === 'ACCOUNT_TEMPORARILY_LOCKED' || code === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE')
    throw new AppError('TWO_FACTOR_LOCKED', TWO_FACTOR_MESSAGES.tooManyAttempts);
  if (code === 'TOTP_ALREADY_ENABLED') throw new AppError('TWO_FACTOR_STATE', TWO_FACTOR_MESSAGES.alreadyOn);
  if (code === 'TOTP_NOT_ENABLED' || code === 'TWO_FACTOR_NOT_ENABLED' || code === 'BACKUP_CODES_NOT_ENABLED')
    throw new AppError('TWO_FACTOR_STATE', TWO_FACTOR_MESSAGES.notOn);
  throw error;
}

async function audit(db: Db, user: Pick<SessionUser, 'id' | 'clinicId'>, action: AuditAction, details = {}) {
  await db.transaction((tx) =>
    recordAudit(tx, {
      actorUserId: user.id,
      action,
      entityType: 'user',
      entityId: user.id,
      clinicId: user.clinicId,
      details,
    }),
  );
}

/** Whether the account must use two-factor sign-in: an admin, or a member of a clinic requiring it. */
async function isRequired(db: Db, user: SessionUser): Promise<boolean> {
  if (user.role === 'admin') return true;
  const [row] = await db
    .select({ required: users.twoFactorRequired })
    .from(users)
    .where(eq(users.id, user.id));
  return row?.required ?? false;
}

/** GET /api/auth/two-factor: whether it is on, and whether the account must use it. */
export async function twoFactorStatus(db: Db, user: SessionUser): Promise<TwoFactorStatus> {
  return { enabled: user.twoFactorEnabled, required: await isRequired(db, user) };
}

/**
 * Starts turning two-factor sign-in on: checks the password and makes a TOTP secret and 10 recovery
 * codes, kept unconfirmed until confirmTwoFactor. Answers what the app needs (URI, secret, QR code)
 * and the codes, shown this once. Throws TWO_FACTOR_INVALID (400, at password) and TWO_FACTOR_STATE
 * (409) when it is on already.
 */
export async function startTwoFactorSetup(
  auth: Auth,
  headers: Headers,
  password: string,
): Promise<TwoFactorSetup> {
  const result = await auth.api
    .enableTwoFactor({ body: { password }, headers })
    .catch((error) => refusal(error, 'password'));
  if (result.method !== 'totp' || !result.totpURI)
    throw new AppError('TWO_FACTOR_STATE', TWO_FACTOR_MESSAGES.alreadyOn);
  const secret = new URL(result.totpURI).searchParams.get('secret') ?? '';
  return {
    totpUri: result.totpURI,
    secret,
    qrCodeSvg: String(await qrCodeOf(result.totpURI, 'svg')),
    recoveryCodes: result.backupCodes ?? [],
  };
}

/**
 * Confirms the app with its first code, which turns two-factor sign-in on; returns the headers of the
 * renewed session (better-auth replaces it). Throws TWO_FACTOR_INVALID (400, at code) and
 * TWO_FACTOR_STATE (409) when setup was not started.
 */
export async function confirmTwoFactor(
  db: Db,
  auth: Auth,
  user: SessionUser,
  headers: Headers,
  code: string,
) {
  const result = await auth.api
    .verifyTOTP({ body: { code }, headers, returnHeaders: true })
    .catch((error) => refusal(error));
  if (!user.twoFactorEnabled) await audit(db, user, 'two_factor.enabled');
  return result.headers;
}

/**
 * The second step of a sign-in, with the signed cookie the first step set: a TOTP code, or a recovery
 * code, which is used up; the completed sign-in is recorded (protection.ts). Returns the user and the
 * headers that set the session. Throws
 * TWO_FACTOR_INVALID (400), TWO_FACTOR_EXPIRED (401: no first step, or over 10 minutes ago),
 * TWO_FACTOR_LOCKED (429: too many wrong codes) and CLINIC_SUSPENDED (403: an admin suspended sign-in
 * for the account's clinic, decision 0125; the session just opened is ended).
 */
export async function completeTwoFactorSignIn(
  deps: ProtectionDeps,
  secret: string,
  input: TwoFactorSignInRequest,
  headers: Headers,
  origin: string,
): Promise<{ user: SessionUser; headers: Headers }> {
  const { db, auth } = deps;
  const result =
    input.method === 'totp'
      ? await auth.api
          .verifyTOTP({ body: { code: input.code }, headers, returnHeaders: true })
          .catch((error) => refusal(error))
      : await auth.api
          .verifyBackupCode({
            body: { code: recoveryCodeDigest(secret, input.code) },
            headers,
            returnHeaders: true,
          })
          .catch((error) => refusal(error));
  const user = toSessionUser(result.response.user as Parameters<typeof toSessionUser>[0]);
  if (input.method === 'recovery') await audit(db, user, 'two_factor.recovery_code_used');
  // Suspended between the two steps, or before: the session just opened ends (decision 0125).
  await refuseSuspendedClinic(db, user);
  await recordSignIn(deps, user, headers.get('user-agent'), origin);
  return { user, headers: result.headers };
}

/**
 * Turns two-factor sign-in off with the password and a current code; returns the renewed session's
 * headers. Throws TWO_FACTOR_STATE (409) for an account that must use it or has it off, and
 * TWO_FACTOR_INVALID (400) for a wrong code or password.
 */
export async function disableTwoFactor(
  db: Db,
  auth: Auth,
  user: SessionUser,
  headers: Headers,
  input: { password: string; code: string },
) {
  if (await isRequired(db, user))
    throw new AppError('TWO_FACTOR_STATE', TWO_FACTOR_MESSAGES.requiredCannotTurnOff);
  if (!user.twoFactorEnabled) throw new AppError('TWO_FACTOR_STATE', TWO_FACTOR_MESSAGES.notOn);
  await auth.api.verifyTOTP({ body: { code: input.code }, headers }).catch((error) => refusal(error));
  const result = await auth.api
    .disableTwoFactor({ body: { password: input.password }, headers, returnHeaders: true })
    .catch((error) => refusal(error, 'password'));
  await audit(db, user, 'two_factor.disabled');
  return result.headers;
}

/**
 * Makes 10 new recovery codes (the old ones stop working), shown this once. Throws TWO_FACTOR_INVALID
 * (400, at password) and TWO_FACTOR_STATE (409) when two-factor sign-in is off.
 */
export async function renewRecoveryCodes(
  db: Db,
  auth: Auth,
  user: SessionUser,
  headers: Headers,
  password: string,
) {
  if (!user.twoFactorEnabled) throw new AppError('TWO_FACTOR_STATE', TWO_FACTOR_MESSAGES.notOn);
  const result = await auth.api
    .generateBackupCodes({ body: { password }, headers })
    .catch((error) => refusal(error, 'password'));
  await audit(db, user, 'two_factor.recovery_codes_renewed');
  return result.backupCodes;
}
