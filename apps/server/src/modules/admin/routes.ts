/**
 * The admin API (admins only). Every route here answers 401 to the signed-out and 403 to a
 * clinic user before anything else is read, whatever the input.
 */
import {
  adminAuditPageSchema,
  adminAuditQuerySchema,
  adminClinicIdSchema,
  adminClinicPageSchema,
  adminClinicProfileSchema,
  adminClinicsQuerySchema,
  adminDisconnectResponseSchema,
  adminProviderActionResponseSchema,
  adminStatsQuerySchema,
  adminStatsSchema,
  clinicInvitationResponseSchema,
  clinicInvitationSchema,
} from '@clinicpay/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { linkOrigin } from '../../http/link-origin.js';
import { listAuditEntries } from '../audit/index.js';
import { requireAdmin } from '../auth/index.js';
import { inviteClinic } from './invitations.js';
import {
  adminStats,
  clinicProfile,
  closeProviderAccount,
  forceDisconnect,
  listClinics,
  type ProviderActionDeps,
  restorePayments,
} from './service.js';

export async function adminRoutes(app: FastifyInstance) {
  app.addHook('onRequest', requireAdmin(app.auth));
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];

  api.get(
    '/admin/stats',
    { schema: { tags, querystring: adminStatsQuerySchema, response: { 200: adminStatsSchema } } },
    (request) => adminStats(app.database.db, request.query),
  );

  api.get(
    '/admin/clinics',
    { schema: { tags, querystring: adminClinicsQuerySchema, response: { 200: adminClinicPageSchema } } },
    (request) => listClinics(app.database.db, request.query),
  );

  api.get(
    '/admin/clinics/:clinicId',
    { schema: { tags, params: adminClinicIdSchema, response: { 200: adminClinicProfileSchema } } },
    (request) => clinicProfile(app.database.db, request.params.clinicId),
  );

  const providerDeps = (request: FastifyRequest): ProviderActionDeps => ({
    db: app.database.db,
    gateway: app.gateway,
    jobs: app.jobs,
    publicUrl: linkOrigin(request, app.config),
  });

  api.post(
    '/admin/clinics/:clinicId/disconnect',
    { schema: { tags, params: adminClinicIdSchema, response: { 200: adminDisconnectResponseSchema } } },
    (request) =>
      forceDisconnect(providerDeps(request), request.params.clinicId, request.sessionUser?.id ?? ''),
  );

  api.post(
    '/admin/clinics/:clinicId/restore-payments',
    { schema: { tags, params: adminClinicIdSchema, response: { 200: adminProviderActionResponseSchema } } },
    (request) =>
      restorePayments(providerDeps(request), request.params.clinicId, request.sessionUser?.id ?? ''),
  );

  api.post(
    '/admin/clinics/:clinicId/close-provider-account',
    { schema: { tags, params: adminClinicIdSchema, response: { 200: adminProviderActionResponseSchema } } },
    (request) =>
      closeProviderAccount(providerDeps(request), request.params.clinicId, request.sessionUser?.id ?? ''),
  );

  api.post(
    '/admin/clinics',
    {
      schema: {
        tags,
        body: clinicInvitationSchema,
        response: { 201: clinicInvitationResponseSchema },
      },
    },
    async (request, reply) => {
      const deps = {
        db: app.database.db,
        auth: app.auth,
        jobs: app.jobs,
        publicUrl: linkOrigin(request, app.config),
      };
      return reply.status(201).send(await inviteClinic(deps, request.body, request.sessionUser?.id ?? ''));
    },
  );

  // Every audited action, filtered and paged on the server (decision 0098).
  api.get(
    '/admin/audit',
    { schema: { tags, querystring: adminAuditQuerySchema, response: { 200: adminAuditPageSchema } } },
    (request) => listAuditEntries(app.database.db, request.query),
  );
}
