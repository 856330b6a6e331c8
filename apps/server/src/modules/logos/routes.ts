/**
 * The logo routes: POST and DELETE /api/clinic/logo for the signed-in clinic (the clinic id comes from
 * the session, never the request), and the public GET /api/public/logos/:clinicId/:file that serves a
 * stored logo with a one-hour cache (docs/product.md#constants).
 */
import { LOGO_CACHE_SECONDS, logoResultSchema } from '@clinicpay/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clinicMemberOf, requireClinic } from '../auth/index.js';
import { deleteLogo, type LogoDeps, openLogo, uploadLogo } from './service.js';
import { readUploadedFile } from './upload.js';

/** The serving route's path under /api; logo URLs are built from it. */
export const LOGO_URL_PREFIX = '/api/public/logos';

const logoFileParamsSchema = z.object({
  clinicId: z.string().max(64),
  file: z.string().max(64),
});

export async function logoHttpRoutes(app: FastifyInstance, deps: LogoDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const clinicOnly = requireClinic(app.auth);
  const actorOf = (request: FastifyRequest) => {
    const member = clinicMemberOf(request);
    return { clinicId: member.clinicId, actorUserId: member.id };
  };

  api.post(
    '/clinic/logo',
    {
      config: { permission: 'manage' },
      onRequest: clinicOnly,
      schema: { tags: ['clinic'], consumes: ['multipart/form-data'], response: { 200: logoResultSchema } },
    },
    async (request) => uploadLogo(deps, actorOf(request), await readUploadedFile(request)),
  );

  api.delete(
    '/clinic/logo',
    {
      config: { permission: 'manage' },
      onRequest: clinicOnly,
      schema: { tags: ['clinic'], response: { 200: logoResultSchema } },
    },
    async (request) => deleteLogo(deps, actorOf(request)),
  );

  api.get(
    '/public/logos/:clinicId/:file',
    { schema: { tags: ['public'], params: logoFileParamsSchema } },
    async (request, reply) => {
      const logo = await openLogo(deps.storage, request.params.clinicId, request.params.file);
      reply
        .header('cache-control', `public, max-age=${LOGO_CACHE_SECONDS}`)
        .header('x-content-type-options', 'nosniff')
        .type(logo.contentType);
      if (logo.size !== undefined) reply.header('content-length', logo.size);
      return reply.send(logo.body);
    },
  );
}
