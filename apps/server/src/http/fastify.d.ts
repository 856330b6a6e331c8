import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { Mailer } from '../mail/mailer.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    mailer: Mailer;
  }
}
