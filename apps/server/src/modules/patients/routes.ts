/**
 * The signed-in clinic's patients (docs/decisions/0089-patients.md):
 * GET /api/patients?search=&page=  a page of patients, by name
 * GET /api/patients/:id            a patient with their payments and requests
 */
import { patientDetailSchema, patientListQuerySchema, patientListSchema } from '@clinicpay/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clinicMemberOf, requireClinic } from '../auth/index.js';
import { getPatient, listPatients } from './service.js';

const params = z.object({ id: z.string().max(100) });

export async function patientRoutes(app: FastifyInstance) {
  app.addHook('onRequest', requireClinic(app.auth));
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  api.get(
    '/patients',
    {
      config: { permission: 'collect' },
      schema: {
        tags: ['patients'],
        querystring: patientListQuerySchema,
        response: { 200: patientListSchema },
      },
    },
    async (request) => listPatients(db, clinicMemberOf(request).clinicId, request.query),
  );

  api.get(
    '/patients/:id',
    {
      config: { permission: 'collect' },
      schema: { tags: ['patients'], params, response: { 200: patientDetailSchema } },
    },
    async (request) => getPatient(db, clinicMemberOf(request).clinicId, request.params.id),
  );
}
