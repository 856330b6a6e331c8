/**
 * The sandbox's webhook signing secret (decision 0025) when SANDBOX_WEBHOOK_SECRET is not configured: one
 * made for this installation the first time it is needed and kept with the data, in system_settings
 * under sandbox_webhook_signing_secret. Every process on the database signs and
 * verifies with the same secret; no two installations share one, and none is written in the code or
 * in .env.example (docs/decisions/0025-sandbox-signing-secret.md).
 */
import { randomBytes } from 'node:crypto';
import { eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { systemSettings } from '../../db/schema/index.js';

export const SANDBOX_SECRET_KEY = 'sandbox_webhook_signing_secret';
const DESCRIPTION = "Signs the offline sandbox's webhook events (when SANDBOX_WEBHOOK_SECRET is unset)";

async function storedSecret(db: Db): Promise<string | undefined> {
  const [row] = await db
    .select({ value: systemSettings.value })
    .from(systemSettings)
    .where(eq(systemSettings.key, SANDBOX_SECRET_KEY));
  return row?.value || undefined;
}

/**
 * The stored secret, made first (`whsec_` and 32 random bytes in base64url) when there is none.
 * Processes starting together each try to store theirs with `insert … on conflict do update … where
 * value is null or ''`, so the first stored wins and every process reads that one back. Throws only
 * if the database fails (e.g. not migrated yet).
 */
export async function sandboxWebhookSecret(db: Db): Promise<string> {
  const stored = await storedSecret(db);
  if (stored) return stored;
  const made = `whsec_${randomBytes(32).toString('base64url')}`;
  await db
    .insert(systemSettings)
    .values({ key: SANDBOX_SECRET_KEY, value: made, description: DESCRIPTION })
    .onConflictDoUpdate({
      target: systemSettings.key,
      set: { value: made, description: DESCRIPTION, updatedAt: new Date() },
      setWhere: or(isNull(systemSettings.value), eq(systemSettings.value, '')),
    });
  const kept = await storedSecret(db);
  if (!kept) throw new Error("The sandbox's webhook signing secret could not be stored");
  return kept;
}
