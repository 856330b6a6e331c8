/**
 * The public payment API: no account needed (docs/product.md#roles, public visitors and patients).
 * GET  /api/public/payments/:id                 the payment page's data (request id, then link id)
 * POST /api/public/payments/:id/payment-intents the intent behind Pay Now (rate limited per IP and page)
 * POST /api/public/payments/:id/setup-intents   the SetupIntent behind Save card, on a link that secures
 *                                               an appointment (rate limited the same way)
 * GET  /api/public/payment-intents/:id/reference the payment reference, polled by the success page
 * GET  /api/public/setup-intents/:id/card        the card saved, polled by the success page
 */
import {
  type CheckoutBody,
  checkoutBodySchema,
  checkoutResponseSchema,
  checkoutSetupResponseSchema,
  paymentReferenceResponseSchema,
  publicPaymentDataSchema,
  savedCardResultSchema,
} from '@clinicpay/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { compiledSerializer } from '../../http/compiled-serializer.js';
import { limitPerKey } from '../../http/rate-limit.js';
import { findPaymentReference } from '../payments/index.js';
import { cardSavedBySetup } from '../saved-cards/index.js';
import { createCheckoutIntent, createCheckoutSetup, getPublicPaymentData } from './service.js';

// Page ids are UUIDs, which PostgreSQL compares without regard to case; one spelling per page keeps
// the per-page rate limit and the idempotency key from being sidestepped by changing the case.
const pageParams = z.object({ id: z.string().max(100).toLowerCase() });
const intentParams = z.object({ id: z.string().max(100) });

/**
 * Nothing the public payment API runs records an audit entry, so its routes keep no request context
 * (http/request-context.ts, decision 0126): they answer every patient's page load, Pay Now and poll.
 */
const NO_REQUEST_CONTEXT = { requestContext: false } as const;

/** The checkout body with where it came from: the IP address and User-Agent kept with a consent. */
function payerOf(request: { body: CheckoutBody; ip: string; headers: FastifyRequest['headers'] }) {
  return {
    ...request.body,
    payerIp: request.ip,
    userAgent: (request.headers['user-agent'] ?? '').slice(0, 500),
  };
}

export async function checkoutRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  const perPage = limitPerKey(app, {
    name: 'checkout',
    max: 30,
    timeWindow: '1 minute',
    key: (request: FastifyRequest) => (request.params as { id?: string }).id ?? '',
  });

  api.get(
    '/public/payments/:id',
    {
      schema: { tags: ['checkout'], params: pageParams, response: { 200: publicPaymentDataSchema } },
      serializerCompiler: compiledSerializer,
      config: { ...NO_REQUEST_CONTEXT },
    },
    async (request) => getPublicPaymentData(db, request.params.id),
  );

  api.post(
    '/public/payments/:id/payment-intents',
    {
      schema: {
        tags: ['checkout'],
        params: pageParams,
        body: checkoutBodySchema,
        response: { 200: checkoutResponseSchema },
      },
      serializerCompiler: compiledSerializer,
      config: { ...NO_REQUEST_CONTEXT, rateLimit: { max: 20, timeWindow: '1 minute' } },
      preHandler: perPage,
    },
    async (request) =>
      createCheckoutIntent({ db, gateway: app.gateway }, request.params.id, payerOf(request)),
  );

  api.post(
    '/public/payments/:id/setup-intents',
    {
      schema: {
        tags: ['checkout'],
        params: pageParams,
        body: checkoutBodySchema,
        response: { 200: checkoutSetupResponseSchema },
      },
      config: { ...NO_REQUEST_CONTEXT, rateLimit: { max: 20, timeWindow: '1 minute' } },
      preHandler: perPage,
    },
    async (request) => createCheckoutSetup({ db, gateway: app.gateway }, request.params.id, payerOf(request)),
  );

  api.get(
    '/public/setup-intents/:id/card',
    {
      schema: { tags: ['checkout'], params: intentParams, response: { 200: savedCardResultSchema } },
      config: { ...NO_REQUEST_CONTEXT },
    },
    async (request) => cardSavedBySetup(db, request.params.id),
  );

  api.get(
    '/public/payment-intents/:id/reference',
    {
      schema: { tags: ['checkout'], params: intentParams, response: { 200: paymentReferenceResponseSchema } },
      config: { ...NO_REQUEST_CONTEXT },
    },
    async (request) => ({ reference: (await findPaymentReference(db, request.params.id)) ?? null }),
  );
}
