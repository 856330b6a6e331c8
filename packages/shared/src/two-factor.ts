/**
 * Two-factor sign-in (decision 0122): a TOTP authenticator app with 10 single-use recovery codes,
 * through better-auth's two-factor plugin. Any user may turn it on; an admin must, and so must every
 * member of a clinic whose owner requires it.
 */
import { z } from 'zod';

/** A TOTP code: 6 digits (RFC 6238, 30-second steps). */
export const TOTP_DIGITS = 6;

export const TWO_FACTOR_MESSAGES = {
  enterCode: 'Enter the 6-digit code from your authenticator app',
  enterRecoveryCode: 'Enter one of your recovery codes',
  wrongCode: 'That code is not right. Check your authenticator app and try again.',
  wrongRecoveryCode: 'That recovery code is not right, or has been used',
  codeExpired: 'Your sign-in took too long. Please sign in again.',
  tooManyAttempts: 'Too many wrong codes. Please wait 15 minutes, or sign in again.',
  enterPassword: 'Please enter your password',
  wrongPassword: 'Incorrect password',
  codeNeeded: 'Enter the code from your authenticator app to finish signing in',
  setupRequired: 'Set up two-factor sign-in to continue',
  turnedOn: 'Two-factor sign-in is on',
  turnedOff: 'Two-factor sign-in is off',
  alreadyOn: 'Two-factor sign-in is already on',
  notOn: 'Two-factor sign-in is not on',
  requiredCannotTurnOff: 'Two-factor sign-in is required for your account, so it cannot be turned off',
  newRecoveryCodes: 'New recovery codes made. The old ones no longer work.',
  requiredForTeam: 'Two-factor sign-in is now required for your whole team',
  notRequiredForTeam: 'Two-factor sign-in is no longer required for your team',
  ownerFirst: 'Turn on two-factor sign-in for yourself first',
} as const;

const code = z
  .string({ error: TWO_FACTOR_MESSAGES.enterCode })
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, TWO_FACTOR_MESSAGES.enterCode));

const recoveryCode = z
  .string({ error: TWO_FACTOR_MESSAGES.enterRecoveryCode })
  .trim()
  .min(1, TWO_FACTOR_MESSAGES.enterRecoveryCode)
  .max(40, TWO_FACTOR_MESSAGES.wrongRecoveryCode);

const password = z
  .string({ error: TWO_FACTOR_MESSAGES.enterPassword })
  .min(1, TWO_FACTOR_MESSAGES.enterPassword)
  .max(128, TWO_FACTOR_MESSAGES.wrongPassword);

/** POST /api/auth/two-factor/sign-in: the second step, with a TOTP code or a recovery code. */
export const twoFactorSignInRequestSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('totp'), code }),
  z.object({ method: z.literal('recovery'), code: recoveryCode }),
]);
export type TwoFactorSignInRequest = z.input<typeof twoFactorSignInRequestSchema>;

/** POST /api/auth/two-factor/enable and /recovery-codes: the password again. */
export const twoFactorPasswordRequestSchema = z.object({ password });
export type TwoFactorPasswordRequest = z.input<typeof twoFactorPasswordRequestSchema>;

/** POST /api/auth/two-factor/confirm: the first code from the app, which turns two-factor on. */
export const twoFactorCodeRequestSchema = z.object({ code });
export type TwoFactorCodeRequest = z.input<typeof twoFactorCodeRequestSchema>;

/** POST /api/auth/two-factor/disable: the password and a current code. */
export const twoFactorDisableRequestSchema = z.object({ password, code });
export type TwoFactorDisableRequest = z.input<typeof twoFactorDisableRequestSchema>;

/** GET /api/auth/two-factor: whether it is on, and whether the account must use it. */
export const twoFactorStatusSchema = z.object({ enabled: z.boolean(), required: z.boolean() });
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** The answer to enable: what the authenticator app needs, and the recovery codes, shown this once. */
export const twoFactorSetupSchema = z.object({
  /** The otpauth:// URI the QR code holds. */
  totpUri: z.string(),
  /** The secret in base32, for typing into an app that cannot scan. */
  secret: z.string(),
  /** The QR code of totpUri as an SVG document. */
  qrCodeSvg: z.string(),
  recoveryCodes: z.array(z.string()),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const recoveryCodesSchema = z.object({ message: z.string(), recoveryCodes: z.array(z.string()) });

/** PATCH /api/team/two-factor: whether the owner requires it of the team. */
export const teamTwoFactorRequestSchema = z.object({ required: z.boolean() });
