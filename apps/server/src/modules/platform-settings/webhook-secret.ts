/**
 * The installation's webhook signing secret (issue #11): the key of the HMAC-SHA256 in every
 * notification webhook's ClinicPay-Signature header (mail/webhook-sender.ts). Each installation makes
 * its own the first time it is asked for, and admins read it on the Settings page to give integrators.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { insertSystemSettingUnlessSet, selectSystemSettings } from './queries.js';

const KEY = 'notification_webhook_signing_secret';
const DESCRIPTION = 'Signs notification webhook deliveries (ClinicPay-Signature header)';

/**
 * The signing secret stored in system_settings under notification_webhook_signing_secret:
 * `whsec_` and 32 random bytes in base64url. Creates it when missing; when two processes create one at
 * once, the first stored wins and both return it. Throws only if the database fails.
 */
export async function getWebhookSigningSecret(db: Db): Promise<string> {
  const stored = await readSecret(db);
  if (stored) return stored;
  const value = `whsec_${randomBytes(32).toString('base64url')}`;
  await insertSystemSettingUnlessSet(db, { key: KEY, value, description: DESCRIPTION });
  const created = await readSecret(db);
  if (!created) throw new Error('The webhook signing secret could not be stored');
  return created;
}

async function readSecret(db: Db): Promise<string | null> {
  const [row] = await selectSystemSettings(db, [KEY]);
  return row?.value || null;
}
