/**
 * POST /api/payments/:paymentId/refunds: the signed-in clinic refunds one of its payments
 * (docs/product.md#validation).
 */
import { createRefundBodySchema, refundResultSchema } from '@clinicpay/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clinicMemberOf, requireClinic } from '../auth/index.js';
import { createRefund } from './service.js';

export async function refundRoutes(app: FastifyInstance) {
  app.addHook('onRequest', requireClinic(app.auth));
  app.withTypeProvider<ZodTypeProvider>().post(
    '/payments/:paymentId/refunds',
    {
      config: { permission: 'money' },
      schema: {
        tags: ['refunds'],
        params: z.object({ paymentId: z.string().max(100) }),
        body: createRefundBodySchema,
        response: { 200: refundResultSchema },
      },
    },
    async (request) => {
      const member = clinicMemberOf(request);
      return createRefund(
        {
          db: app.database.db,
          gateway: app.gateway,
          jobs: app.jobs,
          onError: (error) => request.log.error({ err: error }, 'refund outcome unknown; left in flight'),
        },
        {
          clinicId: member.clinicId,
          userId: member.id,
          paymentId: request.params.paymentId,
          amount: request.body.amount,
          reason: request.body.reason,
        },
      );
    },
  );
}
