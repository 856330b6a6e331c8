/**
 * GET /dev/outbox[?to=address]: the dev outbox page, the newest 100 messages, or only those to one
 * recipient. Registered only outside production (app.ts).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { renderDevOutboxPage } from './page.js';
import { listDevOutbox } from './queries.js';

/** A recipient filter, trimmed (blank: none); anything else in the query is ignored, as a page would. */
const outboxQuery = z.object({ to: z.string().trim().max(320).optional() });

export async function devOutboxRoutes(app: FastifyInstance) {
  app.get('/dev/outbox', { schema: { hide: true } }, async (request, reply) => {
    const query = outboxQuery.safeParse(request.query);
    const recipient = (query.success && query.data.to) || undefined;
    const entries = await listDevOutbox(app.database.db, { recipient });
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(renderDevOutboxPage(entries, recipient));
  });
}
