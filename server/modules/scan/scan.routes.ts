// Scanning: what a scanned or typed code is in the user's company. Read by everyone in the company; the Inventory
// area must be switched on.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZScanQuerySchema, ZScanResultSchema } from '#common/schemas/scan.ts';
import { authOf, requireRole } from '../../plugins/auth.ts';
import { requireFeature } from '../../plugins/feature.ts';
import { resolveScan } from './scan.service.ts';

export async function scanRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.get(
    '/api/v1/scan/resolve',
    {
      preHandler: [requireRole('user'), requireFeature(db, 'inventory')],
      schema: {
        summary:
          'What a scanned or typed code is: a label code or its link, else a part number, lot number or location code',
        tags: ['inventory'],
        querystring: ZScanQuerySchema,
        response: { 200: ZScanResultSchema },
      },
    },
    async (request) => resolveScan(db, authOf(request), request.query.code),
  );
}
