/**
 * Many processes starting together on one fresh PostgreSQL database: migrating
 * takes an advisory lock, so each migration is applied once and every process starts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createFreshPostgresDatabase } from '../../test/test-database.js';
import { type Database, MIGRATIONS_FOLDER, openDatabase } from './client.js';

const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
  entries: { when: number }[];
};

describe('migrating from many processes at once', () => {
  const opened: Database[] = [];
  let drop = async () => {};
  afterAll(async () => {
    for (const database of opened) await database.close();
    await drop();
  });

  it('applies each migration once and lets every process start', async () => {
    const fresh = await createFreshPostgresDatabase();
    drop = fresh.drop;
    for (let index = 0; index < 4; index++) {
      opened.push(await openDatabase({ kind: 'postgres', url: fresh.url }));
    }
    const results = await Promise.allSettled(opened.map((database) => database.migrate()));
    expect(results.map((result) => result.status)).toEqual(opened.map(() => 'fulfilled'));

    const [first] = opened;
    if (!first) throw new Error('no database opened');
    const applied = (await first.db.execute(
      sql`select created_at::bigint as "when" from drizzle.__drizzle_migrations order by created_at`,
    )) as unknown as { rows: { when: string }[] };
    expect(applied.rows.map((row) => Number(row.when))).toEqual(journal.entries.map((entry) => entry.when));
    for (const database of opened) await expect(database.checkReady()).resolves.toBeUndefined();
    const { rows } = await first.sql.executeSql('select version from pgboss.version');
    expect(rows).toHaveLength(1);
  });
});
