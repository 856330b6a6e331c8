/**
 * /api/payments: the signed-in clinic's history, dashboard figures and revenue chart, payment details, receipts sent
 * again and the CSV report. Clinic-only; the clinic id always comes from the session. Thin: validate with the
 * shared schema, call one service function, answer.
 */
import {
  clinicRevenueSchema,
  clinicStatsSchema,
  paymentDetailsSchema,
  paymentFiltersSchema,
  paymentHistoryPageSchema,
  paymentHistoryQuerySchema,
  receiptResentSchema,
  revenueQuerySchema,
} from '@clinicpay/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clinicMemberOf, requireClinic } from '../auth/index.js';
import { resendReceipt } from './receipt.js';
import { exportPayments } from './report.js';
import { clinicRevenue } from './revenue.js';
import { clinicStats, getPaymentDetails, listPayments } from './service.js';

const paymentParams = z.object({ id: z.string().max(100) });

export async function paymentRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', requireClinic(app.auth));
  const contextOf = (request: FastifyRequest) => {
    const member = clinicMemberOf(request);
    return {
      db: app.database.db,
      clinicId: member.clinicId,
      publicUrl: app.config.publicUrl,
      actorUserId: member.id,
    };
  };

  api.get(
    '/payments',
    {
      config: { permission: 'collect' },
      schema: {
        tags: ['payments'],
        querystring: paymentHistoryQuerySchema,
        response: { 200: paymentHistoryPageSchema },
      },
    },
    async (request) => listPayments(contextOf(request), request.query),
  );

  api.get(
    '/payments/stats',
    {
      config: { permission: 'collect' },
      schema: { tags: ['payments'], response: { 200: clinicStatsSchema } },
    },
    async (request) => clinicStats(contextOf(request)),
  );

  api.get(
    '/payments/revenue',
    {
      config: { permission: 'collect' },
      schema: {
        tags: ['payments'],
        querystring: revenueQuerySchema,
        response: { 200: clinicRevenueSchema },
      },
    },
    async (request) => clinicRevenue(contextOf(request), request.query.interval),
  );

  api.get(
    '/payments/export',
    { config: { permission: 'money' }, schema: { tags: ['payments'], querystring: paymentFiltersSchema } },
    async (request, reply) => {
      const { fileName, csv } = await exportPayments(contextOf(request), request.query, {
        onError: (error) => request.log.error({ err: error }, 'payment report failed while streaming'),
      });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  api.post(
    '/payments/:id/receipt',
    {
      config: { permission: 'collect' },
      schema: { tags: ['payments'], params: paymentParams, response: { 200: receiptResentSchema } },
    },
    async (request) => resendReceipt({ ...contextOf(request), jobs: app.jobs }, request.params.id),
  );

  api.get(
    '/payments/:id',
    {
      config: { permission: 'collect' },
      schema: { tags: ['payments'], params: paymentParams, response: { 200: paymentDetailsSchema } },
    },
    async (request) => getPaymentDetails(contextOf(request), request.params.id),
  );
}
