/** Reads and writes of platform_settings rows. */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { platformSettings } from '../../db/schema/index.js';

/** The stored text of a setting, or undefined when the row is missing. */
export async function findPlatformSetting(db: Db, key: string): Promise<string | undefined> {
  const [row] = await db
    .select({ value: platformSettings.value })
    .from(platformSettings)
    .where(eq(platformSettings.key, key));
  return row?.value;
}
