/**
 * Vitest globalSetup for the server projects: the migrated database every test starts from is built
 * once per run, not once per test file. On PGlite a migrated data dir is dumped to a temporary file;
 * on PostgreSQL (TEST_DB=postgres) a migrated template database is created, and each test database is
 * a copy of it (`create database … template …`). test-database.ts reads what is provided here.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildMigratedPgliteSnapshot, createMigratedPostgresTemplate } from './test-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a dumped, migrated PGlite data dir (PGlite runs). */
    pgliteSnapshotPath: string;
    /** The name of a migrated template database on TEST_DATABASE_URL's server (PostgreSQL runs). */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  if (project.config.env.TEST_DB === 'postgres') {
    const template = await createMigratedPostgresTemplate();
    project.provide('postgresTemplate', template.name);
    project.provide('pgliteSnapshotPath', '');
    return template.drop;
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'clinicpay-pglite-'));
  const file = path.join(dir, 'migrated.tar');
  await fs.writeFile(file, Buffer.from(await (await buildMigratedPgliteSnapshot()).arrayBuffer()));
  project.provide('pgliteSnapshotPath', file);
  project.provide('postgresTemplate', '');
  return () => fs.rm(dir, { recursive: true, force: true });
}
