/** Reads of the dev outbox table (outside production only); the mailer writes it (mail/dev-outbox.ts). */
import { desc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { devOutbox } from '../../db/schema/index.js';

export type DevOutboxEntry = typeof devOutbox.$inferSelect;

/**
 * Newest first; `limit` rows at most. With `recipient`, only the messages to that address or phone
 * number (compared without regard to case).
 */
export function listDevOutbox(
  db: Db,
  options: { recipient?: string; limit?: number } = {},
): Promise<DevOutboxEntry[]> {
  const { recipient } = options;
  return db
    .select()
    .from(devOutbox)
    .where(recipient ? sql`lower(${devOutbox.recipient}) = lower(${recipient})` : undefined)
    .orderBy(desc(devOutbox.createdAt))
    .limit(options.limit ?? 100);
}
