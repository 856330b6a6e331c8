/**
 * /healthz answers while the process is up; /readyz only while the database answers and every
 * migration is applied, so a load balancer stops sending traffic to an instance that cannot serve.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

const statusSchema = z.object({ status: z.enum(['ok', 'unavailable']) });

export async function healthRoutes(app: FastifyInstance) {
  // A constant answer: written once, not validated and serialised by the zod serializer per request
  // (docs/benchmarks.md, /healthz against a bare Fastify route). The schema still documents it.
  const healthy = JSON.stringify({ status: 'ok' } satisfies z.infer<typeof statusSchema>);
  app.get('/healthz', { schema: { response: { 200: statusSchema } } }, (_request, reply) => {
    reply.type('application/json; charset=utf-8').send(healthy);
  });

  app.get(
    '/readyz',
    { schema: { response: { 200: statusSchema, 503: statusSchema } } },
    async (request, reply) => {
      try {
        await app.database.checkReady();
        return { status: 'ok' as const };
      } catch (error) {
        request.log.warn({ err: error }, 'not ready');
        return reply.status(503).send({ status: 'unavailable' as const });
      }
    },
  );
}
