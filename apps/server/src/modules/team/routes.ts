/**
 * /api/team and /api/clinic/audit (the owner's: config.permission 'manage', decisions 0121 and 0124)
 * and /api/team-invitations (the
 * invited person's, no account needed: the token authorises). Thin: validate with the shared schema,
 * call one service function, answer.
 */
import {
  acceptInvitationRequestSchema,
  adminAuditPageSchema,
  changeRoleRequestSchema,
  clinicAuditQuerySchema,
  invitationPreviewSchema,
  invitationTokenQuerySchema,
  messageResponseSchema,
  TEAM_MESSAGES,
  TWO_FACTOR_MESSAGES,
  teamInvitationRequestSchema,
  teamSchema,
  teamTwoFactorRequestSchema,
  transferOwnershipRequestSchema,
} from '@clinicpay/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { linkOrigin } from '../../http/link-origin.js';
import { listClinicAuditEntries } from '../audit/index.js';
import { clinicMemberOf, requireClinic } from '../auth/index.js';
import {
  acceptInvitation,
  changeRole,
  getTeam,
  inviteMember,
  previewInvitation,
  removeMember,
  revokeInvitation,
  setTeamTwoFactor,
  signOutMember,
  type TeamDeps,
  transferOwnership,
} from './service.js';

const tags = ['team'];
const memberParams = z.object({ userId: z.string().max(100) });
const invitationParams = z.object({ invitationId: z.uuid({ error: TEAM_MESSAGES.invitationNotFound }) });
const config = { permission: 'manage' } as const;
const done = { 200: messageResponseSchema };

/** The owner's team routes. */
export async function teamRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', requireClinic(app.auth));
  const deps: TeamDeps = { db: app.database.db, jobs: app.jobs };
  const ownerOf = (request: FastifyRequest) => {
    const member = clinicMemberOf(request);
    return { userId: member.id, clinicId: member.clinicId };
  };

  api.get('/team', { config, schema: { tags, response: { 200: teamSchema } } }, async (request) =>
    getTeam(deps.db, ownerOf(request)),
  );

  api.post(
    '/team/invitations',
    { config, schema: { tags, body: teamInvitationRequestSchema, response: { 201: messageResponseSchema } } },
    async (request, reply) => {
      await inviteMember(deps, ownerOf(request), request.body, linkOrigin(request, app.config));
      return reply.code(201).send({ message: TEAM_MESSAGES.invitationSent });
    },
  );

  api.post(
    '/team/invitations/:invitationId/revoke',
    { config, schema: { tags, params: invitationParams, response: done } },
    async (request) => {
      await revokeInvitation(deps, ownerOf(request), request.params.invitationId);
      return { message: TEAM_MESSAGES.invitationRevoked };
    },
  );

  api.patch(
    '/team/members/:userId',
    { config, schema: { tags, params: memberParams, body: changeRoleRequestSchema, response: done } },
    async (request) => {
      await changeRole(deps, ownerOf(request), request.params.userId, request.body.role);
      return { message: TEAM_MESSAGES.roleChanged };
    },
  );

  api.post(
    '/team/members/:userId/remove',
    { config, schema: { tags, params: memberParams, response: done } },
    async (request) => {
      await removeMember(deps, ownerOf(request), request.params.userId);
      return { message: TEAM_MESSAGES.memberRemoved };
    },
  );

  api.post(
    '/team/members/:userId/sign-out',
    { config, schema: { tags, params: memberParams, response: done } },
    async (request) => {
      await signOutMember(deps, ownerOf(request), request.params.userId);
      return { message: TEAM_MESSAGES.signedOutEverywhere };
    },
  );

  // The clinic's own audit trail, for its owner (decision 0124).
  api.get(
    '/clinic/audit',
    {
      config,
      schema: { tags, querystring: clinicAuditQuerySchema, response: { 200: adminAuditPageSchema } },
    },
    async (request) => listClinicAuditEntries(deps.db, ownerOf(request).clinicId, request.query),
  );

  api.patch(
    '/team/two-factor',
    { config, schema: { tags, body: teamTwoFactorRequestSchema, response: done } },
    async (request) => {
      const member = clinicMemberOf(request);
      await setTeamTwoFactor(
        deps,
        { ...ownerOf(request), twoFactorEnabled: member.twoFactorEnabled },
        request.body.required,
      );
      return {
        message: request.body.required
          ? TWO_FACTOR_MESSAGES.requiredForTeam
          : TWO_FACTOR_MESSAGES.notRequiredForTeam,
      };
    },
  );

  api.post(
    '/team/transfer-ownership',
    { config, schema: { tags, body: transferOwnershipRequestSchema, response: done } },
    async (request) => {
      await transferOwnership(deps, ownerOf(request), request.body.userId);
      return { message: TEAM_MESSAGES.ownershipTransferred };
    },
  );
}

/** The invited person's routes: rate limited per address, as the account routes are. */
export async function teamInvitationRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const deps: TeamDeps = { db: app.database.db, jobs: app.jobs };
  const rateLimit = { max: 20, timeWindow: '1 minute' };

  api.get(
    '/team-invitations',
    {
      config: { rateLimit },
      schema: { tags, querystring: invitationTokenQuerySchema, response: { 200: invitationPreviewSchema } },
    },
    async (request) => previewInvitation(deps.db, request.query.token),
  );

  api.post(
    '/team-invitations/accept',
    {
      config: { rateLimit },
      schema: { tags, body: acceptInvitationRequestSchema, response: { 201: messageResponseSchema } },
    },
    async (request, reply) => {
      await acceptInvitation(deps, request.body);
      return reply.code(201).send({ message: TEAM_MESSAGES.joined });
    },
  );
}
