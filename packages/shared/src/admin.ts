/**
 * The admin console's contracts (docs/product.md#admin-dashboard, docs/product.md#admin-clinics,
 * docs/product.md#admin-clinic-profile, docs/product.md#admin-settings; system_settings,
 * docs/product.md#record-settings; the admin messages, docs/product.md#messages-payment-page; the admin
 * statistics, docs/product.md#constants). Every amount is integer pence; every date is an ISO calendar day
 * (YYYY-MM-DD) in Europe/London, the end day whole.
 */
import { z } from 'zod';
import { PAYMENT_DISPUTE_STATUSES } from './disputes.js';
import { paymentFiguresSchema } from './figures.js';
import { accountEmailField } from './mini/email-field.js';
import { nameField } from './mini/fields.js';
import { providerStatusSchema } from './mini/provider-account.js';
import { PROVIDER_NAME } from './payment-constants.js';
import { HISTORY_MESSAGES, isoDateSchema } from './payment-history.js';
import { DISPLAY_STATUSES } from './payments.js';
import { CARD_FEE_TEXT } from './product.js';

export const ADMIN_MESSAGES = {
  statsFailed: 'Failed to load dashboard statistics',
  clinicsFailed: 'Failed to load clinics',
  clinicsFailedWith: (message: string) => `Failed to load clinics: ${message}`,
  profileFailed: 'Failed to load clinic profile',
  unnamedClinic: 'Unnamed Clinic',
  noEmail: 'No email',
  noClinics: 'No clinics found',
  loadingClinics: 'Loading clinics...',
  searchPlaceholder: 'Search clinics...',
  newClinicsThisMonth: (count: number) => `+${count} this month`,
  noNewClinics: 'No new clinics',
  noPayments: 'No payment records found for this clinic',
  noLinks: 'No payment links found for this clinic',
  usage: (times: number) => `Usage ${times} times`,
  profileErrorTitle: 'Error',
  profileErrorHeading: 'Could not load clinic profile',
  profileErrorMessage: 'Clinic data not found. Please try again later.',
  clinicNotFound: 'Clinic data not found. Please try again later.',
  settingsNotice: "As an admin you can manage platform fees and disconnect clinics' Stripe integrations.",
  feeExplanation: [
    'The platform fee is taken from each payment amount.',
    // Stripe's current UK prices, not those from before April 2023 (decision 0085).
    `${PROVIDER_NAME}'s processing fees (${CARD_FEE_TEXT.all}) are paid out of the platform fee, not from the clinic's payment.`,
    'The clinic therefore receives the payment amount minus the platform fee.',
  ],
  saving: 'Saving...',
  disconnectTitle: `Confirm ${PROVIDER_NAME} Disconnection`,
  // docs/product.md#admin-settings says 'for this clinic' and docs/product.md#messages-success names the
  // clinic's id in the toast; the clinic's name is what an admin recognises (decision 0081).
  disconnectQuestion: (clinicName: string) =>
    `Are you sure you want to force disconnect ${PROVIDER_NAME} for ${clinicName}? This will immediately stop payment processing for them.`,
  disconnectButton: `Disconnect ${PROVIDER_NAME}`,
  disconnecting: 'Disconnecting...',
  disconnected: (clinicName: string) => `${PROVIDER_NAME} disconnected for ${clinicName}`,
  turnedOffBadge: 'Payments turned off',
  restoreButton: 'Restore payments',
  restoreTitle: 'Restore card payments?',
  restoreQuestion: (clinicName: string) =>
    `${clinicName} will be able to take card payments again with its own ${PROVIDER_NAME} account.`,
  restoring: 'Restoring...',
  restored: (clinicName: string) => `Card payments restored for ${clinicName}`,
  restoreFailed: (message: string) => `Failed to restore payments: ${message}`,
  closeAccountButton: `Close ${PROVIDER_NAME} account`,
  closeAccountTitle: `Close this clinic's ${PROVIDER_NAME} account?`,
  closeAccountQuestion: (clinicName: string) =>
    `${clinicName}'s ${PROVIDER_NAME} account will be closed for good. This is only possible once its balance is zero, and cannot be undone.`,
  closingAccount: 'Closing...',
  accountClosed: (clinicName: string) => `${PROVIDER_NAME} account closed for ${clinicName}`,
  closeAccountFailed: (message: string) => `Failed to close the account: ${message}`,
  disconnectFailed: (message: string) => `Failed to disconnect: ${message}`,
  newClinicFormOpened: 'New clinic form opened',
  webhooksSaved: 'Notification webhooks saved',
  webhooksFailed: 'Failed to save notification webhooks',
  invalidWebhookUrl: 'Please enter a valid URL',
  webhookNeedsHttps: 'Webhook URLs must use https',
  webhookNotPublic: 'Webhook URLs must point to a public internet address',
  webhookHasCredentials: 'Webhook URLs must not contain a user name or password',
  signingSecretCopied: 'Signing secret copied to clipboard',
} as const;

/**
 * GET /api/admin/stats. Both days or neither: with neither, the totals cover all time and there is no
 * previous period to compare with. A range may span at most ten years.
 */
export const adminStatsQuerySchema = z
  .object({ from: isoDateSchema.optional(), to: isoDateSchema.optional() })
  .refine((range) => (range.from === undefined) === (range.to === undefined), {
    message: 'Choose both a start and an end date',
    path: ['from'],
  })
  .refine((range) => !range.from || !range.to || range.from <= range.to, {
    message: HISTORY_MESSAGES.invalidRange,
    path: ['from'],
  });
export type AdminStatsQuery = z.infer<typeof adminStatsQuerySchema>;

/** A figure in pence with its change in percent against the previous period (null without a range). */
const changingFigure = z.object({ value: z.number().int(), change: z.number().nullable() });

export const recentClinicSchema = z.object({
  id: z.string(),
  clinicName: z.string().nullable(),
  logoUrl: z.string().nullable(),
  createdAt: z.string(),
  stripeStatus: providerStatusSchema,
  /** Recorded payments: paid, partially refunded or refunded (docs/decisions/0097-one-set-of-figures.md). */
  paymentsProcessed: z.number().int(),
});
export type RecentClinic = z.infer<typeof recentClinicSchema>;

export const adminStatsSchema = z.object({
  range: z.object({ from: z.string().nullable(), to: z.string().nullable() }),
  totalClinics: z.object({ value: z.number().int(), joinedThisMonth: z.number().int() }),
  /** Net payments: gross less refunds (docs/decisions/0097-one-set-of-figures.md). */
  totalPayments: changingFigure.extend({ count: z.number().int() }),
  /** Succeeded refunds. */
  totalRefunds: changingFigure,
  /** Platform fees less card fees: a loss shows as a negative figure (decision 0085). */
  platformRevenue: changingFigure,
  /** The range's figures in full, for what each card says it counts. */
  figures: paymentFiguresSchema,
  /** Per London day of the range (the last 30 days without one): net payments and their count. */
  series: z.array(z.object({ date: z.string(), amount: z.number().int(), count: z.number().int() })),
  recentClinics: z.array(recentClinicSchema),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

/**
 * The change against the previous period in percent, rounded to one decimal (half away from zero); 100
 * when the previous value is zero and the current positive, else 0 (docs/product.md#constants).
 */
export function percentChange(current: number, previous: number): number {
  if (previous === 0) return current > 0 ? 100 : 0;
  const tenths = ((current - previous) * 1000) / previous;
  return (Math.sign(tenths) * Math.round(Math.abs(tenths))) / 10;
}

export const ADMIN_CLINICS_PAGE_SIZE = 10;

/** GET /api/admin/clinics: search by name or email, case-insensitively, one page newest first. */
export const adminClinicsQuerySchema = z.object({
  search: z
    .string()
    .trim()
    .max(200, HISTORY_MESSAGES.searchTooLong)
    .optional()
    .transform((value) => value || undefined),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(ADMIN_CLINICS_PAGE_SIZE),
});
export type AdminClinicsQuery = z.input<typeof adminClinicsQuerySchema>;

export const adminClinicRowSchema = z.object({
  id: z.string(),
  clinicName: z.string().nullable(),
  email: z.string().nullable(),
  logoUrl: z.string().nullable(),
  stripeStatus: providerStatusSchema,
  /** An admin turned card payments off; Restore turns them back on. */
  paymentsTurnedOff: z.boolean(),
  createdAt: z.string(),
  /** Every payment recorded for the clinic. */
  transactions: z.number().int(),
});
export type AdminClinicRow = z.infer<typeof adminClinicRowSchema>;

export const adminClinicPageSchema = z.object({
  items: z.array(adminClinicRowSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type AdminClinicPage = z.infer<typeof adminClinicPageSchema>;

export const adminClinicIdSchema = z.object({ clinicId: z.string() });

/** GET /api/admin/clinics/:clinicId (docs/product.md#admin-clinic-profile). Amounts in pence. */
export const adminClinicProfileSchema = z.object({
  clinic: z.object({
    id: z.string(),
    clinicName: z.string().nullable(),
    logoUrl: z.string().nullable(),
    /** The staff account's email: who to contact. */
    contact: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
    stripeStatus: providerStatusSchema,
    /** An admin turned card payments off; Restore turns them back on. */
    paymentsTurnedOff: z.boolean(),
    /** The clinic's own connected account at the provider, kept across disconnects; null when it has none. */
    providerAccountId: z.string().nullable(),
    createdAt: z.string(),
    /**
     * The clinic's account has not set its password yet: the admin's invitation is unused, and can be
     * sent again (decision 0125).
     */
    invitationPending: z.boolean(),
    /** When an admin suspended sign-in for the clinic's team; null while they may sign in (decision 0125). */
    signInSuspendedAt: z.string().nullable(),
    /** The reason the clinic was told, while sign-in is suspended. */
    signInSuspensionReason: z.string().nullable(),
  }),
  /** The clinic's figures, all time (docs/decisions/0097-one-set-of-figures.md). */
  stats: paymentFiguresSchema.extend({
    /** Gross over the payment count, rounded to the penny; 0 without payments. */
    averagePayment: z.number().int(),
  }),
  recentPayments: z.array(
    z.object({
      id: z.string(),
      patientName: z.string(),
      date: z.string(),
      amount: z.number().int(),
      status: z.enum(DISPLAY_STATUSES),
      /** The payment's latest dispute, shown instead of its status; null when never disputed. */
      disputeStatus: z.enum(PAYMENT_DISPUTE_STATUSES).nullable(),
    }),
  ),
  links: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      createdAt: z.string(),
      isActive: z.boolean(),
      usage: z.number().int(),
    }),
  ),
  audit: z.array(
    z.object({
      id: z.string(),
      action: z.string(),
      actorEmail: z.string().nullable(),
      createdAt: z.string(),
      details: z.record(z.string(), z.unknown()),
    }),
  ),
});
export type AdminClinicProfile = z.infer<typeof adminClinicProfileSchema>;

export const adminDisconnectResponseSchema = z.object({
  message: z.string(),
  clinicId: z.string(),
  clinicName: z.string(),
  stripeStatus: providerStatusSchema,
});

/** POST /api/admin/clinics/:clinicId/restore-payments and /close-provider-account. */
export const adminProviderActionResponseSchema = z.object({
  message: z.string(),
  clinicId: z.string(),
  clinicName: z.string(),
  stripeStatus: providerStatusSchema,
  paymentsTurnedOff: z.boolean(),
});
export type AdminProviderActionResponse = z.infer<typeof adminProviderActionResponseSchema>;

const webhookUrl = z
  .string()
  .trim()
  .max(2000, ADMIN_MESSAGES.invalidWebhookUrl)
  .nullish()
  .transform((value) => value || null)
  .pipe(
    z
      .url({ protocol: /^https?$/, error: ADMIN_MESSAGES.invalidWebhookUrl, abort: true })
      // A password in the URL would be shown on the settings page and written to logs.
      .refine(hasNoCredentials, ADMIN_MESSAGES.webhookHasCredentials)
      .nullable(),
  );

/**
 * Whether an http(s) URL has no user name or password: nothing in its authority (from the slashes
 * after the scheme to the first slash, backslash, ? or #, as URL parsing reads it) carries an @.
 */
function hasNoCredentials(url: string): boolean {
  return !/^https?:[/\\]*[^/\\?#]*@/i.test(url);
}

/** GET and PUT /api/admin/system-settings/webhooks (docs/product.md#record-settings). Blank clears a URL. */
export const notificationWebhooksSchema = z.object({
  patientNotificationWebhook: webhookUrl,
  clinicNotificationWebhook: webhookUrl,
});
export type NotificationWebhooks = z.output<typeof notificationWebhooksSchema>;
export type NotificationWebhooksInput = z.input<typeof notificationWebhooksSchema>;

/**
 * What GET and PUT /api/admin/system-settings/webhooks answer: the URLs, and the installation's
 * signing secret (that receivers verify the ClinicPay-Signature header with) masked to its last 4
 * characters; the whole secret comes only from the audited reveal (decision 0098).
 */
export const notificationWebhooksResponseSchema = z.object({
  patientNotificationWebhook: z.string().nullable(),
  clinicNotificationWebhook: z.string().nullable(),
  signingSecretMasked: z.string(),
});
export type NotificationWebhooksResponse = z.infer<typeof notificationWebhooksResponseSchema>;

export const INVITATION_MESSAGES = {
  sent: (email: string) => `Invitation sent to ${email}`,
  failed: 'Failed to invite clinic',
  nameRequired: 'Please enter the clinic name',
  emailExists: 'An account with this email already exists',
  invalidEmail: 'Please enter a valid email address',
  // Admins inviting admins (decision 0125).
  adminsTitle: 'Administrators',
  adminsDescription:
    'Each admin is emailed a link to set a password, which works once, for 7 days. They must set up two-factor sign-in before the console opens.',
  adminsFailed: 'Failed to load administrators',
  adminFailed: 'Failed to invite admin',
  adminInvitePending: 'Invited: no password yet',
  // Sending a clinic's invitation again (decision 0125).
  resendButton: 'Resend invitation',
  resendTitle: 'Send the invitation again?',
  resendQuestion: (clinicName: string) =>
    `${clinicName} is emailed a new link to set its password. The link sent before stops working.`,
  resending: 'Sending...',
  resent: (email: string) => `Invitation sent again to ${email}`,
  resendFailed: (message: string) => `Failed to resend the invitation: ${message}`,
  alreadyUsed:
    "This clinic's invitation has been used: its account has a password. It can reset the password from the sign-in page.",
  pendingBadge: 'Invitation not used yet',
} as const;

/** POST /api/admin/clinics: a new clinic and its account, invited by email to set a password. */
export const clinicInvitationSchema = z.object({
  clinicName: nameField({
    missing: INVITATION_MESSAGES.nameRequired,
    tooLong: 'Please keep this under 200 characters',
  }),
  email: accountEmailField({
    missing: INVITATION_MESSAGES.invalidEmail,
    invalid: INVITATION_MESSAGES.invalidEmail,
  }),
});
export type ClinicInvitation = z.input<typeof clinicInvitationSchema>;

export const clinicInvitationResponseSchema = z.object({ clinicId: z.string(), message: z.string() });

/** POST /api/admin/admins: an admin invited by email to set a password (decision 0125). */
export const adminInvitationSchema = z.object({
  email: accountEmailField({
    missing: INVITATION_MESSAGES.invalidEmail,
    invalid: INVITATION_MESSAGES.invalidEmail,
  }),
});
export type AdminInvitation = z.input<typeof adminInvitationSchema>;

export const adminInvitationResponseSchema = z.object({ userId: z.string(), message: z.string() });

/** GET /api/admin/admins: every admin, oldest first. */
export const adminAccountsSchema = z.object({
  admins: z.array(
    z.object({
      id: z.string(),
      email: z.string(),
      /** Two-factor sign-in is on (every admin must turn it on before the console opens: decision 0122). */
      twoFactorEnabled: z.boolean(),
      /** Invited and has not set a password yet. */
      invitationPending: z.boolean(),
      /** When the admin was added. */
      createdAt: z.string(),
    }),
  ),
});
export type AdminAccounts = z.infer<typeof adminAccountsSchema>;

/** POST /api/admin/clinics/:clinicId/resend-invitation. */
export const resendInvitationResponseSchema = z.object({ message: z.string() });

export const SIGN_IN_SUSPENSION_MESSAGES = {
  badge: 'Sign-in suspended',
  since: (date: string) => `Since ${date}`,
  suspendButton: 'Suspend sign-in',
  suspendTitle: 'Suspend sign-in for this clinic?',
  suspendQuestion: (clinicName: string) =>
    `Nobody at ${clinicName} will be able to sign in, and everyone signed in now is signed out. The clinic is emailed the reason.`,
  reasonLabel: 'Reason, told to the clinic',
  reasonTooShort: 'Please give a reason of at least 3 characters',
  reasonTooLong: 'Please keep the reason to 500 characters or fewer',
  suspending: 'Suspending...',
  suspended: (clinicName: string) => `Sign-in suspended for ${clinicName}`,
  suspendFailed: (message: string) => `Failed to suspend sign-in: ${message}`,
  reactivateButton: 'Reactivate sign-in',
  reactivateTitle: 'Reactivate sign-in for this clinic?',
  reactivateQuestion: (clinicName: string) =>
    `${clinicName}'s team will be able to sign in again. The clinic is emailed that sign-in is back.`,
  reactivating: 'Reactivating...',
  reactivated: (clinicName: string) => `Sign-in reactivated for ${clinicName}`,
  reactivateFailed: (message: string) => `Failed to reactivate sign-in: ${message}`,
  alreadySuspended: 'Sign-in is already suspended for this clinic',
  notSuspended: 'Sign-in is not suspended for this clinic',
  suspendedSubject: 'Your ClinicPay sign-in is suspended',
  reactivatedSubject: 'Your ClinicPay sign-in is back',
} as const;

/** The most a suspension's reason may say: it goes into an email and every refused sign-in. */
export const SUSPENSION_REASON_MAX = 500;

/** POST /api/admin/clinics/:clinicId/suspend-sign-in: the reason, trimmed, 3 to 500 characters. */
export const signInSuspensionSchema = z.object({
  reason: z
    .string({ error: SIGN_IN_SUSPENSION_MESSAGES.reasonTooShort })
    .trim()
    .min(3, SIGN_IN_SUSPENSION_MESSAGES.reasonTooShort)
    .max(SUSPENSION_REASON_MAX, SIGN_IN_SUSPENSION_MESSAGES.reasonTooLong),
});
export type SignInSuspension = z.input<typeof signInSuspensionSchema>;

/** What suspend-sign-in and reactivate-sign-in answer: the clinic's sign-in as it is now. */
export const signInSuspensionResponseSchema = z.object({
  message: z.string(),
  clinicId: z.string(),
  clinicName: z.string(),
  signInSuspendedAt: z.string().nullable(),
  signInSuspensionReason: z.string().nullable(),
});
export type SignInSuspensionResponse = z.infer<typeof signInSuspensionResponseSchema>;
