/**
 * Account schemas and messages (the validation rules, docs/product.md#validation; the messages,
 * docs/product.md#messages-accounts, docs/product.md#messages-verification and, for Change password,
 * docs/product.md#messages-reports). Each schema feeds the API route, the API client and the form.
 */
import { z } from 'zod';
import { accountEmailField } from './mini/email-field.js';
import { nameField } from './mini/fields.js';
import { CLINIC_ROLES } from './team.js';

export const AUTH_MESSAGES = {
  fillAllFields: 'Please fill in all fields',
  passwordsDoNotMatch: 'Passwords do not match',
  agreeTerms: 'You must agree to the terms and conditions',
  enterEmail: 'Please enter your email address',
  invalidEmail: 'Please enter a valid email address',
  newPasswordMin: 'Password must be at least 8 characters',
  resetPasswordMin: 'Password must be at least 6 characters long',
  passwordTooLong: 'Password must be at most 128 characters',
  currentPasswordRequired: 'Current password is required',
  passwordsDontMatch: "Passwords don't match",
  verifyFirst: 'Please verify your email address before signing in',
  // The spec has no text for wrong credentials; one message for both parts reveals neither.
  invalidCredentials: 'Invalid email or password',
  emailExists: 'An account with this email already exists. Please sign in instead.',
  accountSetupFailed: 'There was an issue setting up your account. Please try again.',
  // Shown when the server gives no answer of its own (network failure, unexpected error).
  signInUnexpected: 'An unexpected error occurred during sign in.',
  signUpUnexpected: 'An unexpected error occurred during sign up.',
  passwordUpdateFailed: 'Failed to update password. Please try again.',
  signUpSuccess: 'Sign up successful! Please check your email for verification.',
  verificationResent: 'Verification email has been resent.',
  verificationSendFailed: 'Failed to send verification email',
  verifySuccess: 'Email verification successful! You can now sign in.',
  invalidVerificationToken: 'Invalid or expired verification token',
  resetSent: 'Password reset instructions sent to your email.',
  resetSendFailed: 'Failed to send reset instructions',
  accountDetailsProblem:
    'There was a problem with your account details. Please try a different email or clinic name.',
  requestNewLink: 'Please request a new password reset link.',
  invalidUserId: 'Invalid user ID',
  invalidResetToken: 'Invalid reset token',
  resetExpired: 'This reset link has expired',
  resetMissing: 'Invalid or missing reset token. Please request a new password reset link.',
  passwordUpdated: 'Password updated successfully',
  currentPasswordIncorrect: 'Current password is incorrect',
  signedIn: 'Signed in successfully',
  signedOut: 'Signed out successfully',
  alreadySignedIn: 'You are already signed in',
  signInRequired: 'Please sign in to continue',
  adminOnly: 'This page is for platform administrators only',
  clinicOnly: 'This page is for clinic accounts only',
  // An admin suspended sign-in for the member's clinic, telling it why (decision 0125).
  clinicSuspended: (reason: string) =>
    `ClinicPay has suspended sign-in for your clinic: ${reason}. Contact support.`,
} as const;

/** Passwords are accepted up to 128 characters (OWASP: allow at least 64). */
export const PASSWORD_MAX_LENGTH = 128;

const required = (message: string = AUTH_MESSAGES.fillAllFields) =>
  z.string({ error: message }).min(1, message);

const email = (missing: string = AUTH_MESSAGES.fillAllFields) =>
  accountEmailField({ missing, invalid: AUTH_MESSAGES.invalidEmail });

const password = (min: number, minMessage: string, missing: string = AUTH_MESSAGES.fillAllFields) =>
  required(missing).min(min, minMessage).max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordTooLong);

export const signInRequestSchema = z.object({
  email: email(),
  password: required().max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.invalidCredentials),
});
export type SignInRequest = z.input<typeof signInRequestSchema>;

export const signUpRequestSchema = z
  .object({
    clinicName: nameField({ missing: AUTH_MESSAGES.fillAllFields }),
    email: email(),
    // docs/product.md#validation leaves the sign-up length "not shown"; a new password follows the
    // settings rule (8).
    password: password(8, AUTH_MESSAGES.newPasswordMin),
    confirmPassword: required(),
    agreeTerms: z.literal(true, { error: AUTH_MESSAGES.agreeTerms }),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type SignUpRequest = z.input<typeof signUpRequestSchema>;

export const emailRequestSchema = z.object({ email: email(AUTH_MESSAGES.enterEmail) });
export type EmailRequest = z.input<typeof emailRequestSchema>;

export const verifyEmailRequestSchema = z.object({
  token: required(AUTH_MESSAGES.invalidVerificationToken).max(200, AUTH_MESSAGES.invalidVerificationToken),
  userId: required(AUTH_MESSAGES.invalidVerificationToken).max(100, AUTH_MESSAGES.invalidVerificationToken),
});
export type VerifyEmailRequest = z.input<typeof verifyEmailRequestSchema>;

export const resetTokenQuerySchema = z.object({
  token: required(AUTH_MESSAGES.resetMissing).max(200, AUTH_MESSAGES.invalidResetToken),
  userId: required(AUTH_MESSAGES.resetMissing).max(100, AUTH_MESSAGES.invalidUserId),
});
export type ResetTokenQuery = z.input<typeof resetTokenQuerySchema>;

/**
 * What checking a reset link found (docs/product.md#validation): valid, or the reason it is refused, each
 * with the server's reason text. The server checks the link as it answers the Reset password page and
 * sends the copy drawn for what it found (decision 0130), so the page shows the form or the refusal at
 * once.
 */
export const RESET_LINK_REFUSALS = {
  'invalid-token': AUTH_MESSAGES.invalidResetToken,
  'invalid-user': AUTH_MESSAGES.invalidUserId,
  expired: AUTH_MESSAGES.resetExpired,
} as const;
export type ResetLinkState = 'valid' | keyof typeof RESET_LINK_REFUSALS;
export const RESET_LINK_STATES = ['valid', ...Object.keys(RESET_LINK_REFUSALS)] as ResetLinkState[];

export const resetPasswordRequestSchema = resetTokenQuerySchema
  .extend({
    password: password(6, AUTH_MESSAGES.resetPasswordMin),
    confirmPassword: required(),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

export const changePasswordRequestSchema = z
  .object({
    currentPassword: z
      .string({ error: AUTH_MESSAGES.currentPasswordRequired })
      .min(6, AUTH_MESSAGES.currentPasswordRequired)
      .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.currentPasswordIncorrect),
    newPassword: password(8, AUTH_MESSAGES.newPasswordMin, AUTH_MESSAGES.newPasswordMin),
    confirmPassword: z.string({ error: AUTH_MESSAGES.passwordsDontMatch }),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

export const userRoleSchema = z.enum(['clinic', 'admin']);
export type UserRole = z.infer<typeof userRoleSchema>;

export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: userRoleSchema,
  clinicId: z.string().nullable(),
  /** The user's role in their clinic (decision 0121); null for an admin or a user in no clinic. */
  clinicRole: z.enum(CLINIC_ROLES).nullable(),
  /** Whether the user signs in with a second factor (decision 0122). */
  twoFactorEnabled: z.boolean(),
  /**
   * The account must use two-factor sign-in (an admin, or a clinic whose owner requires it) and has
   * not set it up: until it does, only the setup and the account's own routes answer.
   */
  twoFactorSetupRequired: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const sessionResponseSchema = z.object({ user: sessionUserSchema.nullable() });

export const messageResponseSchema = z.object({ message: z.string() });

export const signUpResponseSchema = z.object({
  message: z.string(),
  email: z.string(),
  userId: z.string(),
  /** Outside production only: the spec's test-only display of the verification link. */
  verificationUrl: z.string().optional(),
});

export const resendResponseSchema = z.object({
  message: z.string(),
  verificationUrl: z.string().optional(),
});

/**
 * A sign-in's answer: the user, or, for an account with two-factor sign-in, no session yet and
 * `twoFactorRequired` (the second step is POST /api/auth/two-factor/sign-in).
 */
export const signInResponseSchema = z.union([
  z.object({ message: z.string(), user: sessionUserSchema }),
  z.object({ message: z.string(), twoFactorRequired: z.literal(true) }),
]);

/** Body of the 403 when the account is not verified yet (docs/product.md#states-account). */
export const unverifiedErrorSchema = z.object({
  code: z.literal('EMAIL_NOT_VERIFIED'),
  message: z.string(),
  email: z.string(),
  userId: z.string(),
});

/** The signed-in user's devices (decision 0123): each session, the one in use marked. */
export const accountSessionSchema = z.object({
  id: z.string(),
  /** The browser and system, as its user agent names them ('Chrome 131 on macOS'); 'Unknown browser'. */
  device: z.string(),
  ipAddress: z.string().nullable(),
  signedInAt: z.string(),
  /** When it was last used, to 5 minutes (the session is refreshed no more often). */
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;
export const accountSessionsSchema = z.object({ sessions: z.array(accountSessionSchema) });

export const SESSION_MESSAGES = {
  signedOut: 'That device is signed out',
  othersSignedOut: 'Every other device is signed out',
  notFound: 'That session has ended already',
} as const;
