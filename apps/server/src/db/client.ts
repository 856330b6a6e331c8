/**
 * Opens the database: PGlite (real Postgres compiled to WASM) in DATA_DIR by default, or a PostgreSQL
 * server when a URL is given (docs/decisions/0002-embedded-pglite.md). Both
 * run the same schema and the same migrations.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Column, fillPlaceholders, getTableColumns, sql, type Table } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import PgBoss from 'pg-boss';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** The Drizzle database both drivers share; services and queries take this type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction, as Drizzle hands it to a `db.transaction` callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Plain SQL with `$1` placeholders, for libraries that bring their own SQL (pg-boss). Without values,
 * `text` may hold several statements; the last statement's rows are returned.
 */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The same database as `db`, for SQL written by a library (the job queue). */
  sql: SqlExecutor;
  /** Applies every pending migration from apps/server/drizzle, and creates the job queue's tables. */
  migrate(): Promise<void>;
  /** Resolves when the database answers and every migration is applied; throws otherwise. */
  checkReady(): Promise<void>;
  close(): Promise<void>;
}

/** A statement as the driver takes it: the name it is prepared under, its text with $1 placeholders, its values. */
export interface PlainStatement {
  name: string;
  text: string;
  values: unknown[];
}

type PlainRunner = (statement: PlainStatement) => Promise<{ rows: Record<string, unknown>[] }>;
const plainRunners = new WeakMap<Db, PlainRunner>();

/**
 * Runs `statement` straight through the driver under `db`, with none of Drizzle's per-query work: the
 * public payment API's hot path (docs/decisions/0131-public-api-without-per-request-overhead.md).
 * node-postgres prepares it by name once on each connection; PGlite ignores the name and takes its
 * turn as every statement does. Resolves to the driver's result, whose `rows` are objects with JSON
 * columns decoded. Throws for a `db` that openDatabase did not open (a transaction).
 */
export function runPlainStatement(
  db: Db,
  statement: PlainStatement,
): Promise<{ rows: Record<string, unknown>[] }> {
  const run = plainRunners.get(db);
  if (!run) throw new Error('runPlainStatement needs the database openDatabase opened');
  return run(statement);
}

/**
 * A Drizzle query rendered once (`.toSQL()`, its values left as `sql.placeholder(name)`) as a plain
 * statement prepared under `name` (decisions 0131, 0132): the returned function takes the placeholders' values
 * and gives what runPlainStatement runs, each value encoded as Drizzle encodes its column (a jsonb
 * object as JSON text). Throws, when called, for a placeholder given no value.
 */
export function plainStatement(
  name: string,
  query: { sql: string; params: unknown[] },
): (values: Record<string, unknown>) => PlainStatement {
  return (values) => ({ name, text: query.sql, values: fillPlaceholders(query.params, values) });
}

/**
 * Reads the rows of a plain statement that returns every column of `table` (keyed by column name, as
 * the driver gives them) as Drizzle's select gives them: keyed by property (`clientSecret`), and each
 * value read as Drizzle reads its column (dates as Date, JSON decoded). Columns missing from the row
 * come back undefined.
 */
export function plainRowReader<T extends Table>(
  table: T,
): (row: Record<string, unknown>) => T['$inferSelect'] {
  const columns = Object.entries(getTableColumns(table)).map(([key, column]: [string, Column]) => ({
    key,
    name: column.name,
    // Columns whose value the driver already gives as Drizzle would (text, integers, booleans) are
    // copied; the rest (timestamps, JSON) go through the column's own reader, which takes either form.
    read:
      column.mapFromDriverValue === Column.prototype.mapFromDriverValue
        ? null
        : (value: unknown) => column.mapFromDriverValue(value),
  }));
  return (row) => {
    const read: Record<string, unknown> = {};
    for (const { key, name, read: reader } of columns) {
      const value = row[name];
      read[key] = value === null || value === undefined || !reader ? value : reader(value);
    }
    return read as T['$inferSelect'];
  };
}

export type DatabaseTarget =
  /** In dataDir, or in memory; `snapshot` starts an in-memory database from a dumped data dir. */
  { kind: 'pglite'; dataDir?: string; snapshot?: Blob } | { kind: 'postgres'; url: string };

export const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, '../../drizzle');

/**
 * The PostgreSQL extensions the migrations create (the history search's trigram index, decision 0070).
 * PGlite ships them but can create them only when the instance is started with them.
 */
export const PGLITE_EXTENSIONS = { pg_trgm, btree_gin };

/** The job queue (pg-boss) keeps its tables in this schema. */
export const JOB_SCHEMA = 'pgboss';

/**
 * pg-boss fetches a queue's next jobs `order by priority desc, created_on, id`, but its index is on
 * (name, start_after), so every fetch read and sorted every queued job of the queue: with 10,000
 * reminders queued, most of PostgreSQL's time (docs/decisions/0129-reminders-at-scale.md). This index
 * of ours, on the partitioned job table (so on every queue's partition, present and future), hands the
 * fetch its jobs in that order, and it stops at the batch.
 */
const JOB_FETCH_ORDER_INDEX = `create index if not exists clinicpay_job_fetch_order
  on ${JOB_SCHEMA}.job (name, priority desc, created_on, id) where state < 'active'`;

/**
 * Creates the job queue's tables when they do not exist yet (pg-boss's own construction plan, one
 * transaction under its advisory lock), and the index its fetch needs (JOB_FETCH_ORDER_INDEX). Later
 * pg-boss versions migrate them when the queue starts.
 */
export async function installJobSchema(executor: SqlExecutor): Promise<void> {
  const { rows } = await executor.executeSql(`select to_regclass('${JOB_SCHEMA}.version') as installed`);
  if (!rows[0]?.installed) await executor.executeSql(PgBoss.getConstructionPlans(JOB_SCHEMA));
  await executor.executeSql(JOB_FETCH_ORDER_INDEX);
}

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

/**
 * PostgreSQL settings for the embedded database (docs/decisions/0073-lean-embedded-database.md).
 * PGlite runs PostgreSQL inside the server's own WebAssembly memory, which grows to the largest size
 * it ever needed and never shrinks, so every buffer PostgreSQL sizes for a dedicated machine stays in
 * the server's RSS for good. The data files are still read through the operating system's page cache,
 * so a small buffer pool costs little.
 */
export const PGLITE_SETTINGS = {
  /** Default 128MB: the largest part of the idle process. */
  shared_buffers: '16MB',
  /** Default 64MB; used by CREATE INDEX and VACUUM (migrations, pg-boss's maintenance). */
  maintenance_work_mem: '16MB',
  /** Default 8MB, for temporary tables, which the app does not use. */
  temp_buffers: '1MB',
};

/**
 * PGlite whose statements and transactions take turns with the server's other work
 * (docs/decisions/0076-pglite-takes-turns.md). PGlite runs each statement synchronously on the server's
 * one thread; under 50 connections some requests waited over 10 seconds while the mean was half a
 * second. Here each top-level query, exec or transaction starts only after the previous one has
 * finished and the event loop has had a turn (setImmediate), in arrival order, so requests are read and
 * answers written between statements and requests queue fairly. Statements inside a transaction run in
 * the transaction's turn, as PGlite already required.
 */
class TurnTakingPGlite extends PGlite {
  #last: Promise<unknown> = Promise.resolve();

  #inTurn<T>(run: () => Promise<T>): Promise<T> {
    const turn = this.#last.then(() => new Promise<void>((resolve) => setImmediate(resolve))).then(run);
    this.#last = turn.catch(() => undefined);
    return turn;
  }

  override query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#inTurn(() => super.query<T>(query, params, options));
  }

  override exec(query: string, options?: QueryOptions): Promise<Array<Results>> {
    return this.#inTurn(() => super.exec(query, options));
  }

  override transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.#inTurn(() => super.transaction(callback));
  }
}

async function openPglite(dataDir?: string, snapshot?: Blob) {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const client = new TurnTakingPGlite({
    dataDir: dataDir ? path.join(dataDir, 'pgdata') : undefined,
    loadDataDir: snapshot,
    extensions: PGLITE_EXTENSIONS,
    // PGlite's own start parameters (single-user mode, no parallel workers, ...) followed by ours.
    startParams: [
      ...PGlite.defaultStartParams,
      ...Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
  });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  plainRunners.set(db, ({ text, values }) => client.query<Record<string, unknown>>(text, values));
  const executor: SqlExecutor = {
    async executeSql(text, values) {
      if (values?.length) return client.query<Record<string, unknown>>(text, values);
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
  return {
    db,
    sql: executor,
    migrate: async () => {
      await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
      await installJobSchema(executor);
    },
    close: () => client.close(),
  };
}

/** The advisory lock that lets one process at a time migrate (any fixed number no one else uses). */
const MIGRATION_LOCK_ID = 727_104_301;

/**
 * Many processes may start together on one database: each migrates while holding a
 * session advisory lock on one connection, so one applies the migrations and the job queue's tables
 * while the others wait, then find nothing left to do.
 */
async function migrateUnderLock(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  let healthy = false;
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      await migratePg(drizzlePg(client, { schema }) as never, { migrationsFolder: MIGRATIONS_FOLDER });
      await installJobSchema({ executeSql: (text, values) => client.query(text, values) });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
      healthy = true;
    }
  } finally {
    // A connection that could not unlock is closed, and closing it releases the lock.
    client.release(!healthy);
  }
}

function openPostgres(url: string) {
  const pool = new pg.Pool({ connectionString: url, connectionTimeoutMillis: 3000, max: 10 });
  // A dropped connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  plainRunners.set(db, (statement) => pool.query<Record<string, unknown>>(statement));
  const executor: SqlExecutor = {
    executeSql: (text, values) => pool.query(text, values),
  };
  return {
    db,
    sql: executor,
    migrate: () => migrateUnderLock(pool),
    close: () => pool.end(),
  };
}
