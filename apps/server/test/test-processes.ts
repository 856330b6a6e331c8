/**
 * Several app instances on one database, standing in for server processes behind a load balancer
 * (decision 0021). On PostgreSQL each has its own connection pool to one fresh database; on
 * PGlite they share the one in-memory database object, as only one process can open a PGlite.
 */
import type { FastifyInstance } from 'fastify';
import { type Database, openDatabase } from '../src/db/client.js';
import { createTestApp, type TestAppOptions } from './test-app.js';
import { createFreshPostgresDatabase, openTestDatabase, usesPostgres } from './test-database.js';

export interface TestProcesses {
  apps: FastifyInstance[];
  close(): Promise<void>;
}

/** Opens the database each process uses; `release` frees what the processes did not close. */
async function databasesFor(count: number): Promise<{ databases: Database[]; release: () => Promise<void> }> {
  if (usesPostgres()) {
    const fresh = await createFreshPostgresDatabase();
    const databases: Database[] = [];
    for (let index = 0; index < count; index++) {
      databases.push(await openDatabase({ kind: 'postgres', url: fresh.url }));
    }
    await databases[0]?.migrate();
    return { databases, release: fresh.drop };
  }
  const shared = await openTestDatabase();
  // Each app closes its database when it closes; the shared one closes once, after all of them.
  const unclosable = { ...shared, close: async () => {} };
  return { databases: Array.from({ length: count }, () => unclosable), release: () => shared.close() };
}

/** Starts `count` apps on one database with the same configuration. */
export async function createTestProcesses(
  count: number,
  options: Omit<TestAppOptions, 'database'> = {},
): Promise<TestProcesses> {
  const { databases, release } = await databasesFor(count);
  const apps: FastifyInstance[] = [];
  for (const database of databases) apps.push(await createTestApp({ ...options, database }));
  return {
    apps,
    async close() {
      for (const app of apps) await app.close();
      await release();
    },
  };
}
