/**
 * GET /api/platform-settings/fee: the public fee percent shown on /fees (spec §2).
 * PUT /api/admin/platform-settings/fee: admins set it (0–100, one decimal).
 */
import {
  basisPointsToPercentText,
  PLATFORM_FEE_MESSAGES,
  platformFeeResponseSchema,
  platformFeeUpdateResponseSchema,
  platformFeeUpdateSchema,
} from '@clinicpay/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAdmin } from '../auth/index.js';
import { getPlatformFeeBasisPoints, setPlatformFee } from './service.js';

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
      preHandler: requireAdmin(app.auth),
    },
    async (request) => {
      const actor = request.sessionUser?.id ?? '';
      const percent = await setPlatformFee(app.database.db, request.body.platformFeePercent, actor);
      return { platformFeePercent: percent, message: PLATFORM_FEE_MESSAGES.updated(percent) };
    },
  );
}
