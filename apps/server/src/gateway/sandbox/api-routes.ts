/**
 * POST /api/sandbox/payment-intents/:id/confirm: what the sandbox card field calls in place of
 * Stripe.js's confirmCardPayment. The client secret authorises it, as with Stripe. Saved cards
 * (saved-cards.ts): POST /api/sandbox/setup-intents/:id/confirm saves a card without a payment, as
 * confirmCardSetup; POST /api/sandbox/payment-intents/:id/confirm-saved-card confirms an intent with the
 * patient's saved card, as confirmCardPayment with payment_method.
 *
 * Outside production, the provider's own side of a refund, as a clinic would use Stripe's dashboard:
 * POST /api/sandbox/payment-intents/:id/refunds {amount in pence} refunds outside ClinicPay, and
 * POST /api/sandbox/refunds/:id/fail makes a refund fail later. Both answer the refund in Stripe's
 * shape; the provider's events then reach ClinicPay's webhook like any other.
 */
import {
  sandboxConfirmBodySchema,
  sandboxConfirmResultSchema,
  sandboxConfirmSavedCardBodySchema,
  sandboxConfirmSetupResultSchema,
} from '@clinicpay/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error.js';
import { GatewayError } from '../gateway.js';
import type { SandboxGateway } from './sandbox-gateway.js';

const sandboxRefundSchema = z.object({
  id: z.string(),
  status: z.string(),
  amount: z.number().int(),
  paymentIntentId: z.string().nullable(),
  metadata: z.record(z.string(), z.string()),
});

export async function sandboxApiRoutes(app: FastifyInstance, options: { gateway: SandboxGateway }) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/sandbox/payment-intents/:paymentIntentId/confirm',
    {
      schema: {
        tags: ['sandbox'],
        params: z.object({ paymentIntentId: z.string().max(100) }),
        body: sandboxConfirmBodySchema,
        response: { 200: sandboxConfirmResultSchema },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) =>
      notFoundUnlessKnown(() =>
        options.gateway.confirmation.confirmCardPayment({
          paymentIntentId: request.params.paymentIntentId,
          ...request.body,
        }),
      ),
  );

  app.withTypeProvider<ZodTypeProvider>().post(
    '/sandbox/payment-intents/:paymentIntentId/confirm-saved-card',
    {
      schema: {
        tags: ['sandbox'],
        params: z.object({ paymentIntentId: z.string().max(100) }),
        body: sandboxConfirmSavedCardBodySchema,
        response: { 200: sandboxConfirmResultSchema },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) =>
      notFoundUnlessKnown(() =>
        options.gateway.confirmation.confirmWithSavedCard({
          paymentIntentId: request.params.paymentIntentId,
          ...request.body,
        }),
      ),
  );

  app.withTypeProvider<ZodTypeProvider>().post(
    '/sandbox/setup-intents/:setupIntentId/confirm',
    {
      schema: {
        tags: ['sandbox'],
        params: z.object({ setupIntentId: z.string().max(100) }),
        body: sandboxConfirmBodySchema,
        response: { 200: sandboxConfirmSetupResultSchema },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) =>
      notFoundUnlessKnown(() =>
        options.gateway.savedCards.confirmCardSetup({
          setupIntentId: request.params.setupIntentId,
          ...request.body,
        }),
      ),
  );

  if (app.config.isProduction) return;

  app.withTypeProvider<ZodTypeProvider>().post(
    '/sandbox/payment-intents/:paymentIntentId/refunds',
    {
      schema: {
        tags: ['sandbox'],
        params: z.object({ paymentIntentId: z.string().max(100) }),
        body: z.object({ amount: z.number().int().positive() }),
        response: { 200: sandboxRefundSchema },
      },
    },
    async (request) =>
      providerAnswer(() =>
        options.gateway.refundFromDashboard(request.params.paymentIntentId, request.body.amount),
      ),
  );

  app.withTypeProvider<ZodTypeProvider>().post(
    '/sandbox/refunds/:refundId/fail',
    {
      schema: {
        tags: ['sandbox'],
        params: z.object({ refundId: z.string().max(100) }),
        response: { 200: sandboxRefundSchema },
      },
    },
    async (request) => providerAnswer(() => options.gateway.failRefund(request.params.refundId)),
  );
}

/** An intent the client secret does not open is not found, as Stripe answers. */
async function notFoundUnlessKnown<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof GatewayError) throw new AppError('NOT_FOUND', error.message);
    throw error;
  }
}

/** The provider refused: a 400 with its message, as Stripe's API answers. */
async function providerAnswer<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof GatewayError) throw new AppError('BAD_REQUEST', error.message);
    throw error;
  }
}
