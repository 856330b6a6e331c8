/**
 * Rate-limit counters shared by every server process (decision 0021): one row per
 * limit and key, counting requests until expires_at, when the next request starts a new window.
 * The table is unlogged (migration 0038, decision 0126), which Drizzle's schema does not express.
 */
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const rateLimits = pgTable(
  'rate_limits',
  {
    /** The limit's namespace and the caller's key, e.g. 'route:POST /api/contact|203.0.113.7'. */
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  // The sweep deletes expired rows by this column.
  (table) => [index('rate_limits_expires_at_idx').on(table.expiresAt)],
);
