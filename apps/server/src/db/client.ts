/**
 * Opens the database: PGlite (real Postgres compiled to WASM) in DATA_DIR by default, or a PostgreSQL
 * server when a URL is given (design.md "database"; docs/decisions/0002-embedded-pglite.md). Both
 * run the same schema and the same migrations.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** The Drizzle database both drivers share; services and queries take this type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction, as Drizzle hands it to a `db.transaction` callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies every pending migration from apps/server/drizzle. */
  migrate(): Promise<void>;
  /** Resolves when the database answers and every migration is applied; throws otherwise. */
  checkReady(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  /** In dataDir, or in memory; `snapshot` starts an in-memory database from a dumped data dir. */
  { kind: 'pglite'; dataDir?: string; snapshot?: Blob } | { kind: 'postgres'; url: string };

export const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, '../../drizzle');

function migrationCount(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/** Opens the target; a pglite target without dataDir lives in memory (tests). */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  const expectedMigrations = migrationCount();
  const base =
    target.kind === 'pglite' ? await openPglite(target.dataDir, target.snapshot) : openPostgres(target.url);

  return {
    ...base,
    kind: target.kind,
    async checkReady() {
      const result = (await base.db.execute(
        sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
      )) as unknown as { rows: { applied: number }[] };
      const applied = Number(result.rows[0]?.applied ?? 0);
      if (applied < expectedMigrations) {
        throw new Error(`${expectedMigrations - applied} migration(s) not applied`);
      }
    },
  };
}

async function openPglite(dataDir?: string, snapshot?: Blob) {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const client = new PGlite({
    dataDir: dataDir ? path.join(dataDir, 'pgdata') : undefined,
    loadDataDir: snapshot,
  });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
  };
}

function openPostgres(url: string) {
  const pool = new pg.Pool({ connectionString: url, connectionTimeoutMillis: 3000, max: 10 });
  // A dropped connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    migrate: () => migratePg(db as never, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => pool.end(),
  };
}
