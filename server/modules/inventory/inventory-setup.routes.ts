// Items (SKU setup) and locations: everyone in the company reads them, admins change them; the Inventory area
// must be switched on.
import { z } from 'zod';
import {
  ZItemInputSchema,
  ZItemListQuerySchema,
  ZItemPageSchema,
  ZItemPatchSchema,
  ZItemSchema,
  ZLocationInputSchema,
  ZLocationListQuerySchema,
  ZLocationPageSchema,
  ZLocationPatchSchema,
  ZLocationSchema,
} from '#common/schemas/inventory-setup.ts';
import {
  ITEM_CSV_MAX_CHARS,
  type TItemImportRefused,
  ZItemImportRefusedSchema,
  ZItemImportRequestSchema,
  ZItemImportResultSchema,
} from '#common/schemas/items-csv.ts';
import { fileResponse } from '../../plugins/api-errors.ts';
import { sendCsv } from '../../plugins/csv-reply.ts';
import { tenantOf, tenantRoutes } from '../../plugins/route-groups.ts';
import { createItem, getItem, listItems, updateItem } from './items.service.ts';
import { exportItemsCsv, importItemsCsv } from './items-import.service.ts';
import { createLocation, getLocation, listLocations, updateLocation } from './locations.service.ts';

const ZIdParams = z.object({ id: z.uuid('Not an id') });
const ZPlainErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fieldErrors: z.record(z.string(), z.string()).optional(),
  }),
});
const ZItemExportQuerySchema = ZItemListQuerySchema.pick({ q: true, category: true, status: true });

export const inventorySetupRoutes = tenantRoutes({ feature: 'inventory' }, (r) => {
  const tags = ['inventory'];

  r.get(
    '/api/v1/items',
    {
      config: { errors: ['BAD_REQUEST'] },
      schema: {
        summary: 'A page of items (SKUs), by part number; search by part number, name or category',
        tags,
        querystring: ZItemListQuerySchema,
        response: { 200: ZItemPageSchema },
      },
    },
    async (request) => listItems(tenantOf(request), request.query),
  );
  r.post(
    '/api/v1/items',
    {
      config: { role: 'admin', errors: ['BAD_REQUEST', 'CONFLICT', 'LIMIT_REACHED'] },
      schema: {
        summary: "Adds an item; refused past the plan's SKU limit (admin)",
        tags,
        body: ZItemInputSchema,
        response: { 201: ZItemSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createItem(tenantOf(request), request.body)),
  );
  r.get(
    '/api/v1/items/export.csv',
    {
      config: { errors: ['BAD_REQUEST'] },
      schema: {
        summary: 'The matching items (all pages) as a CSV file',
        tags,
        querystring: ZItemExportQuerySchema,
        response: { 200: fileResponse('A CSV file (UTF-8)', ['text/csv']) },
      },
    },
    async (request, reply) => sendCsv(reply, await exportItemsCsv(tenantOf(request), request.query)),
  );
  r.post(
    '/api/v1/items/import',
    {
      config: {
        role: 'admin',
        errors: ['CONFLICT', 'LIMIT_REACHED'],
        rules: [
          'the CSV file: its header, and each row against the item contract (400 with the report beside the error)',
        ],
      },
      // The file travels as a JSON string: up to 5 MB of text, more once escaped.
      bodyLimit: ITEM_CSV_MAX_CHARS * 2 + 1024,
      schema: {
        summary: 'Checks a CSV file of items (preview) or imports it, all rows or none (admin)',
        tags,
        body: ZItemImportRequestSchema,
        // 400: a refused commit (the report beside the error), or a malformed request (the plain error body).
        response: {
          200: ZItemImportResultSchema,
          400: z.union([ZItemImportRefusedSchema, ZPlainErrorSchema]),
        },
      },
    },
    async (request, reply) => {
      const { ok, result } = await importItemsCsv(tenantOf(request), request.body);
      if (ok) return reply.send(result);
      const message = `The file has ${result.errors.length === 1 ? 'a problem' : 'problems'}: nothing was imported.`;
      const refused: TItemImportRefused = { ...result, error: { code: 'VALIDATION', message } };
      return reply.status(400).send(refused);
    },
  );
  r.get(
    '/api/v1/items/:id',
    {
      schema: { summary: 'One item', tags, params: ZIdParams, response: { 200: ZItemSchema } },
    },
    async (request) => getItem(tenantOf(request), request.params.id),
  );
  r.patch(
    '/api/v1/items/:id',
    {
      config: { role: 'admin', errors: ['BAD_REQUEST', 'CONFLICT'] },
      schema: {
        summary: 'Changes an item, or deactivates or reactivates it (admin)',
        tags,
        params: ZIdParams,
        body: ZItemPatchSchema,
        response: { 200: ZItemSchema },
      },
    },
    async (request) => updateItem(tenantOf(request), request.params.id, request.body),
  );

  r.get(
    '/api/v1/locations',
    {
      config: { errors: ['NOT_FOUND'] },
      schema: {
        summary: 'Locations: the sites, the children of a parent, everything under a location, or a search',
        tags,
        querystring: ZLocationListQuerySchema,
        response: { 200: ZLocationPageSchema },
      },
    },
    async (request) => listLocations(tenantOf(request), request.query),
  );
  r.post(
    '/api/v1/locations',
    {
      config: { role: 'admin', errors: ['BAD_REQUEST', 'CONFLICT', 'NOT_FOUND'] },
      schema: {
        summary: 'Adds a site, or an area, shelf or bin under its parent (admin)',
        tags,
        body: ZLocationInputSchema,
        response: { 201: ZLocationSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createLocation(tenantOf(request), request.body)),
  );
  r.get(
    '/api/v1/locations/:id',
    {
      schema: { summary: 'One location', tags, params: ZIdParams, response: { 200: ZLocationSchema } },
    },
    async (request) => getLocation(tenantOf(request), request.params.id),
  );
  r.patch(
    '/api/v1/locations/:id',
    {
      config: { role: 'admin', errors: ['BAD_REQUEST', 'CONFLICT'] },
      schema: {
        summary: "Renames a location or changes its code (carried into its subtree's full codes) (admin)",
        tags,
        params: ZIdParams,
        body: ZLocationPatchSchema,
        response: { 200: ZLocationSchema },
      },
    },
    async (request) => updateLocation(tenantOf(request), request.params.id, request.body),
  );
});
