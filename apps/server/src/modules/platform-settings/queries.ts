/** Reads and writes of platform_settings rows. */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { platformSettings, systemSettings } from '../../db/schema/index.js';

/** The stored text of a setting, or undefined when the row is missing. */
export async function findPlatformSetting(db: Db, key: string): Promise<string | undefined> {
  const [row] = await db
    .select({ value: platformSettings.value })
    .from(platformSettings)
    .where(eq(platformSettings.key, key));
  return row?.value;
}

/** The system_settings rows with these keys. */
export function selectSystemSettings(db: Db, keys: string[]) {
  return db
    .select({ key: systemSettings.key, value: systemSettings.value })
    .from(systemSettings)
    .where(inArray(systemSettings.key, keys));
}

/** Inserts or replaces system_settings rows, all in one statement. */
export async function upsertSystemSettings(
  db: Db,
  rows: { key: string; value: string | null; description: string }[],
) {
  await db
    .insert(systemSettings)
    .values(rows)
    .onConflictDoUpdate({
      target: systemSettings.key,
      set: { value: sql`excluded.value`, updatedAt: new Date() },
    });
}
