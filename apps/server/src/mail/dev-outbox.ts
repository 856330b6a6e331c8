/**
 * The dev outbox's writer (decision 0007): outside production, without SMTP or an SMS provider, every
 * email and text is stored here instead of leaving the machine. The dev-outbox module shows them.
 */
import type { Db } from '../db/client.js';
import { devOutbox } from '../db/schema/index.js';

type NewDevOutboxEntry = typeof devOutbox.$inferInsert;

/** Stores one outgoing email or text in the dev outbox table. */
export async function recordInDevOutbox(db: Db, entry: NewDevOutboxEntry): Promise<void> {
  await db.insert(devOutbox).values(entry);
}
