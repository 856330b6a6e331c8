/** Builds the real app on a fresh test database, with test configuration and silent logs. */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import type { Mailer } from '../src/mail/mailer.js';
import { openTestDatabase } from './test-database.js';

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
