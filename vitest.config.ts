/**
 * Unit and integration tests. The server suite runs on in-memory PGlite; with TEST_DATABASE_URL set
 * the same suite runs again on PostgreSQL (each test app in a fresh database), together with the
 * *.pg.test.ts files that need a real server (e.g. a database that goes away and comes back).
 */
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { PREACT_FOR_REACT } from './apps/web/vite.config.ts';

const serverTests = ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'];
const postgresOnlyTests = ['apps/server/**/*.pg.test.ts'];
/**
 * The files that start real processes (the server as `npm run serve` runs it, the CLIs): each pays a
 * Node start-up and a migration, and none depends on which database the suite runs on, so they are a
 * project of their own, run once (create-admin's test, which does, also runs on PostgreSQL).
 */
const processTests = [
  'apps/server/src/main.test.ts',
  'apps/server/src/startup-modules.test.ts',
  'apps/server/src/cli/check-port.test.ts',
  'apps/server/src/cli/create-admin.test.ts',
  'apps/server/src/gateway/stripe/register-domain.test.ts',
  'apps/server/src/modules/notifications/crash-delivery.test.ts',
];

/**
 * The server's test files share one process per worker (isolate: false): each file imported the whole
 * app again in a fresh one, about half the server project's time (docs/testing.md, "Where the server
 * project's time goes"). So a server test must leave no state behind it in a module (a test app is
 * closed; nothing is replaced with vi.mock, which reaches a module only before its first import).
 */
const ISOLATE_SERVER_FILES = false;

const postgresProject = {
  test: {
    name: 'server-postgres',
    isolate: ISOLATE_SERVER_FILES,
    include: [...serverTests, ...postgresOnlyTests],
    exclude: processTests.filter((file) => !file.endsWith('create-admin.test.ts')),
    environment: 'node',
    env: { TEST_DB: 'postgres' },
    globalSetup: ['apps/server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
};

export default defineConfig({
  test: {
    // Two workers even on 2 cores (Vitest's default is one fewer than the cores): with the server's
    // and the web app's files sharing a process, test:unit took 340 s on two against 511 s on one
    // (docs/testing.md).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // The default output, then what each project cost (docs/testing.md).
    reporters: ['default', './scripts/project-durations.ts'],
    projects: [
      {
        test: {
          name: 'server',
          isolate: ISOLATE_SERVER_FILES,
          include: serverTests,
          exclude: [...postgresOnlyTests, ...processTests],
          environment: 'node',
          env: { TEST_DB: 'pglite' },
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server-processes',
          include: processTests,
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
        // The payment pages' tests again, on Preact as the payment build ships them (decision 0115): the
        // build's aliases, applied to the libraries too (inlined), and its patch.
        extends: './apps/web/vite.config.ts',
        resolve: {
          // ES module builds, as the bundler takes them: a CommonJS build's require calls reach no alias.
          conditions: ['module', 'browser', 'development'],
          alias: [
            ...PREACT_FOR_REACT,
            { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
            // Its package main is CommonJS, whose require calls no alias reaches: take its ES module build.
            {
              find: /^@testing-library\/react$/,
              replacement: '@testing-library/react/dist/@testing-library/react.esm.js',
            },
          ],
        },
        test: {
          name: 'web-payment',
          // Each file in a process of its own: the Stripe form's fakes do not survive one shared
          // (docs/testing.md).
          root: './apps/web',
          include: ['src/features/checkout/**/*.test.{ts,tsx}', 'src/app/payment-app.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['./src/test-setup.ts', './src/test-setup-payment.ts'],
          server: { deps: { inline: true } },
          testTimeout: 15_000,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          // Files share a process, as the server's do: 43 s instead of 142 s (docs/testing.md).
          isolate: false,
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
