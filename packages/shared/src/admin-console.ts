/**
 * The admin console's safeguards (decision 0098): the platform fee's history, the webhook signing
 * secret shown masked with Reveal and Rotate, and the platform-wide audit log with its filters and
 * pages. Dates are ISO calendar days (YYYY-MM-DD) in Europe/London, the end day whole.
 */
import { z } from 'zod';
import { HISTORY_MESSAGES, isoDateSchema } from './payment-history.js';

/** Every action the audit log records (the server's recordAudit takes only these). */
export const AUDIT_ACTIONS = [
  'account.signed_in',
  'account.sign_in_failed',
  'account.sign_in_link_sent',
  'account.sign_in_unlocked',
  'account.password_changed',
  'account.device_signed_out',
  'admin.invited',
  'balance.requested',
  'clinic.invited',
  'clinic.invitation_resent',
  'clinic.profile_updated',
  'clinic.notifications_updated',
  'clinic.request_settings_updated',
  'clinic.logo_updated',
  'clinic.logo_removed',
  'clinic.sign_in_suspended',
  'clinic.sign_in_reactivated',
  'link.created',
  'link.updated',
  'payments.exported',
  'payout.exported',
  'request.sent',
  'request.resent',
  'request.reminded',
  'request.cancelled',
  'saved_card.charged',
  'statement.exported',
  'dispute.transfer_reversed',
  'dispute.transfer_reinstated',
  'notification.retried',
  'notification_webhooks.updated',
  'platform_fee.updated',
  'policy.updated',
  'policy.turned_off',
  'terms.updated',
  'terms.turned_off',
  'provider.disconnected',
  'provider.reconnected',
  'provider.payments_restored',
  'provider.account_closed',
  'refund.succeeded',
  'refund.failed',
  'saved_card.removed',
  'team.invited',
  'team.invitation_revoked',
  'team.joined',
  'team.role_changed',
  'team.member_removed',
  'team.ownership_transferred',
  'team.member_signed_out',
  'two_factor.enabled',
  'two_factor.disabled',
  'two_factor.recovery_codes_renewed',
  'two_factor.recovery_code_used',
  'two_factor.required',
  'two_factor.not_required',
  'webhook_secret.revealed',
  'webhook_secret.rotated',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What the admin reads for each action. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'account.signed_in': 'Signed in',
  'account.sign_in_failed': 'Sign-in failed',
  'account.sign_in_link_sent': 'Sign-in link emailed after failed sign-ins',
  'account.sign_in_unlocked': 'Sign-in allowed again from the emailed link',
  'account.password_changed': 'Password changed',
  'account.device_signed_out': 'Device signed out',
  'admin.invited': 'Admin invited',
  'balance.requested': 'Balance requested',
  'clinic.invited': 'Clinic invited',
  'clinic.invitation_resent': 'Clinic invitation sent again',
  'clinic.profile_updated': 'Clinic profile changed',
  'clinic.notifications_updated': 'Notification settings changed',
  'clinic.request_settings_updated': 'Request settings changed',
  'clinic.logo_updated': 'Logo changed',
  'clinic.logo_removed': 'Logo removed',
  'clinic.sign_in_suspended': 'Clinic sign-in suspended',
  'clinic.sign_in_reactivated': 'Clinic sign-in reactivated',
  'link.created': 'Payment link created',
  'link.updated': 'Payment link changed',
  'payments.exported': 'Payments exported (CSV)',
  'payout.exported': 'Payout exported',
  'request.sent': 'Payment request sent',
  'request.resent': 'Payment request sent again',
  'request.reminded': 'Payment request reminder sent',
  'request.cancelled': 'Payment request cancelled',
  'saved_card.charged': 'Saved card charged',
  'statement.exported': 'Statement exported',
  'dispute.transfer_reversed': 'Dispute: transfer reversed',
  'dispute.transfer_reinstated': 'Dispute: transfer reinstated',
  'notification.retried': 'Notification retried',
  'notification_webhooks.updated': 'Notification webhooks changed',
  'platform_fee.updated': 'Platform fee changed',
  'policy.updated': 'Payment policy changed',
  'policy.turned_off': 'Payment policy turned off',
  'terms.updated': 'Payment terms changed',
  'terms.turned_off': 'Payment terms turned off',
  'provider.disconnected': 'Stripe disconnected',
  'provider.reconnected': 'Stripe reconnected',
  'provider.payments_restored': 'Card payments restored',
  'provider.account_closed': 'Stripe account closed',
  'refund.succeeded': 'Refund made',
  'refund.failed': 'Refund failed',
  'saved_card.removed': 'Saved card removed',
  'team.invited': 'Team member invited',
  'team.invitation_revoked': 'Team invitation withdrawn',
  'team.joined': 'Team member joined',
  'team.role_changed': "Team member's role changed",
  'team.member_removed': 'Team member removed',
  'team.ownership_transferred': 'Clinic ownership transferred',
  'team.member_signed_out': 'Team member signed out everywhere',
  'two_factor.enabled': 'Two-factor sign-in turned on',
  'two_factor.disabled': 'Two-factor sign-in turned off',
  'two_factor.recovery_codes_renewed': 'New recovery codes made',
  'two_factor.recovery_code_used': 'Recovery code used to sign in',
  'two_factor.required': 'Two-factor sign-in required for the team',
  'two_factor.not_required': 'Two-factor sign-in no longer required for the team',
  'webhook_secret.revealed': 'Signing secret revealed',
  'webhook_secret.rotated': 'Signing secret rotated',
};

/** The label of a stored action; an action unknown to this build is shown as stored. */
export const auditActionLabel = (action: string): string =>
  (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? action;

export const ADMIN_CONSOLE_MESSAGES = {
  feeConfirmTitle: 'Change the platform fee?',
  feeConfirmBody: (from: string, to: string) => `The platform fee will change from ${from}% to ${to}%.`,
  feeConfirmScope:
    'It applies to payments started from now on; payments already started or made keep the fee they had.',
  feeConfirm: 'Change fee',
  feeUnchanged: (percent: string) => `The platform fee is already ${percent}%`,
  feeHistoryTitle: 'Fee history',
  feeHistoryEmpty: 'The platform fee has not been changed yet',
  feeHistoryFailed: 'Failed to load the fee history',
  secretMaskedHint: 'Only the last 4 characters are shown. Reveal shows the whole secret; it is audited.',
  secretReveal: 'Reveal signing secret',
  secretHide: 'Hide signing secret',
  secretRevealFailed: 'Failed to reveal the signing secret',
  secretRotate: 'Rotate',
  secretRotateTitle: 'Rotate the signing secret?',
  secretRotateBody:
    'A new signing secret is made and signs every webhook delivery from now on. Receivers still using the old secret will reject deliveries until they are given the new one.',
  secretRotateConfirm: 'Rotate secret',
  secretRotated: 'Signing secret rotated: give the new secret to your webhook receivers',
  secretRotateFailed: 'Failed to rotate the signing secret',
  auditTitle: 'Audit Log',
  auditFailed: 'Failed to load the audit log',
  auditEmpty: 'No audit entries match these filters',
  auditAllActions: 'All actions',
  auditInvalidAction: 'Choose an action from the list',
  auditInvalidClinic: 'Choose a clinic from the list',
  auditByProvider: 'Stripe',
  auditPlatform: 'Platform',
} as const;

// The platform fee's history.

/** How many fee changes the settings page shows, newest first. */
export const PLATFORM_FEE_HISTORY_LIMIT = 20;

/**
 * GET /api/admin/platform-settings/fee/history: the newest fee changes, read from the audit log.
 * `from` is null for an entry that did not record the old percent.
 */
export const platformFeeHistorySchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      changedAt: z.string(),
      actorEmail: z.string().nullable(),
      from: z.string().nullable(),
      to: z.string().nullable(),
    }),
  ),
});
export type PlatformFeeHistory = z.infer<typeof platformFeeHistorySchema>;

// The webhook signing secret.

export const SIGNING_SECRET_PREFIX = 'whsec_';

/** 'whsec_••••••••abcd': the prefix and the last 4 characters; '' for no secret. */
export function maskSigningSecret(secret: string): string {
  if (!secret) return '';
  const body = secret.startsWith(SIGNING_SECRET_PREFIX) ? secret.slice(SIGNING_SECRET_PREFIX.length) : secret;
  return `${SIGNING_SECRET_PREFIX}${'•'.repeat(8)}${body.slice(-4)}`;
}

/**
 * GET /api/admin/system-settings/webhooks/signing-secret (audited, never cached) and POST
 * …/signing-secret/rotate: the whole secret, and its masked form.
 */
export const webhookSigningSecretSchema = z.object({
  signingSecret: z.string(),
  signingSecretMasked: z.string(),
});
export type WebhookSigningSecret = z.infer<typeof webhookSigningSecretSchema>;

// The audit log.

export const ADMIN_AUDIT_PAGE_SIZE = 25;

/** An empty filter, as a form or an address sends it, is no filter. */
const blankAsNone = (value: unknown) => (value === '' ? undefined : value);

/** The filters both trails take: action, London days, one page newest first. */
const auditQueryFields = {
  action: z.preprocess(
    blankAsNone,
    z.enum(AUDIT_ACTIONS, { error: ADMIN_CONSOLE_MESSAGES.auditInvalidAction }).optional(),
  ),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(ADMIN_AUDIT_PAGE_SIZE),
};
const inOrder = (query: { from?: string; to?: string }) => !query.from || !query.to || query.from <= query.to;
const rangeRule = { message: HISTORY_MESSAGES.invalidRange, path: ['from'] };

/** GET /api/admin/audit: filters by action, clinic and London days, one page newest first. */
export const adminAuditQuerySchema = z
  .object({
    ...auditQueryFields,
    clinicId: z.preprocess(
      blankAsNone,
      z.uuid({ error: ADMIN_CONSOLE_MESSAGES.auditInvalidClinic }).optional(),
    ),
  })
  .refine(inOrder, rangeRule);
export type AdminAuditQuery = z.input<typeof adminAuditQuerySchema>;

/**
 * GET /api/clinic/audit: the owner's trail of their own clinic (decision 0124), by action and London
 * days; the clinic is the session's.
 */
export const clinicAuditQuerySchema = z.object(auditQueryFields).refine(inOrder, rangeRule);
export type ClinicAuditQuery = z.input<typeof clinicAuditQuerySchema>;

export const adminAuditEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  /** The acting admin's or clinic user's email; null when the card provider acted or the user is gone. */
  actorEmail: z.string().nullable(),
  /** The clinic concerned; null for platform entries (fee, webhooks). */
  clinicId: z.string().nullable(),
  clinicName: z.string().nullable(),
  entityType: z.string(),
  entityId: z.string(),
  createdAt: z.string(),
  details: z.record(z.string(), z.unknown()),
  /** Where it came from: the client's address; null for the card provider or a job (decision 0124). */
  ipAddress: z.string().nullable(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;

export const adminAuditPageSchema = z.object({
  items: z.array(adminAuditEntrySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type AdminAuditPage = z.infer<typeof adminAuditPageSchema>;
