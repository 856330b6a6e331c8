/**
 * Deposits with the balance later (docs/decisions/0094-deposits-and-balances.md):
 * POST /api/payments/:id/balance-request   send the patient a payment request for the balance due
 * (The balance shows in GET /api/payments/:id; it is charged to a saved card with the card's charges.)
 */
import { balanceRequestResponseSchema } from '@clinicpay/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clinicMemberOf, requireClinic } from '../auth/index.js';
import { requestBalance } from './service.js';

export async function balanceRoutes(app: FastifyInstance) {
  app.addHook('onRequest', requireClinic(app.auth));
  app.withTypeProvider<ZodTypeProvider>().post(
    '/payments/:id/balance-request',
    {
      config: { permission: 'collect' },
      schema: {
        tags: ['payments'],
        params: z.object({ id: z.string().max(100) }),
        response: { 201: balanceRequestResponseSchema },
      },
    },
    async (request, reply) => {
      const member = clinicMemberOf(request);
      const sent = await requestBalance(
        {
          db: app.database.db,
          gateway: app.gateway,
          jobs: app.jobs,
          publicUrl: app.config.publicUrl,
          onError: (error) => request.log.error({ err: error }, 'balance request notice not queued'),
        },
        { clinicId: member.clinicId, actorUserId: member.id },
        request.params.id,
      );
      return reply.code(201).send(sent);
    },
  );
}
