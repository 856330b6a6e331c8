/**
 * /api/admin/notifications (admins only): the failed deliveries of every clinic and their Retry
 * (issue #11 "Visibility"). Thin: call one service function, answer.
 */
import {
  failedNotificationsSchema,
  NOTIFICATION_MESSAGES,
  notificationIdParamsSchema,
  notificationRetryResponseSchema,
} from '@clinicpay/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAdmin } from '../auth/index.js';
import { listFailedNotifications, retryNotification } from './service.js';

export async function notificationRoutes(app: FastifyInstance) {
  app.addHook('onRequest', requireAdmin(app.auth));
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];

  api.get(
    '/admin/notifications/failed',
    { schema: { tags, response: { 200: failedNotificationsSchema } } },
    () => listFailedNotifications(app.database.db),
  );

  api.post(
    '/admin/notifications/:id/retry',
    {
      schema: {
        tags,
        params: notificationIdParamsSchema,
        response: { 200: notificationRetryResponseSchema },
      },
    },
    async (request) => ({
      message: NOTIFICATION_MESSAGES.retried,
      notification: await retryNotification(
        { db: app.database.db, jobs: app.jobs },
        { id: request.params.id, adminUserId: request.sessionUser?.id ?? '' },
      ),
    }),
  );
}
