/**
 * POST /api/payment-requests: the signed-in clinic sends a payment request to a patient
 * (docs/product.md#send-payment-link).
 * Each request mails and may text a recipient of the sender's choosing, so a clinic may send at most
 * PAYMENT_REQUESTS_PER_HOUR of them, resends and reminders included.
 * POST /api/payment-requests/:requestId/resend sends an open one again; …/remind reminds the patient now;
 * …/cancel cancels it (docs/decisions/0105-request-and-link-lifetimes.md, 0106).
 * GET /api/payment-requests/:requestId/qr-code?format=svg|png: the QR code of the request's payment page.
 * POST /api/public/payments/:id/viewed: the patient's page says it was opened (no GET writes).
 * POST /dev/reminders (never in production): runs the reminder sweep as if `days` days had passed.
 */
import {
  listRequestsQuerySchema,
  paymentRequestDetailSchema,
  paymentRequestResponseSchema,
  qrCodeQuerySchema,
  requestCancelledSchema,
  requestListSchema,
  requestResentSchema,
  sendPaymentRequestSchema,
} from '@clinicpay/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendQrCode } from '../../http/qr-code.js';
import { limitPerKey } from '../../http/rate-limit.js';
import { clinicMemberOf, requireClinic } from '../auth/index.js';
import {
  cancelPaymentRequest,
  getPaymentRequest,
  listPaymentRequests,
  paymentRequestUrl,
  recordRequestViewed,
  remindPaymentRequest,
  resendPaymentRequest,
  sendDueReminders,
  sendPaymentRequest,
} from './service.js';

export async function requestRoutes(app: FastifyInstance) {
  app.addHook('onRequest', requireClinic(app.auth));
  const deps = {
    db: app.database.db,
    jobs: app.jobs,
    publicUrl: app.config.publicUrl,
    onError: (error: unknown) => app.log.error({ err: error }, 'payment request notice could not be queued'),
  };
  const actorOf = (request: FastifyRequest) => {
    const member = clinicMemberOf(request);
    return { clinicId: member.clinicId, actorUserId: member.id };
  };
  const perClinic = limitPerKey(app, {
    name: 'payment-requests',
    max: app.config.paymentRequestsPerHour,
    timeWindow: '1 hour',
    key: (request) => clinicMemberOf(request).clinicId,
  });
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/payment-requests',
    {
      config: { permission: 'collect' },
      schema: {
        tags: ['payment requests'],
        body: sendPaymentRequestSchema,
        response: { 201: paymentRequestResponseSchema },
      },
      // After validation, so only requests that would really be sent count.
      preHandler: perClinic,
    },
    async (request, reply) =>
      reply.status(201).send(await sendPaymentRequest(deps, actorOf(request), request.body)),
  );

  api.post(
    '/payment-requests/:requestId/resend',
    {
      config: { permission: 'collect' },
      schema: {
        tags: ['payment requests'],
        params: z.object({ requestId: z.string().max(100) }),
        response: { 200: requestResentSchema },
      },
      // A resend mails and may text as a new request does, so it counts against the same hourly limit.
      preHandler: perClinic,
    },
    async (request) => resendPaymentRequest(deps, actorOf(request), request.params.requestId),
  );

  api.get(
    '/payment-requests',
    {
      config: { permission: 'collect' },
      schema: {
        tags: ['payment requests'],
        querystring: listRequestsQuerySchema,
        response: { 200: requestListSchema },
      },
    },
    async (request) => listPaymentRequests(app.database.db, clinicMemberOf(request).clinicId, request.query),
  );

  api.get(
    '/payment-requests/:requestId',
    {
      config: { permission: 'collect' },
      schema: {
        tags: ['payment requests'],
        params: z.object({ requestId: z.string().max(100) }),
        response: { 200: paymentRequestDetailSchema },
      },
    },
    async (request) =>
      getPaymentRequest(app.database.db, clinicMemberOf(request).clinicId, request.params.requestId),
  );

  api.post(
    '/payment-requests/:requestId/remind',
    {
      config: { permission: 'collect' },
      schema: {
        tags: ['payment requests'],
        params: z.object({ requestId: z.string().max(100) }),
        response: { 200: requestResentSchema },
      },
      preHandler: perClinic,
    },
    async (request) => remindPaymentRequest(deps, actorOf(request), request.params.requestId),
  );

  api.post(
    '/payment-requests/:requestId/cancel',
    {
      config: { permission: 'collect' },
      schema: {
        tags: ['payment requests'],
        params: z.object({ requestId: z.string().max(100) }),
        response: { 200: requestCancelledSchema },
      },
    },
    async (request) =>
      cancelPaymentRequest(
        {
          db: app.database.db,
          gateway: app.gateway,
          onError: (error) =>
            app.log.error({ err: error }, 'payment intent of a cancelled request not cancelled'),
        },
        actorOf(request),
        request.params.requestId,
      ),
  );

  api.get(
    '/payment-requests/:requestId/qr-code',
    {
      config: { permission: 'collect' },
      schema: {
        tags: ['payment requests'],
        params: z.object({ requestId: z.string().max(100) }),
        querystring: qrCodeQuerySchema,
      },
    },
    async (request, reply) => {
      const page = await paymentRequestUrl(deps, clinicMemberOf(request).clinicId, request.params.requestId);
      return sendQrCode(reply, page.url, request.query.format, `clinicpay-request-${page.id}`);
    },
  );
}

/** POST /api/public/payments/:id/viewed: the patient opened a request's page; 204, or 404 for any other id. */
export async function publicRequestRoutes(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/public/payments/:id/viewed',
      { schema: { tags: ['checkout'], params: z.object({ id: z.string().max(100) }) } },
      async (request, reply) => {
        await recordRequestViewed(app.database.db, request.params.id);
        return reply.status(204).send();
      },
    );
}

/**
 * POST /dev/reminders { days, requestId? }: runs the reminder sweep with the clock moved `days` days on
 * (for one request when given), so the dev tools and the browser tests see reminders without waiting.
 * Registered only outside production.
 */
export async function devReminderRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/dev/reminders',
    {
      schema: {
        hide: true,
        body: z.object({ days: z.number().int().min(0).max(365), requestId: z.uuid().optional() }),
      },
    },
    async (request) => {
      const now = new Date(Date.now() + request.body.days * 86_400_000);
      const reminded = await sendDueReminders(
        { db: app.database.db, jobs: app.jobs, publicUrl: app.config.publicUrl },
        now,
        { onlyRequestId: request.body.requestId },
      );
      return { reminded };
    },
  );
}
