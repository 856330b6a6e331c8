/** /api/clinic: the signed-in clinic's own record. The clinic id always comes from the session. */
import {
  clinicProfileUpdateSchema,
  clinicResponseSchema,
  notificationSettingsUpdateSchema,
} from '@clinicpay/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clinicMemberOf, requireClinic } from '../auth/session.js';
import { getClinic, updateClinicProfile, updateNotificationSettings } from './service.js';

export async function clinicRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  app.addHook('preHandler', requireClinic(app.auth));

  api.get(
    '/clinic',
    { schema: { tags: ['clinic'], response: { 200: clinicResponseSchema } } },
    async (request) => ({
      clinic: await getClinic(db, clinicMemberOf(request).clinicId),
    }),
  );

  api.patch(
    '/clinic',
    {
      schema: { tags: ['clinic'], body: clinicProfileUpdateSchema, response: { 200: clinicResponseSchema } },
    },
    async (request) => ({
      clinic: await updateClinicProfile(db, clinicMemberOf(request).clinicId, request.body),
    }),
  );

  api.patch(
    '/clinic/notifications',
    {
      schema: {
        tags: ['clinic'],
        body: notificationSettingsUpdateSchema,
        response: { 200: clinicResponseSchema },
      },
    },
    async (request) => ({
      clinic: await updateNotificationSettings(db, clinicMemberOf(request).clinicId, request.body),
    }),
  );
}
