// Holds of lots (decision 070): anyone in the company holds a lot with a reason, an admin releases it, everyone reads
// its history. The Quality area must be switched on; the posting engine refuses held stock whatever the area says.
import { z } from 'zod';
import {
  ZLotHoldHistoryQuerySchema,
  ZLotHoldHistorySchema,
  ZLotHoldResultSchema,
  ZLotHoldSchema,
} from '#common/schemas/lot-holds.ts';
import { tenantOf, tenantRoutes } from '../../plugins/route-groups.ts';
import { holdLot, lotHoldHistory, releaseLot } from './holds.service.ts';

const ZIdParams = z.object({ id: z.uuid('Not an id') });

export const lotHoldRoutes = tenantRoutes({ feature: 'quality' }, (r) => {
  const tags = ['quality'];

  r.post(
    '/api/v1/lots/:id/hold',
    {
      config: {
        errors: ['NOT_FOUND', 'CONFLICT', 'BAD_REQUEST'],
        rules: ['a held lot cannot be issued, moved, consumed or lent until it is released'],
      },
      schema: {
        summary: 'Puts a lot on hold, with why',
        tags,
        params: ZIdParams,
        body: ZLotHoldSchema,
        response: { 200: ZLotHoldResultSchema },
      },
    },
    async (request) => holdLot(tenantOf(request), request.params.id, request.body),
  );
  r.post(
    '/api/v1/lots/:id/release',
    {
      config: { role: 'admin', errors: ['NOT_FOUND', 'CONFLICT', 'BAD_REQUEST'] },
      schema: {
        summary: 'Releases a lot from its hold, with why (admins)',
        tags,
        params: ZIdParams,
        body: ZLotHoldSchema,
        response: { 200: ZLotHoldResultSchema },
      },
    },
    async (request) => releaseLot(tenantOf(request), request.params.id, request.body),
  );
  r.get(
    '/api/v1/lots/:id/holds',
    {
      config: { errors: ['NOT_FOUND'] },
      schema: {
        summary: "A lot's holds and releases, newest first",
        tags,
        params: ZIdParams,
        querystring: ZLotHoldHistoryQuerySchema,
        response: { 200: ZLotHoldHistorySchema },
      },
    },
    async (request) => lotHoldHistory(tenantOf(request), request.params.id, request.query),
  );
});
