// Manage Orders (decision 047): build orders for a customer or for stock, their lines, their moves and "Can we
// build it?". Everyone in the company may read and change orders (the screen is for signed-in users); the Build
// area must be switched on. Work orders are made through /api/v1/work-orders.
import { z } from 'zod';
import {
  ZBuildabilityQuerySchema,
  ZBuildabilitySchema,
  ZBuildOrderCreateSchema,
  ZBuildOrderFilterSchema,
  ZBuildOrderListQuerySchema,
  ZBuildOrderMoveSchema,
  ZBuildOrderPageSchema,
  ZBuildOrderSchema,
  ZBuildOrderUpdateSchema,
} from '#common/schemas/build-orders.ts';
import { fileResponse } from '../../plugins/api-errors.ts';
import { sendCsv } from '../../plugins/csv-reply.ts';
import { tenantOf, tenantRoutes } from '../../plugins/route-groups.ts';
import { buildability } from './buildability.service.ts';
import { createOrder, getOrder, listOrders, updateOrder } from './orders.service.ts';
import { exportOrdersCsv } from './orders-csv.ts';
import { moveOrder } from './orders-status.service.ts';

const ZIdParams = z.object({ id: z.uuid('Not an id') });

export const buildOrdersRoutes = tenantRoutes({ feature: 'build' }, (r) => {
  const tags = ['build'];

  r.get(
    '/api/v1/build-orders',
    {
      schema: {
        summary: 'A page of orders, newest first, searched by number, customer or notes, filtered by status',
        tags,
        querystring: ZBuildOrderListQuerySchema,
        response: { 200: ZBuildOrderPageSchema },
      },
    },
    async (request) => listOrders(tenantOf(request), request.query),
  );
  r.get(
    '/api/v1/build-orders/export.csv',
    {
      config: { errors: ['BAD_REQUEST'] },
      schema: {
        summary: 'The order list with the same search and status, every row, as a CSV file (at most 20,000)',
        tags,
        querystring: ZBuildOrderFilterSchema,
        response: { 200: fileResponse('A CSV file (UTF-8)', ['text/csv']) },
      },
    },
    async (request, reply) => sendCsv(reply, await exportOrdersCsv(tenantOf(request), request.query)),
  );
  r.post(
    '/api/v1/build-orders',
    {
      config: { errors: ['BAD_REQUEST', 'NOT_FOUND'] },
      schema: {
        summary:
          'A new draft order with the next number; no customer means for stock; each line an assembly with a released revision',
        tags,
        body: ZBuildOrderCreateSchema,
        response: { 201: ZBuildOrderSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createOrder(tenantOf(request), request.body)),
  );
  r.get(
    '/api/v1/build-orders/:id',
    {
      schema: {
        summary: 'An order with its lines, their work orders and the quantity left to plan',
        tags,
        params: ZIdParams,
        response: { 200: ZBuildOrderSchema },
      },
    },
    async (request) => getOrder(tenantOf(request), request.params.id),
  );
  r.patch(
    '/api/v1/build-orders/:id',
    {
      config: { errors: ['BAD_REQUEST', 'CONFLICT'] },
      schema: {
        summary:
          "Changes an order's customer, due date, notes or lines (sent lines replace them whole; only while a draft or open)",
        tags,
        params: ZIdParams,
        body: ZBuildOrderUpdateSchema,
        response: { 200: ZBuildOrderSchema },
      },
    },
    async (request) => updateOrder(tenantOf(request), request.params.id, request.body),
  );
  r.post(
    '/api/v1/build-orders/:id/status',
    {
      config: { errors: ['CONFLICT'] },
      schema: {
        summary:
          'Moves an order (draft, open, in progress, done, cancelled); done or cancelled once its work orders are finished',
        tags,
        params: ZIdParams,
        body: ZBuildOrderMoveSchema,
        response: { 200: ZBuildOrderSchema },
      },
    },
    async (request) => moveOrder(tenantOf(request), request.params.id, request.body.status),
  );
  r.get(
    '/api/v1/build-orders/:id/buildability',
    {
      schema: {
        summary:
          'Can we build it? What is left to build, exploded through every level, against available stock',
        tags,
        params: ZIdParams,
        querystring: ZBuildabilityQuerySchema,
        response: { 200: ZBuildabilitySchema },
      },
    },
    async (request) => buildability(tenantOf(request), request.params.id, request.query.lineId),
  );
});
