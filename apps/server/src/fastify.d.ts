/** What app.ts decorates the Fastify instance with, typed for every plugin and route. */
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { CardGateway } from './gateway/index.js';
import type { JobQueue } from './jobs/index.js';
import type { Mailer } from './mail/mailer.js';
import type { Auth } from './modules/auth/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    mailer: Mailer;
    jobs: JobQueue;
    auth: Auth;
    gateway: CardGateway;
  }
}
