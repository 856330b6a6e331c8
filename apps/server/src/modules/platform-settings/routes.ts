/**
 * GET /api/platform-settings/fee: the public fee percent shown on /fees.
 * PUT /api/admin/platform-settings/fee: admins set it (0–100, one decimal).
 * GET /api/admin/platform-settings/fee/history: admins read its newest changes (decision 0098).
 * GET and PUT /api/admin/system-settings/webhooks: admins read and set the notification webhook URLs,
 * and read the signing secret deliveries are signed with, masked.
 * POST …/webhooks/signing-secret/reveal and POST …/webhooks/signing-secret/rotate: admins reveal the
 * whole secret or replace it, both audited (so neither is a GET) and never cached (decision 0098).
 */
import {
  basisPointsToPercentText,
  notificationWebhooksResponseSchema,
  notificationWebhooksSchema,
  PLATFORM_FEE_MESSAGES,
  platformFeeHistorySchema,
  platformFeeResponseSchema,
  platformFeeUpdateResponseSchema,
  platformFeeUpdateSchema,
  webhookSigningSecretSchema,
} from '@clinicpay/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAdmin } from '../auth/index.js';
import { getPlatformFeeBasisPoints, getPlatformFeeHistory, setPlatformFee } from './service.js';
import { revealWebhookSigningSecret, rotateWebhookSigningSecret } from './webhook-secret.js';
import { getNotificationWebhookSettings, setNotificationWebhooks } from './webhooks.js';

export async function platformSettingsRoutes(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/platform-settings/fee',
      { schema: { tags: ['platform settings'], response: { 200: platformFeeResponseSchema } } },
      async () => ({
        platformFeePercent: basisPointsToPercentText(await getPlatformFeeBasisPoints(app.database.db)),
      }),
    );

  app.withTypeProvider<ZodTypeProvider>().put(
    '/admin/platform-settings/fee',
    {
      schema: {
        tags: ['admin'],
        body: platformFeeUpdateSchema,
        response: { 200: platformFeeUpdateResponseSchema },
      },
      onRequest: requireAdmin(app.auth),
    },
    async (request) => {
      const actor = request.sessionUser?.id ?? '';
      const percent = await setPlatformFee(app.database.db, request.body.platformFeePercent, actor);
      return { platformFeePercent: percent, message: PLATFORM_FEE_MESSAGES.updated(percent) };
    },
  );

  app.withTypeProvider<ZodTypeProvider>().get(
    '/admin/system-settings/webhooks',
    {
      schema: { tags: ['admin'], response: { 200: notificationWebhooksResponseSchema } },
      onRequest: requireAdmin(app.auth),
    },
    () => getNotificationWebhookSettings(app.database.db),
  );

  app.withTypeProvider<ZodTypeProvider>().put(
    '/admin/system-settings/webhooks',
    {
      schema: {
        tags: ['admin'],
        body: notificationWebhooksSchema,
        response: { 200: notificationWebhooksResponseSchema },
      },
      onRequest: requireAdmin(app.auth),
    },
    (request) =>
      setNotificationWebhooks(app.database.db, request.body, {
        requireHttps: app.config.isProduction,
        adminUserId: request.sessionUser?.id ?? '',
      }),
  );

  app.withTypeProvider<ZodTypeProvider>().get(
    '/admin/platform-settings/fee/history',
    {
      schema: { tags: ['admin'], response: { 200: platformFeeHistorySchema } },
      onRequest: requireAdmin(app.auth),
    },
    () => getPlatformFeeHistory(app.database.db),
  );

  // The whole secret must not stay in a browser's or a proxy's cache.
  app.withTypeProvider<ZodTypeProvider>().post(
    '/admin/system-settings/webhooks/signing-secret/reveal',
    {
      schema: { tags: ['admin'], response: { 200: webhookSigningSecretSchema } },
      onRequest: requireAdmin(app.auth),
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return revealWebhookSigningSecret(app.database.db, request.sessionUser?.id ?? '');
    },
  );

  app.withTypeProvider<ZodTypeProvider>().post(
    '/admin/system-settings/webhooks/signing-secret/rotate',
    {
      schema: { tags: ['admin'], response: { 200: webhookSigningSecretSchema } },
      onRequest: requireAdmin(app.auth),
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return rotateWebhookSigningSecret(app.database.db, request.sessionUser?.id ?? '');
    },
  );
}
