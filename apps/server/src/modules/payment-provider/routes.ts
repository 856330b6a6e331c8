/**
 * GET /api/payment-provider/config: what the browser needs to take payments
 * (docs/product.md#server-calls, get-stripe-public-key).
 */
import { providerConfigResponseSchema } from '@clinicpay/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

export async function paymentProviderRoutes(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/payment-provider/config',
      { schema: { tags: ['payment provider'], response: { 200: providerConfigResponseSchema } } },
      async () => app.gateway.browserConfig(),
    );
}
