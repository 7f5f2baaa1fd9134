// Items (SKU setup) and locations: everyone in the company reads them, admins change them; the Inventory area
// must be switched on.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
import { authOf, requireRole } from '../../plugins/auth.ts';
import { requireFeature } from '../../plugins/feature.ts';
import { createItem, getItem, listItems, updateItem } from './items.service.ts';
import { createLocation, getLocation, listLocations, updateLocation } from './locations.service.ts';

const ZIdParams = z.object({ id: z.uuid('Not an id') });

export async function inventorySetupRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const read = [requireRole('user'), requireFeature(db, 'inventory')];
  const write = [requireRole('admin'), requireFeature(db, 'inventory')];
  const tags = ['inventory'];

  r.get(
    '/api/v1/items',
    {
      preHandler: read,
      schema: {
        summary: 'A page of items (SKUs), by part number; search by part number, name or category',
        tags,
        querystring: ZItemListQuerySchema,
        response: { 200: ZItemPageSchema },
      },
    },
    async (request) => listItems(db, authOf(request), request.query),
  );
  r.post(
    '/api/v1/items',
    {
      preHandler: write,
      schema: {
        summary: "Adds an item; refused past the plan's SKU limit (admin)",
        tags,
        body: ZItemInputSchema,
        response: { 201: ZItemSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createItem(db, authOf(request), request.body)),
  );
  r.get(
    '/api/v1/items/:id',
    {
      preHandler: read,
      schema: { summary: 'One item', tags, params: ZIdParams, response: { 200: ZItemSchema } },
    },
    async (request) => getItem(db, authOf(request), request.params.id),
  );
  r.patch(
    '/api/v1/items/:id',
    {
      preHandler: write,
      schema: {
        summary: 'Changes an item, or deactivates or reactivates it (admin)',
        tags,
        params: ZIdParams,
        body: ZItemPatchSchema,
        response: { 200: ZItemSchema },
      },
    },
    async (request) => updateItem(db, authOf(request), request.params.id, request.body),
  );

  r.get(
    '/api/v1/locations',
    {
      preHandler: read,
      schema: {
        summary: 'Locations: the sites, the children of a parent, everything under a location, or a search',
        tags,
        querystring: ZLocationListQuerySchema,
        response: { 200: ZLocationPageSchema },
      },
    },
    async (request) => listLocations(db, authOf(request), request.query),
  );
  r.post(
    '/api/v1/locations',
    {
      preHandler: write,
      schema: {
        summary: 'Adds a site, or an area, shelf or bin under its parent (admin)',
        tags,
        body: ZLocationInputSchema,
        response: { 201: ZLocationSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createLocation(db, authOf(request), request.body)),
  );
  r.get(
    '/api/v1/locations/:id',
    {
      preHandler: read,
      schema: { summary: 'One location', tags, params: ZIdParams, response: { 200: ZLocationSchema } },
    },
    async (request) => getLocation(db, authOf(request), request.params.id),
  );
  r.patch(
    '/api/v1/locations/:id',
    {
      preHandler: write,
      schema: {
        summary: "Renames a location or changes its code (carried into its subtree's full codes) (admin)",
        tags,
        params: ZIdParams,
        body: ZLocationPatchSchema,
        response: { 200: ZLocationSchema },
      },
    },
    async (request) => updateLocation(db, authOf(request), request.params.id, request.body),
  );
}
