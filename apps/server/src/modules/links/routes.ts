/**
 * /api/payment-links: the signed-in clinic's links, and each link's QR code (GET …/:linkId/qr-code,
 * ?format=svg|png). The clinic id always comes from the session.
 */
import {
  createPaymentLinkSchema,
  LINK_MESSAGES,
  listPaymentLinksQuerySchema,
  paymentLinkPageSchema,
  paymentLinkResponseSchema,
  qrCodeQuerySchema,
  updatePaymentLinkSchema,
} from '@clinicpay/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendQrCode } from '../../http/qr-code.js';
import { clinicMemberOf, requireClinic } from '../auth/index.js';
import { createPaymentLink, getPaymentLink, listPaymentLinks, setPaymentLinkActive } from './service.js';

const linkParams = z.object({ linkId: z.string().max(100) });

export async function linkRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook(
    'onRequest',
    requireClinic(app.auth, (request) =>
      request.method === 'POST' ? LINK_MESSAGES.signInToCreate : LINK_MESSAGES.signInToManage,
    ),
  );
  const contextOf = (request: FastifyRequest) => {
    const member = clinicMemberOf(request);
    return {
      db: app.database.db,
      clinicId: member.clinicId,
      publicUrl: app.config.publicUrl,
      actorUserId: member.id,
    };
  };

  api.post(
    '/payment-links',
    {
      config: { permission: 'collect' },
      schema: {
        tags: ['payment links'],
        body: createPaymentLinkSchema,
        response: { 201: paymentLinkResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ link: await createPaymentLink(contextOf(request), request.body) }),
  );

  api.get(
    '/payment-links',
    {
      config: { permission: 'collect' },
      schema: {
        tags: ['payment links'],
        querystring: listPaymentLinksQuerySchema,
        response: { 200: paymentLinkPageSchema },
      },
    },
    async (request) => listPaymentLinks(contextOf(request), request.query),
  );

  api.get(
    '/payment-links/:linkId',
    {
      config: { permission: 'collect' },
      schema: { tags: ['payment links'], params: linkParams, response: { 200: paymentLinkResponseSchema } },
    },
    async (request) => ({ link: await getPaymentLink(contextOf(request), request.params.linkId) }),
  );

  api.get(
    '/payment-links/:linkId/qr-code',
    {
      config: { permission: 'collect' },
      schema: { tags: ['payment links'], params: linkParams, querystring: qrCodeQuerySchema },
    },
    async (request, reply) => {
      const link = await getPaymentLink(contextOf(request), request.params.linkId);
      return sendQrCode(reply, link.url, request.query.format, `clinicpay-link-${link.id}`);
    },
  );

  api.patch(
    '/payment-links/:linkId',
    {
      config: { permission: 'collect' },
      schema: {
        tags: ['payment links'],
        params: linkParams,
        body: updatePaymentLinkSchema,
        response: { 200: paymentLinkResponseSchema },
      },
    },
    async (request) => ({
      link: await setPaymentLinkActive(contextOf(request), request.params.linkId, request.body.isActive),
    }),
  );
}
