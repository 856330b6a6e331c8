/**
 * POST /api/sandbox/payment-intents/:id/confirm: what the sandbox card field calls in place of
 * Stripe.js's confirmCardPayment. The client secret authorises it, as with Stripe.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error.js';
import { GatewayError } from '../gateway.js';
import type { SandboxGateway } from './sandbox-gateway.js';

const confirmBodySchema = z.object({
  clientSecret: z.string().min(1).max(200),
  card: z.object({
    number: z.string().max(30),
    expMonth: z.number().int(),
    expYear: z.number().int(),
    cvc: z.string().max(4),
  }),
  returnUrl: z.string().max(2000),
});

const confirmResultSchema = z.object({
  paymentIntent: z.object({ id: z.string(), status: z.string() }),
  error: z.object({ code: z.string(), declineCode: z.string().optional(), message: z.string() }).optional(),
  nextAction: z.object({ redirectUrl: z.string() }).optional(),
});

export async function sandboxApiRoutes(app: FastifyInstance, options: { gateway: SandboxGateway }) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/sandbox/payment-intents/:paymentIntentId/confirm',
    {
      schema: {
        tags: ['sandbox'],
        params: z.object({ paymentIntentId: z.string().max(100) }),
        body: confirmBodySchema,
        response: { 200: confirmResultSchema },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => {
      try {
        return await options.gateway.confirmation.confirmCardPayment({
          paymentIntentId: request.params.paymentIntentId,
          clientSecret: request.body.clientSecret,
          card: request.body.card,
          returnUrl: request.body.returnUrl,
        });
      } catch (error) {
        if (error instanceof GatewayError) throw new AppError('NOT_FOUND', error.message);
        throw error;
      }
    },
  );
}
