/**
 * The two notification webhook URLs of system_settings (spec §3): where patient and clinic
 * notifications are posted. Admins read and set them; a blank URL clears one. In production only
 * https is accepted, since the payload carries patient details.
 */
import { ADMIN_MESSAGES, type NotificationWebhooks } from '@clinicpay/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { selectSystemSettings, upsertSystemSettings } from './queries.js';

const KEYS = {
  patientNotificationWebhook: 'patient_notification_webhook',
  clinicNotificationWebhook: 'clinic_notification_webhook',
} as const satisfies Record<keyof NotificationWebhooks, string>;

const DESCRIPTIONS: Record<keyof NotificationWebhooks, string> = {
  patientNotificationWebhook: 'Where patient notifications are posted',
  clinicNotificationWebhook: 'Where clinic notifications are posted',
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
 * Stores both URLs (already checked by the shared schema). Throws VALIDATION_FAILED for an http URL
 * in production, storing nothing.
 */
export async function setNotificationWebhooks(
  db: Db,
  webhooks: NotificationWebhooks,
  options: { requireHttps: boolean },
): Promise<NotificationWebhooks> {
  if (options.requireHttps) {
    const fieldErrors: Record<string, string> = {};
    for (const [field, url] of Object.entries(webhooks)) {
      if (url && new URL(url).protocol !== 'https:') fieldErrors[field] = ADMIN_MESSAGES.webhookNeedsHttps;
    }
    if (Object.keys(fieldErrors).length) {
      throw new AppError('VALIDATION_FAILED', ADMIN_MESSAGES.webhookNeedsHttps, fieldErrors);
    }
  }
  const fields = Object.keys(KEYS) as (keyof NotificationWebhooks)[];
  await upsertSystemSettings(
    db,
    fields.map((field) => ({ key: KEYS[field], value: webhooks[field], description: DESCRIPTIONS[field] })),
  );
  return getNotificationWebhooks(db);
}
