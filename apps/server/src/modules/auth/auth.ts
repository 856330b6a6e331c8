/**
 * The better-auth instance (decision 0028): email + password accounts, database sessions in an
 * httpOnly cookie, password reset, change password. ClinicPay's own routes (routes.ts) call its server
 * API, so every message, rate limit and schema is ours; better-auth keeps the sessions, hashes, and
 * the single-use tokens (stored hashed, decision 0030).
 */
import { createHmac } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { getSessionCookie } from 'better-auth/cookies';
import { twoFactor } from 'better-auth/plugins';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { accounts, sessions, twoFactors, users, verifications } from '../../db/schema/index.js';
import { allowedLinkOrigin, appOrigins } from '../../http/link-origin.js';
import type { JobQueue } from '../../jobs/index.js';
import { queueEmail } from '../../mail/email-job.js';
import { passwordResetEmail } from './emails.js';
import { hashPassword, verifyPassword } from './password-hashing.js';

/**
 * The header better-auth reads a request's address from: set by toWebHeaders (session.ts) from
 * Fastify's `request.ip` (which honours TRUST_PROXY), never taken from the client.
 */
export const CLIENT_IP_HEADER = 'x-clinicpay-client-ip';

/** The start of every ClinicPay auth cookie's name (`clinicpay.session_token`). */
const COOKIE_PREFIX = 'clinicpay';

/** A session ends after 2 hours without use (idle timeout)... */
export const SESSION_IDLE_SECONDS = 2 * 60 * 60;
/** ...and 7 days after sign-in, however active (absolute lifetime, enforced in session.ts). */
export const SESSION_ABSOLUTE_SECONDS = 7 * 24 * 60 * 60;
export const RESET_TOKEN_SECONDS = 60 * 60;

interface CreateAuthOptions {
  db: Db;
  config: Config;
  jobs: Pick<JobQueue, 'send'>;
  /**
   * Where better-auth's own log lines go (a wrong password, an unknown user: warnings), so they reach
   * the app's logger at its level, structured, instead of the console.
   */
  log: (level: 'debug' | 'info' | 'warn' | 'error', message: string, details: unknown[]) => void;
}

/**
 * A recovery code as it is kept: its HMAC-SHA-256 under AUTH_SECRET, in hex (decision 0122). The
 * two-factor plugin finds a code by comparing it with the stored list, so the routes hash what the user
 * typed the same way before handing it on.
 */
export function recoveryCodeDigest(secret: string, code: string): string {
  return createHmac('sha256', secret).update(code.trim()).digest('hex');
}
const isDigest = (value: string) => /^[0-9a-f]{64}$/.test(value);

export function createAuth({ db, config, jobs, log }: CreateAuthOptions) {
  return betterAuth({
    appName: 'ClinicPay',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    // PUBLIC_URL; without it, localhost, 127.0.0.1 and [::1] on PORT alike (decision 0066).
    trustedOrigins: appOrigins(config),
    telemetry: { enabled: false },
    logger: { level: 'debug', log: (level, message, ...details) => log(level, message, details) },
    database: drizzleAdapter(db, {
      provider: 'pg',
      transaction: true,
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        twoFactor: twoFactors,
      },
    }),
    // Two-factor sign-in (decision 0122): TOTP with 10 recovery codes. The plugin encrypts the TOTP
    // secret; the recovery codes are stored as digests, never as the codes (storeBackupCodes below).
    plugins: [
      twoFactor({
        issuer: 'ClinicPay',
        backupCodeOptions: {
          amount: 10,
          storeBackupCodes: {
            // Given the new codes (plain) or the list left after one is used (digests already).
            encrypt: async (json: string) =>
              JSON.stringify(
                (JSON.parse(json) as string[]).map((code) =>
                  isDigest(code) ? code : recoveryCodeDigest(config.authSecret, code),
                ),
              ),
            decrypt: async (stored: string) => stored,
          },
        },
      }),
    ],
    user: {
      additionalFields: {
        role: { type: 'string', input: false, defaultValue: 'clinic' },
        clinicId: { type: 'string', input: false, required: false },
        clinicRole: { type: 'string', input: false, required: false },
        twoFactorRequired: { type: 'boolean', input: false, required: false, defaultValue: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      password: { hash: hashPassword, verify: verifyPassword },
      resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
      revokeSessionsOnPasswordReset: true,
      // Called by the account-email job's worker (jobs.ts), never in a request, so it is awaited: a mail
      // that cannot be queued fails the job, which is retried. The link goes to the address the request
      // came to: the job passes it as redirectTo, which better-auth hands back in `url` as callbackURL
      // (checked again here: http/link-origin.ts).
      sendResetPassword: async ({ user, token, url }) => {
        const origin = allowedLinkOrigin(new URL(url).searchParams.get('callbackURL'), config);
        const link = `${origin}/reset-password?token=${encodeURIComponent(token)}&userId=${encodeURIComponent(user.id)}`;
        await queueEmail(jobs, await passwordResetEmail(user.email, link), { urgent: true });
      },
    },
    emailVerification: { sendOnSignUp: false, sendOnSignIn: false },
    session: {
      expiresIn: SESSION_IDLE_SECONDS,
      updateAge: 5 * 60,
      cookieCache: { enabled: false },
    },
    // Expired tokens are kept so the reset screen can say 'This reset link has expired'.
    verification: { storeIdentifier: 'hashed', disableCleanup: true },
    rateLimit: { enabled: false },
    advanced: {
      // The address is Fastify's request.ip, set by toWebHeaders (session.ts), not a client's header.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: config.isProduction,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * Whether a request's Cookie header holds a ClinicPay session cookie, valid or not (better-auth's own
 * test of its name, with or without the `__Secure-` prefix: `getSessionCookie` of `better-auth/cookies`).
 * Without one, no one is signed in: the public site serves such a visitor the sign-in and sign-up forms
 * drawn in full (decision 0130). With one, the session still has to be read to know who it is.
 */
export function carriesSessionCookie(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false;
  return getSessionCookie(new Headers({ cookie: cookieHeader }), { cookiePrefix: COOKIE_PREFIX }) !== null;
}
