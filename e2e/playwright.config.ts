/**
 * End-to-end journeys in Debian's Chromium (/usr/bin/chromium; Playwright cannot download its own
 * browser here) against the built app (`npm run build`: web app and server), started as `npm start`
 * would, with `npm run serve` (`node apps/server/dist/main.js`), on a free port with a fresh
 * embedded database. The port and data folder go through the environment so every Playwright
 * process (runner and workers) agrees on them.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_ADMIN } from './fixtures/accounts';

const repoRoot = path.resolve(import.meta.dirname, '..');

function freePort(): string {
  const script =
    "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return execFileSync(process.execPath, ['-e', script]).toString();
}

process.env.E2E_PORT ??= freePort();
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'clinicpay-e2e-'));
const baseURL = `http://localhost:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  forbidOnly: true,
  reporter: [['list']],
  // A journey waits on the server's job workers; on a loaded 2-core CI machine that can take a while.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // The admin turns two-factor sign-in on once, before any journey signs in as it (decision 0122).
    { name: 'admin-setup', testMatch: /admin\.setup\.ts/ },
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      grepInvert: /@platform-wide/,
      dependencies: ['admin-setup'],
    },
    // Journeys that change what every clinic sees (the platform fee) run alone, after all the others,
    // so no journey in parallel pays under a fee it did not expect.
    {
      name: 'platform-wide',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      grep: /@platform-wide/,
      dependencies: ['chromium'],
    },
  ],
  webServer: {
    // The admin is made with the real CLI first: the embedded database allows one process at a time.
    // Then the server starts as `npm start` runs it, with the same Node flags (decision 0079).
    command: `npm run create-admin --silent -- --email ${E2E_ADMIN.email} && npm run serve --silent`,
    cwd: repoRoot,
    url: `${baseURL}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: process.env.E2E_PORT,
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      SUPPORT_EMAIL: 'support@clinicpay.test',
      SUPPORT_PHONE: '020 7946 0123',
      ADMIN_PASSWORD: E2E_ADMIN.password,
      // Every journey signs up and in from 127.0.0.1; the limits themselves are tested in the API suite.
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      // Long enough that a busy machine still shows the clinic 'Verifying' before it is connected.
      SANDBOX_VERIFICATION_SECONDS: '12',
    },
  },
});
