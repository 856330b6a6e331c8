/** Reads of the dev outbox table (outside production only); the mailer writes it (mail/dev-outbox.ts). */
import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { devOutbox } from '../../db/schema/index.js';

export type DevOutboxEntry = typeof devOutbox.$inferSelect;

/** Newest first; `limit` rows at most. */
export function listDevOutbox(db: Db, limit = 100): Promise<DevOutboxEntry[]> {
  return db.select().from(devOutbox).orderBy(desc(devOutbox.createdAt)).limit(limit);
}
