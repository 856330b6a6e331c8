/**
 * Unit and integration tests. The server suite runs on in-memory PGlite; with TEST_DATABASE_URL set
 * the same suite runs again on PostgreSQL (each test app in a fresh database), together with the
 * *.pg.test.ts files that need a real server (e.g. a database that goes away and comes back).
 */
import { defineConfig } from 'vitest/config';

const serverTests = ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'];
const postgresOnlyTests = ['apps/server/**/*.pg.test.ts'];

const postgresProject = {
  test: {
    name: 'server-postgres',
    include: [...serverTests, ...postgresOnlyTests],
    environment: 'node',
    env: { TEST_DB: 'postgres' },
    globalSetup: ['apps/server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
};

export default defineConfig({
  test: {
    // The default output, then what each project cost (docs/testing.md).
    reporters: ['default', './scripts/project-durations.ts'],
    projects: [
      {
        test: {
          name: 'server',
          include: serverTests,
          exclude: postgresOnlyTests,
          environment: 'node',
          env: { TEST_DB: 'pglite' },
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(process.env.TEST_DATABASE_URL ? [postgresProject] : []),
      {
        test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' },
      },
      { test: { name: 'tooling', include: ['scripts/**/*.test.ts'], environment: 'node' } },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['./src/test-setup.ts'],
          // A 2-core CI machine running the server suite beside these needs more than the default 5 s
          // for a test that types into several fields.
          testTimeout: 15_000,
        },
      },
    ],
  },
});
