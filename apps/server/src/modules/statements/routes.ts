/**
 * GET /api/statements/:month for the signed-in clinic (its own month) and GET
 * /api/admin/statements/:month for admins (the platform's); ?format=csv answers the CSV as a download.
 */
import {
  clinicStatementSchema,
  platformStatementSchema,
  statementMonthSchema,
  statementQuerySchema,
} from '@clinicpay/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clinicMemberOf, requireAdmin, requireClinic } from '../auth/index.js';
import {
  clinicStatement,
  exportClinicStatement,
  platformStatement,
  platformStatementCsv,
} from './service.js';

const params = z.object({ month: statementMonthSchema });

function sendCsv(reply: FastifyReply, fileName: string, body: string) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(body);
}

export async function statementRoutes(app: FastifyInstance) {
  app.addHook('onRequest', requireClinic(app.auth));
  app.withTypeProvider<ZodTypeProvider>().get(
    '/statements/:month',
    {
      config: { permission: 'money' },
      schema: { tags: ['statements'], params, querystring: statementQuerySchema },
    },
    async (request, reply) => {
      const member = clinicMemberOf(request);
      if (request.query.format === 'csv') {
        const { fileName, csv } = await exportClinicStatement(
          app.database.db,
          { clinicId: member.clinicId, actorUserId: member.id },
          request.params.month,
        );
        return sendCsv(reply, fileName, csv);
      }
      return clinicStatementSchema.parse(
        await clinicStatement(app.database.db, member.clinicId, request.params.month),
      );
    },
  );
}

export async function adminStatementRoutes(app: FastifyInstance) {
  app.addHook('onRequest', requireAdmin(app.auth));
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/admin/statements/:month',
      { schema: { tags: ['admin'], params, querystring: statementQuerySchema } },
      async (request, reply) => {
        const statement = await platformStatement(app.database.db, request.params.month);
        if (request.query.format === 'csv')
          return sendCsv(
            reply,
            `clinicpay-platform-statement-${statement.month}.csv`,
            platformStatementCsv(statement),
          );
        return platformStatementSchema.parse(statement);
      },
    );
}
