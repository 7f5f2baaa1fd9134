// The company's audit trail for its admins.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAuditPageSchema, ZAuditQuerySchema } from '#common/schemas/audit.ts';
import { withTenant } from '../../db/tenant.ts';
import { authOf, requireRole } from '../../plugins/auth.ts';
import { listAuditEntries } from './audit.repo.ts';

export async function auditRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/audit',
    {
      preHandler: requireRole('admin'),
      schema: {
        summary:
          "A page of your company's audit trail, newest first (admin); entries are never changed or deleted",
        tags: ['audit'],
        querystring: ZAuditQuerySchema,
        response: { 200: ZAuditPageSchema },
      },
    },
    async (request) => {
      const { companyId } = authOf(request);
      const found = await withTenant(app.database.db, companyId, (tx) =>
        listAuditEntries(tx, companyId, request.query),
      );
      return { ...found, page: request.query.page, pageSize: request.query.pageSize };
    },
  );
}
