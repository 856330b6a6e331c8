/** POST /api/payment-requests: the signed-in clinic sends a payment request to a patient (spec §2). */
import { paymentRequestResponseSchema, sendPaymentRequestSchema } from '@clinicpay/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createSmsSender } from '../../mail/sms.js';
import { clinicMemberOf, requireClinic } from '../auth/session.js';
import { sendPaymentRequest } from './service.js';

export async function requestRoutes(app: FastifyInstance) {
  app.addHook('preHandler', requireClinic(app.auth));
  const deps = {
    db: app.database.db,
    mailer: app.mailer,
    sms: createSmsSender(app.config, app.database.db),
    publicUrl: app.config.publicUrl,
    onError: (error: unknown) => app.log.error({ err: error }, 'payment request notification failed'),
  };
  app.withTypeProvider<ZodTypeProvider>().post(
    '/payment-requests',
    {
      schema: {
        tags: ['payment requests'],
        body: sendPaymentRequestSchema,
        response: { 201: paymentRequestResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await sendPaymentRequest(deps, clinicMemberOf(request).clinicId, request.body)),
  );
}
