// Scanning: what a scanned or typed code is in the user's company. Read by everyone in the company; the Inventory
// area must be switched on.
import { ZScanQuerySchema, ZScanResultSchema } from '#common/schemas/scan.ts';
import { tenantOf, tenantRoutes } from '../../plugins/route-groups.ts';
import { resolveScan } from './scan.service.ts';

export const scanRoutes = tenantRoutes({ feature: 'inventory' }, (r) => {
  r.get(
    '/api/v1/scan/resolve',
    {
      config: { errors: ['NOT_FOUND'] },
      schema: {
        summary:
          'What a scanned or typed code is: a label code or its link, else a part number, lot, location, work order, asset tag or job number',
        tags: ['inventory'],
        querystring: ZScanQuerySchema,
        response: { 200: ZScanResultSchema },
      },
    },
    async (request) => resolveScan(tenantOf(request), request.query.code),
  );
});
