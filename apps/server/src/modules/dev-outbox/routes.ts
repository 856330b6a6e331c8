/** GET /dev/outbox: the dev outbox page. Registered only outside production (app.ts). */
import type { FastifyInstance } from 'fastify';
import { renderDevOutboxPage } from './page.js';
import { listDevOutbox } from './queries.js';

export async function devOutboxRoutes(app: FastifyInstance) {
  app.get('/dev/outbox', { schema: { hide: true } }, async (_request, reply) => {
    const entries = await listDevOutbox(app.database.db);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(renderDevOutboxPage(entries));
  });
}
