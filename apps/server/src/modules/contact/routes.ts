/**
 * The contact page's API (docs/product.md#public-pages, /contact): the support details and the form's
 * submit.
 */
import {
  CONTACT_HOURS,
  CONTACT_MESSAGES,
  contactDetailsResponseSchema,
  contactRequestSchema,
  contactResponseSchema,
} from '@clinicpay/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { submitContactMessage } from './service.js';

export async function contactRoutes(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/contact/details',
      { schema: { tags: ['contact'], response: { 200: contactDetailsResponseSchema } } },
      async () => ({ email: app.config.supportEmail, phone: app.config.supportPhone, hours: CONTACT_HOURS }),
    );

  app.withTypeProvider<ZodTypeProvider>().post(
    '/contact',
    {
      schema: {
        tags: ['contact'],
        body: contactRequestSchema,
        response: { 201: contactResponseSchema },
      },
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const id = await submitContactMessage({
        db: app.database.db,
        jobs: app.jobs,
        supportEmail: app.config.supportEmail,
        input: request.body,
        onError: (error) => request.log.error({ err: error }, 'contact message failed'),
      });
      return reply.status(201).send({ id, message: CONTACT_MESSAGES.sent });
    },
  );
}
