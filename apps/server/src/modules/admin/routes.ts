/**
 * The admin API (admins only). Every route here answers 401 to the signed-out and 403 to a
 * clinic user before anything else is read, whatever the input.
 */
import {
  adminAccountsSchema,
  adminAuditPageSchema,
  adminAuditQuerySchema,
  adminClinicIdSchema,
  adminClinicPageSchema,
  adminClinicProfileSchema,
  adminClinicsQuerySchema,
  adminDisconnectResponseSchema,
  adminInvitationResponseSchema,
  adminInvitationSchema,
  adminProviderActionResponseSchema,
  adminStatsQuerySchema,
  adminStatsSchema,
  clinicInvitationResponseSchema,
  clinicInvitationSchema,
  resendInvitationResponseSchema,
  signInSuspensionResponseSchema,
  signInSuspensionSchema,
} from '@clinicpay/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { linkOrigin } from '../../http/link-origin.js';
import { listAuditEntries } from '../audit/index.js';
import { requireAdmin } from '../auth/index.js';
import {
  type InvitationDeps,
  inviteAdmin,
  inviteClinic,
  listAdmins,
  resendClinicInvitation,
} from './invitations.js';
import {
  adminStats,
  clinicProfile,
  closeProviderAccount,
  forceDisconnect,
  listClinics,
  type ProviderActionDeps,
  reactivateClinicSignIn,
  restorePayments,
  suspendClinicSignIn,
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

  // Suspending a clinic's sign-in, with the reason it is told, and reactivating it (decision 0125).
  api.post(
    '/admin/clinics/:clinicId/suspend-sign-in',
    {
      schema: {
        tags,
        params: adminClinicIdSchema,
        body: signInSuspensionSchema,
        response: { 200: signInSuspensionResponseSchema },
      },
    },
    (request) =>
      suspendClinicSignIn(
        providerDeps(request),
        request.params.clinicId,
        request.body.reason,
        request.sessionUser?.id ?? '',
      ),
  );

  api.post(
    '/admin/clinics/:clinicId/reactivate-sign-in',
    { schema: { tags, params: adminClinicIdSchema, response: { 200: signInSuspensionResponseSchema } } },
    (request) =>
      reactivateClinicSignIn(providerDeps(request), request.params.clinicId, request.sessionUser?.id ?? ''),
  );

  const invitationDeps = (request: FastifyRequest): InvitationDeps => ({
    db: app.database.db,
    auth: app.auth,
    jobs: app.jobs,
    publicUrl: linkOrigin(request, app.config),
  });

  api.post(
    '/admin/clinics',
    {
      schema: {
        tags,
        body: clinicInvitationSchema,
        response: { 201: clinicInvitationResponseSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await inviteClinic(invitationDeps(request), request.body, request.sessionUser?.id ?? '')),
  );

  api.post(
    '/admin/clinics/:clinicId/resend-invitation',
    { schema: { tags, params: adminClinicIdSchema, response: { 200: resendInvitationResponseSchema } } },
    (request) =>
      resendClinicInvitation(invitationDeps(request), request.params.clinicId, request.sessionUser?.id ?? ''),
  );

  // Admins invite admins (decision 0125).
  api.get('/admin/admins', { schema: { tags, response: { 200: adminAccountsSchema } } }, () =>
    listAdmins(app.database.db),
  );

  api.post(
    '/admin/admins',
    { schema: { tags, body: adminInvitationSchema, response: { 201: adminInvitationResponseSchema } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await inviteAdmin(invitationDeps(request), request.body.email, request.sessionUser?.id ?? '')),
  );

  // Every audited action, filtered and paged on the server (decision 0098).
  api.get(
    '/admin/audit',
    { schema: { tags, querystring: adminAuditQuerySchema, response: { 200: adminAuditPageSchema } } },
    (request) => listAuditEntries(app.database.db, request.query),
  );
}
