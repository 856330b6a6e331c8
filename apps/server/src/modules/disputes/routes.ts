/**
 * The disputes routes. For the signed-in clinic (its id from the session, never the request):
 * GET /api/disputes, /api/disputes/alerts, /api/disputes/:disputeId; PUT …/evidence (the draft);
 * POST and DELETE …/evidence/files (multipart: the field `kind`, then the part `file`); POST …/submit;
 * POST /api/fraud-warnings/:warningId/refund. For admins: GET /api/admin/disputes. Another clinic's
 * ids answer 404.
 */
import {
  adminDisputesSchema,
  DISPUTE_MESSAGES,
  disputeAlertsSchema,
  disputeDetailSchema,
  disputeListSchema,
  EVIDENCE_MAX_TOTAL_BYTES,
  refundFraudWarningBodySchema,
  refundResultSchema,
  saveEvidenceBodySchema,
} from '@clinicpay/shared';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error.js';
import { isStorableText, NUL_MESSAGE } from '../../http/refuse-nul.js';
import { clinicMemberOf, requireAdmin, requireClinic } from '../auth/index.js';
import {
  addEvidenceFile,
  adminDisputes,
  type DisputeDeps,
  disputeAlerts,
  getDispute,
  listDisputes,
  refundFraudWarning,
  removeEvidenceFile,
  saveEvidence,
  submitEvidence,
} from './service.js';

const disputeParams = z.object({ disputeId: z.string().max(100) });
const fileParams = disputeParams.extend({ fileId: z.string().max(100) });
const UNREADABLE_UPLOAD = 'The upload could not be read';

/**
 * The upload's `kind` field and its one file. Throws AppError BAD_REQUEST (not multipart, no file, a
 * malformed body, a name or kind holding text that cannot be stored) or EVIDENCE_FILE_TOO_LARGE (over 4.5 MB, refused as soon as it passes the limit).
 */
async function readEvidenceUpload(request: FastifyRequest) {
  if (!request.isMultipart()) throw new AppError('BAD_REQUEST', DISPUTE_MESSAGES.fileMissing);
  let kind = '';
  let file: { filename: string; content: Buffer } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field' && part.fieldname === 'kind') kind = String(part.value);
      else if (part.type === 'file' && !file)
        file = { filename: part.filename, content: await part.toBuffer() };
      else if (part.type === 'file') await part.toBuffer();
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: unknown } | null)?.code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('EVIDENCE_FILE_TOO_LARGE', DISPUTE_MESSAGES.fileTooLarge);
    throw new AppError('BAD_REQUEST', UNREADABLE_UPLOAD);
  }
  if (!file || file.content.length === 0) throw new AppError('BAD_REQUEST', DISPUTE_MESSAGES.fileMissing);
  // The file's name is stored with it, so one PostgreSQL cannot store (a NUL, a lone surrogate) is
  // refused as refuseNul refuses such text elsewhere, not failed inside the insert.
  if (!isStorableText(file.filename) || !isStorableText(kind)) throw new AppError('BAD_REQUEST', NUL_MESSAGE);
  return { kind, ...file };
}

export async function disputeRoutes(app: FastifyInstance) {
  await app.register(fastifyMultipart, {
    limits: { fileSize: EVIDENCE_MAX_TOTAL_BYTES, files: 1, fields: 5, fieldSize: 200, parts: 6 },
  });
  app.addHook('onRequest', requireClinic(app.auth));
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const deps = (request: FastifyRequest): DisputeDeps => ({
    db,
    gateway: app.gateway,
    jobs: app.jobs,
    publicUrl: app.config.publicUrl,
    onError: (error) => request.log.error({ err: error }, 'refund outcome unknown; left in flight'),
  });
  const tags = ['disputes'];

  api.get(
    '/disputes',
    { config: { permission: 'money' }, schema: { tags, response: { 200: disputeListSchema } } },
    async (request) => listDisputes(db, clinicMemberOf(request).clinicId),
  );
  api.get(
    '/disputes/alerts',
    { config: { permission: 'money' }, schema: { tags, response: { 200: disputeAlertsSchema } } },
    async (request) => disputeAlerts(db, clinicMemberOf(request).clinicId),
  );
  api.get(
    '/disputes/:disputeId',
    {
      config: { permission: 'money' },
      schema: { tags, params: disputeParams, response: { 200: disputeDetailSchema } },
    },
    async (request) => getDispute(db, clinicMemberOf(request).clinicId, request.params.disputeId),
  );
  api.put(
    '/disputes/:disputeId/evidence',
    {
      config: { permission: 'money' },
      schema: {
        tags,
        params: disputeParams,
        body: saveEvidenceBodySchema,
        response: { 200: disputeDetailSchema },
      },
    },
    async (request) =>
      saveEvidence(db, clinicMemberOf(request).clinicId, request.params.disputeId, request.body.text),
  );
  api.post(
    '/disputes/:disputeId/evidence/files',
    {
      config: { permission: 'money' },
      schema: {
        tags,
        params: disputeParams,
        consumes: ['multipart/form-data'],
        response: { 200: disputeDetailSchema },
      },
    },
    async (request) =>
      addEvidenceFile(
        db,
        clinicMemberOf(request).clinicId,
        request.params.disputeId,
        await readEvidenceUpload(request),
      ),
  );
  api.delete(
    '/disputes/:disputeId/evidence/files/:fileId',
    {
      config: { permission: 'money' },
      schema: { tags, params: fileParams, response: { 200: disputeDetailSchema } },
    },
    async (request) =>
      removeEvidenceFile(
        db,
        clinicMemberOf(request).clinicId,
        request.params.disputeId,
        request.params.fileId,
      ),
  );
  api.post(
    '/disputes/:disputeId/submit',
    {
      config: { permission: 'money' },
      schema: { tags, params: disputeParams, response: { 200: disputeDetailSchema } },
    },
    async (request) =>
      submitEvidence(deps(request), clinicMemberOf(request).clinicId, request.params.disputeId),
  );
  api.post(
    '/fraud-warnings/:warningId/refund',
    {
      config: { permission: 'money' },
      schema: {
        tags,
        params: z.object({ warningId: z.string().max(100) }),
        body: refundFraudWarningBodySchema,
        response: { 200: refundResultSchema },
      },
    },
    async (request) => {
      const member = clinicMemberOf(request);
      return refundFraudWarning(deps(request), {
        clinicId: member.clinicId,
        userId: member.id,
        warningId: request.params.warningId,
        amount: request.body?.amount,
      });
    },
  );
}

/** GET /api/admin/disputes, for admins. */
export async function adminDisputeRoutes(app: FastifyInstance) {
  app.addHook('onRequest', requireAdmin(app.auth));
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/admin/disputes',
      { schema: { tags: ['admin'], response: { 200: adminDisputesSchema } } },
      async () => adminDisputes(app.database.db),
    );
}
