/** Reads and writes of the dev outbox table (outside production only). */
import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { devOutbox } from '../../db/schema/index.js';

export type DevOutboxEntry = typeof devOutbox.$inferSelect;
type NewDevOutboxEntry = typeof devOutbox.$inferInsert;

export async function recordInDevOutbox(db: Db, entry: NewDevOutboxEntry): Promise<void> {
  await db.insert(devOutbox).values(entry);
}

/** Newest first; `limit` rows at most. */
export function listDevOutbox(db: Db, limit = 100): Promise<DevOutboxEntry[]> {
  return db.select().from(devOutbox).orderBy(desc(devOutbox.createdAt)).limit(limit);
}
