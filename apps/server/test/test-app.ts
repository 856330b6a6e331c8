/** Builds the real app on a fresh test database, with test configuration and silent logs. */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import type { Mailer } from '../src/mail/mailer.js';
import { openTestDatabase } from './test-database.js';

/** The least configuration production starts with (Stripe keys point nowhere; no test calls Stripe). */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  SMTP_URL: 'smtp://127.0.0.1:1',
  PUBLIC_URL: 'https://pay.example.com',
  AUTH_SECRET: 's'.repeat(32),
  STRIPE_SECRET_KEY: 'sk_test_unused',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_unused',
  STRIPE_WEBHOOK_SECRET: 'whsec_unused_platform',
  STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_unused_connect',
} as const;

export interface TestAppOptions {
  env?: Record<string, string>;
  database?: Database;
  mailer?: Mailer;
  webDistDir?: string;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<FastifyInstance> {
  // Many tests sign up and in from one address; rate-limit tests set the real limit themselves.
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    // Thousands of sign-ups: the timing test sets its own floor (auth/account-timing.test.ts).
    SIGN_UP_ANSWER_MS: '0',
    ...options.env,
  });
  const database = options.database ?? (await openTestDatabase());
  const app = await buildApp({
    config,
    database,
    mailer: options.mailer,
    webDistDir: options.webDistDir,
  });
  await app.ready();
  return app;
}
