/**
 * The installation's webhook signing secret: the key of the HMAC-SHA256 in every notification
 * webhook's ClinicPay-Signature header (mail/webhook-sender.ts, which reads it at each delivery). Each
 * installation makes its own the first time it is asked for. Admins see it masked; revealing it whole
 * and rotating it are audited (decision 0098).
 */
import { randomBytes } from 'node:crypto';
import { maskSigningSecret, type WebhookSigningSecret } from '@clinicpay/shared';
import type { Db } from '../../db/client.js';
import { recordAudit } from '../audit/index.js';
import { insertSystemSettingUnlessSet, selectSystemSettings, upsertSystemSettings } from './queries.js';

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
  const value = newSecret();
  await insertSystemSettingUnlessSet(db, { key: KEY, value, description: DESCRIPTION });
  const created = await readSecret(db);
  if (!created) throw new Error('The webhook signing secret could not be stored');
  return created;
}

async function readSecret(db: Db): Promise<string | null> {
  const [row] = await selectSystemSettings(db, [KEY]);
  return row?.value || null;
}

/** `whsec_` and 32 random bytes in base64url. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

const answer = (secret: string): WebhookSigningSecret => ({
  signingSecret: secret,
  signingSecretMasked: maskSigningSecret(secret),
});

/**
 * The whole secret for an admin who asked to see it, recorded in the audit log (who and when; the
 * secret itself is never written there). Throws only if the database fails.
 */
export async function revealWebhookSigningSecret(db: Db, adminUserId: string): Promise<WebhookSigningSecret> {
  const secret = await getWebhookSigningSecret(db);
  await recordAudit(db, {
    actorUserId: adminUserId,
    action: 'webhook_secret.revealed',
    entityType: 'system_settings',
    entityId: KEY,
    details: { secret: maskSigningSecret(secret) },
  });
  return answer(secret);
}

/**
 * Replaces the secret with a new random one, as it was first made, and audits the change with both
 * secrets masked, in one transaction. Deliveries are signed with the new secret from the next one on.
 * Returns the new secret whole. Throws only if the database fails.
 */
export async function rotateWebhookSigningSecret(db: Db, adminUserId: string): Promise<WebhookSigningSecret> {
  const previous = await getWebhookSigningSecret(db);
  const value = newSecret();
  await db.transaction(async (tx) => {
    await upsertSystemSettings(tx, [{ key: KEY, value, description: DESCRIPTION }]);
    await recordAudit(tx, {
      actorUserId: adminUserId,
      action: 'webhook_secret.rotated',
      entityType: 'system_settings',
      entityId: KEY,
      details: { from: maskSigningSecret(previous), to: maskSigningSecret(value) },
    });
  });
  return answer(value);
}
