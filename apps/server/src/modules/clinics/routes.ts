/** /api/clinic: the signed-in clinic's own record. The clinic id always comes from the session. */
import {
  clinicProfileUpdateSchema,
  clinicResponseSchema,
  notificationSettingsUpdateSchema,
  onboardingLinkResponseSchema,
  requestSettingsUpdateSchema,
  updateDetailsLinkResponseSchema,
} from '@clinicpay/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { linkOrigin } from '../../http/link-origin.js';
import { clinicMemberOf, requireClinic } from '../auth/index.js';
import {
  disconnectProvider,
  type ProviderDeps,
  providerUpdateLink,
  refreshProviderConnection,
  startProviderConnection,
} from './provider-connection.js';
import {
  getClinic,
  updateClinicProfile,
  updateNotificationSettings,
  updateRequestSettings,
} from './service.js';

export async function clinicRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  app.addHook('onRequest', requireClinic(app.auth));
  const actorOf = (request: FastifyRequest) => {
    const member = clinicMemberOf(request);
    return { clinicId: member.clinicId, actorUserId: member.id };
  };

  api.get(
    '/clinic',
    {
      config: { permission: 'collect' },
      schema: { tags: ['clinic'], response: { 200: clinicResponseSchema } },
    },
    async (request) => ({
      clinic: await getClinic(db, clinicMemberOf(request).clinicId),
    }),
  );

  api.patch(
    '/clinic',
    {
      config: { permission: 'manage' },
      schema: { tags: ['clinic'], body: clinicProfileUpdateSchema, response: { 200: clinicResponseSchema } },
    },
    async (request) => ({
      clinic: await updateClinicProfile(db, actorOf(request), request.body),
    }),
  );

  api.patch(
    '/clinic/notifications',
    {
      config: { permission: 'manage' },
      schema: {
        tags: ['clinic'],
        body: notificationSettingsUpdateSchema,
        response: { 200: clinicResponseSchema },
      },
    },
    async (request) => ({
      clinic: await updateNotificationSettings(db, actorOf(request), request.body),
    }),
  );

  api.patch(
    '/clinic/request-settings',
    {
      config: { permission: 'manage' },
      schema: {
        tags: ['clinic'],
        body: requestSettingsUpdateSchema,
        response: { 200: clinicResponseSchema },
      },
    },
    async (request) => ({
      clinic: await updateRequestSettings(db, actorOf(request), request.body),
    }),
  );

  const provider: ProviderDeps = { db, gateway: app.gateway, publicUrl: app.config.publicUrl };

  api.post(
    '/clinic/payment-provider/connect',
    {
      config: { permission: 'manage' },
      schema: { tags: ['clinic'], response: { 200: onboardingLinkResponseSchema } },
    },
    // The provider sends the clinic back to the address it is on (decision 0066: 127.0.0.1 stays 127.0.0.1).
    async (request) => {
      const member = clinicMemberOf(request);
      return startProviderConnection(
        { ...provider, publicUrl: linkOrigin(request, app.config) },
        member.clinicId,
        member.id,
      );
    },
  );

  api.post(
    '/clinic/payment-provider/update-details',
    {
      config: { permission: 'manage' },
      schema: { tags: ['clinic'], response: { 200: updateDetailsLinkResponseSchema } },
    },
    async (request) =>
      providerUpdateLink(
        { ...provider, publicUrl: linkOrigin(request, app.config) },
        clinicMemberOf(request).clinicId,
      ),
  );

  api.post(
    '/clinic/payment-provider/refresh',
    {
      config: { permission: 'manage' },
      schema: { tags: ['clinic'], response: { 200: clinicResponseSchema } },
    },
    async (request) => ({
      clinic: await refreshProviderConnection(provider, clinicMemberOf(request).clinicId),
    }),
  );

  api.post(
    '/clinic/payment-provider/disconnect',
    {
      config: { permission: 'manage' },
      schema: { tags: ['clinic'], response: { 200: clinicResponseSchema } },
    },
    async (request) => {
      const member = clinicMemberOf(request);
      return {
        clinic: await disconnectProvider(provider, { clinicId: member.clinicId, actorUserId: member.id }),
      };
    },
  );
}
