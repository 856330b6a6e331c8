/**
 * The payouts routes, for the signed-in clinic (its id from the session, never the request):
 * GET /api/payouts (balance and payouts), GET /api/payouts/:payoutId (the payout and its lines),
 * GET /api/payouts/:payoutId/export?format=xero|quickbooks (a CSV attachment) and
 * POST /api/clinic/payment-provider/dashboard-link (the Express dashboard). Another clinic's payout ids
 * answer 404. Thin: validate with the shared schema, call one service function, answer.
 */
import {
  dashboardLinkResponseSchema,
  payoutDetailSchema,
  payoutExportQuerySchema,
  payoutsOverviewSchema,
} from '@clinicpay/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clinicMemberOf, requireClinic } from '../auth/index.js';
import {
  dashboardLink,
  exportPayout,
  getPayoutDetail,
  getPayoutsOverview,
  type PayoutDeps,
} from './service.js';

const payoutParams = z.object({ payoutId: z.string().max(255) });

/** Registers the payouts routes under /api, for the signed-in clinic only (requireClinic). */
export async function payoutRoutes(app: FastifyInstance) {
  app.addHook('onRequest', requireClinic(app.auth));
  const api = app.withTypeProvider<ZodTypeProvider>();
  const deps: PayoutDeps = { db: app.database.db, gateway: app.gateway };
  const tags = ['payouts'];

  api.get(
    '/payouts',
    { config: { permission: 'manage' }, schema: { tags, response: { 200: payoutsOverviewSchema } } },
    async (request) => getPayoutsOverview(deps, clinicMemberOf(request).clinicId),
  );
  api.get(
    '/payouts/:payoutId',
    {
      config: { permission: 'manage' },
      schema: { tags, params: payoutParams, response: { 200: payoutDetailSchema } },
    },
    async (request) => getPayoutDetail(deps, clinicMemberOf(request).clinicId, request.params.payoutId),
  );
  api.get(
    '/payouts/:payoutId/export',
    {
      config: { permission: 'manage' },
      schema: { tags, params: payoutParams, querystring: payoutExportQuerySchema },
    },
    async (request, reply) => {
      const member = clinicMemberOf(request);
      const { fileName, csv } = await exportPayout(
        deps,
        { clinicId: member.clinicId, actorUserId: member.id },
        request.params.payoutId,
        request.query.format,
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(csv);
    },
  );
  api.post(
    '/clinic/payment-provider/dashboard-link',
    {
      config: { permission: 'manage' },
      schema: { tags: ['clinic'], response: { 200: dashboardLinkResponseSchema } },
    },
    async (request) => dashboardLink(deps, clinicMemberOf(request).clinicId),
  );
}
