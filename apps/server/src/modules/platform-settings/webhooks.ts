/**
 * The two notification webhook URLs of system_settings: where patient and clinic
 * notifications are posted. Admins read and set them; a blank URL clears one. In production only
 * https to a public internet address is accepted: the payload carries patient details, and
 * a URL pointing inside our network would let an admin account probe it (server-side request forgery).
 * The sender checks again at send time, since DNS can change after a URL is saved.
 */
import {
  ADMIN_MESSAGES,
  maskSigningSecret,
  type NotificationWebhooks,
  type NotificationWebhooksResponse,
} from '@clinicpay/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { checkWebhookUrl, type WebhookRefusalCode, WebhookUrlRefused } from '../../mail/webhook-sender.js';
import { recordAudit } from '../audit/index.js';
import { selectSystemSettings, upsertSystemSettings } from './queries.js';
import { getWebhookSigningSecret } from './webhook-secret.js';

const KEYS = {
  patientNotificationWebhook: 'patient_notification_webhook',
  clinicNotificationWebhook: 'clinic_notification_webhook',
} as const satisfies Record<keyof NotificationWebhooks, string>;

const DESCRIPTIONS: Record<keyof NotificationWebhooks, string> = {
  patientNotificationWebhook: 'Where patient notifications are posted',
  clinicNotificationWebhook: 'Where clinic notifications are posted',
};

const REFUSAL_MESSAGES: Record<WebhookRefusalCode, string> = {
  invalid: ADMIN_MESSAGES.invalidWebhookUrl,
  'not-https': ADMIN_MESSAGES.webhookNeedsHttps,
  credentials: ADMIN_MESSAGES.webhookHasCredentials,
  'not-public': ADMIN_MESSAGES.webhookNotPublic,
};

/** The stored URLs; null where none is set. */
export async function getNotificationWebhooks(db: Db): Promise<NotificationWebhooks> {
  const stored = new Map(
    (await selectSystemSettings(db, Object.values(KEYS))).map((row) => [row.key, row.value]),
  );
  return {
    patientNotificationWebhook: stored.get(KEYS.patientNotificationWebhook) ?? null,
    clinicNotificationWebhook: stored.get(KEYS.clinicNotificationWebhook) ?? null,
  };
}

/**
 * What the admin sees: the stored URLs and the signing secret (created when missing), masked to its
 * last 4 characters; the whole secret comes only through the audited reveal (decision 0098).
 */
export async function getNotificationWebhookSettings(db: Db): Promise<NotificationWebhooksResponse> {
  return {
    ...(await getNotificationWebhooks(db)),
    signingSecretMasked: maskSigningSecret(await getWebhookSigningSecret(db)),
  };
}

/**
 * Stores both URLs (already checked by the shared schema), auditing what changed and who changed
 * it, and answers as getNotificationWebhookSettings. With `requireHttps` (production) throws VALIDATION_FAILED, with a
 * field error for each refused URL and storing nothing, for a URL that is not https or whose host is
 * not a public internet address.
 */
export async function setNotificationWebhooks(
  db: Db,
  webhooks: NotificationWebhooks,
  options: { requireHttps: boolean; adminUserId: string },
): Promise<NotificationWebhooksResponse> {
  const fields = Object.keys(KEYS) as (keyof NotificationWebhooks)[];
  if (options.requireHttps) {
    const refusals = await Promise.all(
      fields.map(async (field) => [field, await refusalOf(webhooks[field])]),
    );
    const fieldErrors: Record<string, string> = Object.fromEntries(refusals.filter(([, message]) => message));
    const [first] = Object.values(fieldErrors);
    if (first) throw new AppError('VALIDATION_FAILED', first, fieldErrors);
  }
  await db.transaction(async (tx) => {
    const before = await getNotificationWebhooks(tx);
    await upsertSystemSettings(
      tx,
      fields.map((field) => ({ key: KEYS[field], value: webhooks[field], description: DESCRIPTIONS[field] })),
    );
    const changed = fields.filter((field) => before[field] !== webhooks[field]);
    if (!changed.length) return;
    await recordAudit(tx, {
      actorUserId: options.adminUserId,
      action: 'notification_webhooks.updated',
      entityType: 'system_settings',
      entityId: 'notification_webhooks',
      details: Object.fromEntries(
        changed.map((field) => [field, { from: before[field], to: webhooks[field] }]),
      ),
    });
  });
  return getNotificationWebhookSettings(db);
}

/** The admin's message for a URL production refuses, or null for one it accepts. */
async function refusalOf(url: string | null): Promise<string | null> {
  if (!url) return null;
  try {
    await checkWebhookUrl(url, { requirePublicHttps: true });
    return null;
  } catch (error) {
    if (error instanceof WebhookUrlRefused) return REFUSAL_MESSAGES[error.code];
    // The host did not resolve (not yet set up, or DNS is down): nothing private can be reached
    // through it now, and the sender checks again before every delivery.
    return null;
  }
}
