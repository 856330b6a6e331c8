/**
 * The database a test app runs on: in-memory PGlite, or (TEST_DB=postgres) a fresh database created
 * on the TEST_DATABASE_URL server and dropped when the app closes, so tests never share data.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { inject } from 'vitest';
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

function databaseUrl(name: string): string {
  const url = new URL(testServerUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

function dropper(name: string) {
  return () =>
    withAdminClient((client) => client.query(`drop database if exists ${name} with (force)`)).then(() => {});
}

/**
 * Creates a Postgres database, empty or as a copy of `template`, and returns its URL and a function
 * that drops it.
 */
export async function createFreshPostgresDatabase(
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `clinicpay_test_${randomUUID().replaceAll('-', '')}`;
  await withAdminClient(async (client) => {
    // Two copies of one template started at the same instant can collide; the second tries again.
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(`create database ${name}${template ? ` template ${template}` : ''}`);
        return;
      } catch (error) {
        if (!template || attempt >= 20 || !/being accessed by other users/.test(String(error))) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
    }
  });
  return { url: databaseUrl(name), drop: dropper(name) };
}

/** A migrated Postgres database for test databases to be copied from (globalSetup). */
export async function createMigratedPostgresTemplate(): Promise<{ name: string; drop: () => Promise<void> }> {
  const name = `clinicpay_template_${randomUUID().replaceAll('-', '')}`;
  await withAdminClient((client) => client.query(`create database ${name}`));
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl(name) });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  return { name, drop: dropper(name) };
}

/** A dumped data dir of a migrated PGlite database (extensions, migrations and the job schema). */
export async function buildMigratedPgliteSnapshot(): Promise<Blob> {
  const client = new PGlite({ extensions: PGLITE_EXTENSIONS });
  await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
  await installJobSchema({
    executeSql: async (text) => ({ rows: (await client.exec(text)).at(-1)?.rows ?? [] }),
  });
  const snapshot = await client.dumpDataDir('none');
  await client.close();
  return snapshot;
}

/** What globalSetup provided, or '' outside Vitest's server projects (e.g. a script). */
function provided(key: 'pgliteSnapshotPath' | 'postgresTemplate'): string {
  try {
    return inject(key) ?? '';
  } catch {
    return '';
  }
}

let migratedSnapshot: Promise<Blob> | undefined;

/**
 * Starting PGlite and migrating takes seconds, loading a dumped data dir a fraction of that: the
 * snapshot globalSetup wrote is read once per test file (built here when there is none).
 */
function migratedPgliteSnapshot(): Promise<Blob> {
  migratedSnapshot ??= (async () => {
    const file = provided('pgliteSnapshotPath');
    return file ? new Blob([await fs.readFile(file)]) : buildMigratedPgliteSnapshot();
  })();
  return migratedSnapshot;
}

/** Opens (and by default migrates) a fresh test database; closing it also drops a Postgres one. */
export async function openTestDatabase(options: { migrate?: boolean } = {}): Promise<Database> {
  let database: Database;
  let drop = async () => {};
  if (usesPostgres()) {
    const template = options.migrate === false ? '' : provided('postgresTemplate');
    const fresh = await createFreshPostgresDatabase(template || undefined);
    drop = fresh.drop;
    database = await openDatabase({ kind: 'postgres', url: fresh.url });
    // A copy of the template is migrated already; migrate() then only checks.
    if (options.migrate !== false && !template) await database.migrate();
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
