// The stock list and its CSV, the item lookup by part number, and an item's ledger history: read by everyone in
// the company; the Inventory area must be switched on.
import { z } from 'zod';
import { ZItemSchema } from '#common/schemas/inventory-setup.ts';
import {
  ZCategoriesSchema,
  ZItemLedgerQuerySchema,
  ZItemLookupQuerySchema,
  ZLedgerPageSchema,
  ZStockFilterSchema,
  ZStockListQuerySchema,
  ZStockPageSchema,
} from '#common/schemas/stock-list.ts';
import { fileResponse } from '../../plugins/api-errors.ts';
import { sendCsv } from '../../plugins/csv-reply.ts';
import { tenantOf, tenantRoutes } from '../../plugins/route-groups.ts';
import {
  exportStockCsv,
  getItemLedger,
  listCategories,
  listStock,
  lookupItem,
} from './stock-list.service.ts';

const ZIdParams = z.object({ id: z.uuid('Not an id') });

export const stockListRoutes = tenantRoutes({ feature: 'inventory' }, (r) => {
  const tags = ['inventory'];

  r.get(
    '/api/v1/stock',
    {
      config: { errors: ['BAD_REQUEST'] },
      schema: {
        summary:
          'The stock list: one row per item with its stock; search, category, location subtree, low stock, sort, pages',
        tags,
        querystring: ZStockListQuerySchema,
        response: { 200: ZStockPageSchema },
      },
    },
    async (request) => listStock(tenantOf(request), request.query),
  );
  r.get(
    '/api/v1/stock/export.csv',
    {
      config: { errors: ['BAD_REQUEST'] },
      schema: {
        summary: 'The stock list with the same filters and order, every row, as a CSV file (at most 50,000)',
        tags,
        querystring: ZStockFilterSchema,
        response: { 200: fileResponse('A CSV file (UTF-8)', ['text/csv']) },
      },
    },
    async (request, reply) => sendCsv(reply, await exportStockCsv(tenantOf(request), request.query)),
  );
  r.get(
    '/api/v1/stock/categories',
    {
      schema: {
        summary: "The categories the company's items use (for the stock list's filter)",
        tags,
        response: { 200: ZCategoriesSchema },
      },
    },
    async (request) => listCategories(tenantOf(request)),
  );
  r.get(
    '/api/v1/items/lookup',
    {
      config: { errors: ['NOT_FOUND'] },
      schema: {
        summary: 'The item with exactly this part number, in any case; 404 when there is none',
        tags,
        querystring: ZItemLookupQuerySchema,
        response: { 200: ZItemSchema },
      },
    },
    async (request) => lookupItem(tenantOf(request), request.query.partNumber),
  );
  r.get(
    '/api/v1/items/:id/ledger',
    {
      schema: {
        summary: "An item's stock history, newest first; optionally one lot's or one location's",
        tags,
        params: ZIdParams,
        querystring: ZItemLedgerQuerySchema,
        response: { 200: ZLedgerPageSchema },
      },
    },
    async (request) => getItemLedger(tenantOf(request), request.params.id, request.query),
  );
});
