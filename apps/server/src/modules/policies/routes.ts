/**
 * The signed-in clinic's cancellation policy and no-show fee (docs/decisions/0090-policies.md):
 * GET    /api/clinic/policies        the policies in force
 * PUT    /api/clinic/policies/:kind  saves a new version ('cancellation' or 'no_show')
 * DELETE /api/clinic/policies/:kind  turns the policy off
 * GET    /api/clinic/terms           the payment terms in force (docs/decisions/0107-payment-terms.md)
 * PUT    /api/clinic/terms           saves a new version
 * DELETE /api/clinic/terms           turns the terms off
 * GET    /api/public/clinic-terms/:termsId  one version, for the patient
 */
import {
  clinicPoliciesSchema,
  POLICY_KINDS,
  policyInputSchema,
  policyResponseSchema,
  publicTermsSchema,
  termsInputSchema,
  termsResponseSchema,
} from '@clinicpay/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clinicMemberOf, requireClinic } from '../auth/index.js';
import {
  clinicPolicies,
  publicTerms,
  savePolicy,
  saveTerms,
  termsInForce,
  turnOffPolicy,
  turnOffTerms,
} from './service.js';

const params = z.object({ kind: z.enum(POLICY_KINDS, { error: 'Unknown policy' }) });

export async function policyRoutes(app: FastifyInstance) {
  app.addHook('onRequest', requireClinic(app.auth));
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  api.get(
    '/clinic/policies',
    {
      config: { permission: 'collect' },
      schema: { tags: ['policies'], response: { 200: clinicPoliciesSchema } },
    },
    async (request) => clinicPolicies(db, clinicMemberOf(request).clinicId),
  );

  api.put(
    '/clinic/policies/:kind',
    {
      config: { permission: 'manage' },
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
    {
      config: { permission: 'manage' },
      schema: { tags: ['policies'], params, response: { 200: policyResponseSchema } },
    },
    async (request) => {
      const member = clinicMemberOf(request);
      return turnOffPolicy(db, member.clinicId, member.id, request.params.kind);
    },
  );

  api.get(
    '/clinic/terms',
    {
      config: { permission: 'collect' },
      schema: { tags: ['policies'], response: { 200: termsResponseSchema } },
    },
    async (request) => ({ terms: await termsInForce(db, clinicMemberOf(request).clinicId), changed: false }),
  );

  api.put(
    '/clinic/terms',
    {
      config: { permission: 'manage' },
      schema: { tags: ['policies'], body: termsInputSchema, response: { 200: termsResponseSchema } },
    },
    async (request) => {
      const member = clinicMemberOf(request);
      return saveTerms(db, member.clinicId, member.id, request.body.text);
    },
  );

  api.delete(
    '/clinic/terms',
    {
      config: { permission: 'manage' },
      schema: { tags: ['policies'], response: { 200: termsResponseSchema } },
    },
    async (request) => {
      const member = clinicMemberOf(request);
      return turnOffTerms(db, member.clinicId, member.id);
    },
  );
}

/** GET /api/public/clinic-terms/:termsId: one version of a clinic's terms, for the patient. */
export async function publicTermsRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/public/clinic-terms/:termsId',
    {
      schema: {
        tags: ['checkout'],
        params: z.object({ termsId: z.string().max(100) }),
        response: { 200: publicTermsSchema },
      },
    },
    async (request) => publicTerms(app.database.db, request.params.termsId),
  );
}
