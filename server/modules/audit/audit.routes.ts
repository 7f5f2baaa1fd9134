// The company's audit trail for its admins.
import { ZAuditPageSchema, ZAuditQuerySchema } from '#common/schemas/audit.ts';
import { tenantOf, tenantRoutes } from '../../plugins/route-groups.ts';
import { listAudit } from './audit.service.ts';

export const auditRoutes = tenantRoutes({ role: 'admin' }, (r) => {
  r.get(
    '/api/v1/audit',
    {
      config: { rules: ['to is not before from'] },
      schema: {
        summary:
          "A page of your company's audit trail, newest first (admin); entries are never changed or deleted",
        tags: ['audit'],
        querystring: ZAuditQuerySchema,
        response: { 200: ZAuditPageSchema },
      },
    },
    async (request) => listAudit(tenantOf(request), request.query),
  );
});
