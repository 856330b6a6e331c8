/**
 * A patient's saved cards (docs/decisions/0091-saved-cards-on-platform-customers.md):
 * GET  /api/patients/:id/cards                  the cards, newest first, with their consents
 * POST /api/patients/:id/cards/:cardId/remove   detach a card for good, at the patient's request
 * POST /api/patients/:id/cards/:cardId/charges  charge a no-show or late cancellation fee (charges.ts)
 * GET  /api/public/card-charges/:id?token=      a charge the patient's bank asks them to confirm (no account)
 */
import {
  cardChargeResponseSchema,
  chargeConfirmationSchema,
  chargeSavedCardSchema,
  savedCardListSchema,
} from '@clinicpay/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fromGatewayError } from '../../http/app-error.js';
import { clinicMemberOf, requireClinic } from '../auth/index.js';
import { chargeConfirmation, chargeSavedCard } from './charges.js';
import { listSavedCards, removeSavedCard } from './service.js';

const patientParams = z.object({ id: z.string().max(100) });
const cardParams = z.object({ id: z.string().max(100), cardId: z.string().max(100) });

export async function savedCardRoutes(app: FastifyInstance) {
  app.addHook('onRequest', requireClinic(app.auth));
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  api.get(
    '/patients/:id/cards',
    {
      config: { permission: 'collect' },
      schema: { tags: ['patients'], params: patientParams, response: { 200: savedCardListSchema } },
    },
    async (request) => listSavedCards(db, clinicMemberOf(request).clinicId, request.params.id),
  );

  api.post(
    '/patients/:id/cards/:cardId/remove',
    {
      config: { permission: 'money' },
      schema: { tags: ['patients'], params: cardParams, response: { 200: savedCardListSchema } },
    },
    async (request) => {
      const member = clinicMemberOf(request);
      await removeSavedCard(
        { db, gateway: app.gateway },
        { clinicId: member.clinicId, userId: member.id },
        request.params.id,
        request.params.cardId,
      );
      return listSavedCards(db, member.clinicId, request.params.id);
    },
  );

  api.post(
    '/patients/:id/cards/:cardId/charges',
    {
      config: { permission: 'money' },
      schema: {
        tags: ['patients'],
        params: cardParams,
        body: chargeSavedCardSchema,
        response: { 200: cardChargeResponseSchema },
      },
    },
    async (request) => {
      const member = clinicMemberOf(request);
      const charge = await chargeSavedCard(
        { db, gateway: app.gateway, jobs: app.jobs, publicUrl: app.config.publicUrl },
        { clinicId: member.clinicId, userId: member.id },
        request.params.id,
        request.params.cardId,
        request.body,
      );
      return { charge };
    },
  );
}

/** The patient's side: no account, the link's token authorises (savedCardPublicRoutes). */
export async function savedCardPublicRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/public/card-charges/:id',
    {
      schema: {
        tags: ['checkout'],
        params: z.object({ id: z.string().max(100) }),
        querystring: z.object({ token: z.string().max(200) }),
        response: { 200: chargeConfirmationSchema },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => {
      try {
        return await chargeConfirmation(
          { db: app.database.db, gateway: app.gateway },
          request.params.id,
          request.query.token,
        );
      } catch (error) {
        throw fromGatewayError(error);
      }
    },
  );
}
