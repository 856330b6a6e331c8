/**
 * /api/admin/notifications (admins only): the failed deliveries of every clinic and their Retry
 * (decision 0019). Thin: call one service function, answer.
 */
import {
  failedNotificationsSchema,
  NOTIFICATION_MESSAGES,
  notificationIdParamsSchema,
  notificationRetryResponseSchema,
} from '@clinicpay/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error.js';
import { requireAdmin } from '../auth/index.js';
import { listFailedNotifications, retryNotification } from './service.js';
import { receiveTextStatus, TEXT_STATUS_PATH } from './text-status.js';

/**
 * POST /api/webhooks/twilio/message-status: Twilio's report of a text's delivery
 * (docs/decisions/0109-text-delivery-reports.md). Its form body is parsed here only, and nothing is
 * read from it before the X-Twilio-Signature is checked (403 otherwise). 404 without Twilio configured.
 */
export async function textStatusRoutes(app: FastifyInstance) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16_384 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.post(
    TEXT_STATUS_PATH.replace(/^\/api/, ''),
    { config: { rateLimit: false as const }, schema: { hide: true } },
    async (request, reply) => {
      const twilio = app.config.twilio;
      if (!twilio) throw new AppError('NOT_FOUND', 'Not found');
      const signature = request.headers['x-twilio-signature'];
      const outcome = await receiveTextStatus(app.database.db, twilio.authToken, {
        signature: typeof signature === 'string' ? signature : undefined,
        url: `${app.config.publicUrl}${TEXT_STATUS_PATH}`,
        params: isFormBody(request.body) ? request.body : {},
      });
      if (outcome === 'refused') throw new AppError('FORBIDDEN', 'The request is not signed by Twilio');
      return reply.code(204).send();
    },
  );
}

function isFormBody(body: unknown): body is Record<string, string> {
  return (
    typeof body === 'object' &&
    body !== null &&
    Object.values(body).every((value) => typeof value === 'string')
  );
}

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
