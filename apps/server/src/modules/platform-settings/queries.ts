/** Reads and writes of platform_settings and system_settings rows. */
import { eq, inArray, isNull, or, sql } from 'drizzle-orm';
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

/** Inserts or replaces a platform_settings row (its description is written only on insert). */
export async function upsertPlatformSetting(
  db: Pick<Db, 'insert'>,
  row: { key: string; value: string; description: string },
): Promise<void> {
  await db
    .insert(platformSettings)
    .values(row)
    .onConflictDoUpdate({ target: platformSettings.key, set: { value: row.value, updatedAt: new Date() } });
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

/**
 * Inserts a system_settings row unless the key already holds a value (a row whose value is null or
 * empty is filled in). When two processes race, the first write wins and both then read it.
 */
export async function insertSystemSettingUnlessSet(
  db: Db,
  row: { key: string; value: string; description: string },
) {
  await db
    .insert(systemSettings)
    .values(row)
    .onConflictDoUpdate({
      target: systemSettings.key,
      set: { value: row.value, description: row.description, updatedAt: new Date() },
      setWhere: or(isNull(systemSettings.value), eq(systemSettings.value, '')),
    });
}
