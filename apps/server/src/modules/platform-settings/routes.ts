/** GET /api/platform-settings/fee: the public fee percent shown on /fees (spec §2). */
import { basisPointsToPercentText, platformFeeResponseSchema } from '@clinicpay/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { getPlatformFeeBasisPoints } from './service.js';

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
}
