/**
 * Running a statement as a prepared statement named after its text (docs/decisions/0128-back-office-at-scale.md):
 * each connection plans it once and, after a few runs, keeps PostgreSQL's generic plan, so a page whose
 * statement takes longer to plan than to run (the history's union, a trail's count beside its page)
 * is not planned again on every request. For statements whose best plan does not depend on the values
 * (no search pattern: a LIKE's plan does). PGlite ignores the name.
 */
import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client.js';

const dialect = new PgDialect();

/** Runs `query` prepared under a name made of `prefix` and a digest of its text; resolves to the driver's result. */
export function executePrepared(db: Db | Tx, prefix: string, query: SQL): Promise<unknown> {
  const built = dialect.sqlToQuery(query);
  const name = `${prefix}_${createHash('sha1').update(built.sql).digest('hex').slice(0, 24)}`;
  return db._.session.prepareQuery(built, undefined, name, false).execute();
}
