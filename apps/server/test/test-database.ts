/**
 * The database a test app runs on: in-memory PGlite, or (TEST_DB=postgres) a fresh database created
 * on the TEST_DATABASE_URL server and dropped when the app closes, so tests never share data.
 */
import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import {
  type Database,
  installJobSchema,
  MIGRATIONS_FOLDER,
  openDatabase,
  PGLITE_EXTENSIONS,
} from '../src/db/client.js';

export function usesPostgres(): boolean {
  return process.env.TEST_DB === 'postgres';
}

function testServerUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  return url;
}

async function withAdminClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: testServerUrl() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Creates an empty Postgres database and returns its URL and a function that drops it. */
export async function createFreshPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `clinicpay_test_${randomUUID().replaceAll('-', '')}`;
  await withAdminClient((client) => client.query(`create database ${name}`));
  const url = new URL(testServerUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      withAdminClient((client) => client.query(`drop database if exists ${name} with (force)`)).then(
        () => {},
      ),
  };
}

let migratedSnapshot: Promise<Blob> | undefined;

/**
 * Starting PGlite takes seconds, loading a dumped data dir a fraction of that: each test worker
 * migrates one database once and every test database starts as a copy of it.
 */
function migratedPgliteSnapshot(): Promise<Blob> {
  migratedSnapshot ??= (async () => {
    const client = new PGlite({ extensions: PGLITE_EXTENSIONS });
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
    await installJobSchema({
      executeSql: async (text) => ({ rows: (await client.exec(text)).at(-1)?.rows ?? [] }),
    });
    const snapshot = await client.dumpDataDir('none');
    await client.close();
    return snapshot;
  })();
  return migratedSnapshot;
}

/** Opens (and by default migrates) a fresh test database; closing it also drops a Postgres one. */
export async function openTestDatabase(options: { migrate?: boolean } = {}): Promise<Database> {
  let database: Database;
  let drop = async () => {};
  if (usesPostgres()) {
    const fresh = await createFreshPostgresDatabase();
    drop = fresh.drop;
    database = await openDatabase({ kind: 'postgres', url: fresh.url });
    if (options.migrate !== false) await database.migrate();
  } else {
    const snapshot = options.migrate === false ? undefined : await migratedPgliteSnapshot();
    database = await openDatabase({ kind: 'pglite', snapshot });
  }
  return {
    ...database,
    async close() {
      await database.close();
      await drop();
    },
  };
}
