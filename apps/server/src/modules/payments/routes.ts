/** GET /api/payments: the signed-in clinic's payments and unpaid requests, newest first (spec §2). */
import { listPaymentsQuerySchema, paymentPageSchema } from '@clinicpay/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clinicMemberOf, requireClinic } from '../auth/session.js';
import { listClinicPayments } from './list-payments.js';

export async function paymentRoutes(app: FastifyInstance) {
  app.addHook('preHandler', requireClinic(app.auth));
  app.withTypeProvider<ZodTypeProvider>().get(
    '/payments',
    {
      schema: {
        tags: ['payments'],
        querystring: listPaymentsQuerySchema,
        response: { 200: paymentPageSchema },
      },
    },
    async (request) =>
      listClinicPayments(
        app.database.db,
        clinicMemberOf(request).clinicId,
        request.query.page,
        request.query.pageSize,
      ),
  );
}
