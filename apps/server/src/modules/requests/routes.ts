/**
 * POST /api/payment-requests: the signed-in clinic sends a payment request to a patient (spec §2).
 * Each request mails and may text a recipient of the sender's choosing, so a clinic may send at most
 * PAYMENT_REQUESTS_PER_HOUR of them, resends included. POST /api/payment-requests/:requestId/resend
 * sends an unpaid one again. GET /api/payment-requests/:requestId/qr-code?format=svg|png: the QR code of
 * the request's payment page.
 */
import {
  paymentRequestResponseSchema,
  qrCodeQuerySchema,
  requestResentSchema,
  sendPaymentRequestSchema,
} from '@clinicpay/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendQrCode } from '../../http/qr-code.js';
import { limitPerKey } from '../../http/rate-limit.js';
import { clinicMemberOf, requireClinic } from '../auth/index.js';
import { paymentRequestUrl, resendPaymentRequest, sendPaymentRequest } from './service.js';

export async function requestRoutes(app: FastifyInstance) {
  app.addHook('onRequest', requireClinic(app.auth));
  const deps = {
    db: app.database.db,
    jobs: app.jobs,
    publicUrl: app.config.publicUrl,
    onError: (error: unknown) => app.log.error({ err: error }, 'payment request notice could not be queued'),
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
      schema: {
        tags: ['payment requests'],
        body: sendPaymentRequestSchema,
        response: { 201: paymentRequestResponseSchema },
      },
      // After validation, so only requests that would really be sent count.
      preHandler: perClinic,
    },
    async (request, reply) =>
      reply.status(201).send(await sendPaymentRequest(deps, clinicMemberOf(request).clinicId, request.body)),
  );

  api.post(
    '/payment-requests/:requestId/resend',
    {
      schema: {
        tags: ['payment requests'],
        params: z.object({ requestId: z.string().max(100) }),
        response: { 200: requestResentSchema },
      },
      // A resend mails and may text as a new request does, so it counts against the same hourly limit.
      preHandler: perClinic,
    },
    async (request) => resendPaymentRequest(deps, clinicMemberOf(request).clinicId, request.params.requestId),
  );

  api.get(
    '/payment-requests/:requestId/qr-code',
    {
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
