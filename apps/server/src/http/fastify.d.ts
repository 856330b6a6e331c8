import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { CardGateway } from '../gateway/index.js';
import type { Mailer } from '../mail/mailer.js';
import type { Auth } from '../modules/auth/auth.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    mailer: Mailer;
    auth: Auth;
    gateway: CardGateway;
  }
}
