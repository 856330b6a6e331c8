/**
 * The signed-in clinic's cancellation policy and no-show fee (docs/decisions/0090-policies.md):
 * GET    /api/clinic/policies        the policies in force
 * PUT    /api/clinic/policies/:kind  saves a new version ('cancellation' or 'no_show')
 * DELETE /api/clinic/policies/:kind  turns the policy off
 */
import {
  clinicPoliciesSchema,
  POLICY_KINDS,
  policyInputSchema,
  policyResponseSchema,
} from '@clinicpay/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clinicMemberOf, requireClinic } from '../auth/index.js';
import { clinicPolicies, savePolicy, turnOffPolicy } from './service.js';

const params = z.object({ kind: z.enum(POLICY_KINDS, { error: 'Unknown policy' }) });

export async function policyRoutes(app: FastifyInstance) {
  app.addHook('onRequest', requireClinic(app.auth));
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  api.get(
    '/clinic/policies',
    { schema: { tags: ['policies'], response: { 200: clinicPoliciesSchema } } },
    async (request) => clinicPolicies(db, clinicMemberOf(request).clinicId),
  );

  api.put(
    '/clinic/policies/:kind',
    {
      schema: {
        tags: ['policies'],
        params,
        body: policyInputSchema,
        response: { 200: policyResponseSchema },
      },
    },
    async (request) => {
      const member = clinicMemberOf(request);
      return savePolicy(db, member.clinicId, member.id, request.params.kind, request.body);
    },
  );

  api.delete(
    '/clinic/policies/:kind',
    { schema: { tags: ['policies'], params, response: { 200: policyResponseSchema } } },
    async (request) => {
      const member = clinicMemberOf(request);
      return turnOffPolicy(db, member.clinicId, member.id, request.params.kind);
    },
  );
}
