// Lots of lot-tracked items: an item's lots, one lot with its stock, and its genealogy. Read by everyone in the
// company; the Inventory area must be switched on. A lot's history is GET /api/v1/items/:id/ledger?lotId=.
import { z } from 'zod';
import {
  ZGenealogyQuerySchema,
  ZGenealogySchema,
  ZItemLotsQuerySchema,
  ZLotDetailSchema,
  ZLotPageSchema,
} from '#common/schemas/lots.ts';
import { tenantOf, tenantRoutes } from '../../plugins/route-groups.ts';
import { getGenealogy, getLot, listItemLots } from './lots.service.ts';

const ZIdParams = z.object({ id: z.uuid('Not an id') });

export const lotsRoutes = tenantRoutes({ feature: 'inventory' }, (r) => {
  const tags = ['inventory'];

  r.get(
    '/api/v1/items/:id/lots',
    {
      schema: {
        summary: "An item's lots, newest first, with their stock on hand",
        tags,
        params: ZIdParams,
        querystring: ZItemLotsQuerySchema,
        response: { 200: ZLotPageSchema },
      },
    },
    async (request) => listItemLots(tenantOf(request), request.params.id, request.query),
  );
  r.get(
    '/api/v1/lots/:id',
    {
      schema: {
        summary: 'A lot: its number, expiry, item and stock by location',
        tags,
        params: ZIdParams,
        response: { 200: ZLotDetailSchema },
      },
    },
    async (request) => getLot(tenantOf(request), request.params.id),
  );
  r.get(
    '/api/v1/lots/:id/genealogy',
    {
      schema: {
        summary: 'What went into a lot (inputs) or where it went (uses), up to 10 levels deep',
        tags,
        params: ZIdParams,
        querystring: ZGenealogyQuerySchema,
        response: { 200: ZGenealogySchema },
      },
    },
    async (request) => getGenealogy(tenantOf(request), request.params.id, request.query.direction),
  );
});
