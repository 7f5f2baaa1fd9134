// Work orders (decision 048): made, listed, shown and moved through their life by anyone in the company (the
// Work Orders screen is not an admin screen: planners and leads on the floor use it). The Build area must be on.
import { z } from 'zod';
import {
  ZWorkOrderCreateSchema,
  ZWorkOrderDetailSchema,
  ZWorkOrderFilterSchema,
  ZWorkOrderListQuerySchema,
  ZWorkOrderMoveSchema,
  ZWorkOrderPageSchema,
  ZWorkOrderProposalQuerySchema,
  ZWorkOrderProposalSchema,
  ZWorkOrderTreeCreateSchema,
  ZWorkOrderTreeSchema,
} from '#common/schemas/work-orders.ts';
import { fileResponse } from '../../plugins/api-errors.ts';
import { sendCsv } from '../../plugins/csv-reply.ts';
import { tenantOf, tenantRoutes } from '../../plugins/route-groups.ts';
import { moveWorkOrder } from './work-order-moves.service.ts';
import { travellerPdf } from './work-order-traveller.service.ts';
import { createWorkOrderTree, proposeWorkOrders } from './work-order-tree.service.ts';
import { createWorkOrder, getWorkOrder, listWorkOrders } from './work-orders.service.ts';
import { exportWorkOrdersCsv } from './work-orders-csv.ts';

const ZIdParams = z.object({ id: z.uuid('Not an id') });

export const workOrdersRoutes = tenantRoutes({ feature: 'build' }, (r) => {
  const tags = ['build'];
  const appUrl = r.config.appUrl;

  r.get(
    '/api/v1/work-orders',
    {
      config: { rules: ['dueTo is not before dueFrom'] },
      schema: {
        summary: 'A page of work orders, newest first, by status, assembly, due dates, number or part',
        tags,
        querystring: ZWorkOrderListQuerySchema,
        response: { 200: ZWorkOrderPageSchema },
      },
    },
    async (request) => listWorkOrders(tenantOf(request), request.query),
  );
  r.get(
    '/api/v1/work-orders/export.csv',
    {
      config: { errors: ['BAD_REQUEST'], rules: ['dueTo is not before dueFrom'] },
      schema: {
        summary: 'The work order list with the same filters, every row, as a CSV file (at most 20,000)',
        tags,
        querystring: ZWorkOrderFilterSchema,
        response: { 200: fileResponse('A CSV file (UTF-8)', ['text/csv']) },
      },
    },
    async (request, reply) => sendCsv(reply, await exportWorkOrdersCsv(tenantOf(request), request.query)),
  );
  r.post(
    '/api/v1/work-orders',
    {
      config: {
        errors: ['NOT_FOUND', 'CONFLICT', 'BAD_REQUEST'],
        rules: [
          'the assembly has a released revision (the work order keeps it)',
          'an order line is of an open or in-progress order, for the same assembly',
        ],
      },
      schema: {
        summary:
          'Makes a planned work order from the assembly’s current released revision, alone or from an order line',
        tags,
        body: ZWorkOrderCreateSchema,
        response: { 201: ZWorkOrderDetailSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createWorkOrder(tenantOf(request), request.body)),
  );
  r.get(
    '/api/v1/work-orders/proposal',
    {
      config: {
        errors: ['NOT_FOUND', 'CONFLICT', 'BAD_REQUEST'],
        rules: [
          'the checks of POST /api/v1/work-orders/tree; reads only',
          'a sub-assembly is proposed when its available stock, less what the tree already takes, does not cover it',
        ],
      },
      schema: {
        summary:
          'The tree of work orders building an assembly needs: it and each sub-assembly stock does not cover, every level',
        tags,
        querystring: ZWorkOrderProposalQuerySchema,
        response: { 200: ZWorkOrderProposalSchema },
      },
    },
    async (request) => proposeWorkOrders(tenantOf(request), request.query),
  );
  r.post(
    '/api/v1/work-orders/tree',
    {
      config: {
        errors: ['NOT_FOUND', 'CONFLICT', 'BAD_REQUEST'],
        rules: [
          'the assembly has a released revision; an order line is of an open or in-progress order, for the same assembly',
          'a parent work order is open, uses the assembly and is due no earlier than its child',
          'one transaction: every work order of the tree or none',
        ],
      },
      schema: {
        summary:
          'Makes the proposed tree of planned work orders, each sub-assembly’s linked to the one that needs it',
        tags,
        body: ZWorkOrderTreeCreateSchema,
        response: { 201: ZWorkOrderTreeSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createWorkOrderTree(tenantOf(request), request.body)),
  );
  r.get(
    '/api/v1/work-orders/:id',
    {
      schema: {
        summary: 'A work order: its revision, components (required, reserved, consumed, available) and steps',
        tags,
        params: ZIdParams,
        response: { 200: ZWorkOrderDetailSchema },
      },
    },
    async (request) => getWorkOrder(tenantOf(request), request.params.id),
  );
  r.post(
    '/api/v1/work-orders/:id/status',
    {
      config: {
        errors: ['NOT_FOUND', 'CONFLICT', 'INVALID_TRANSITION'],
        rules: [
          'only the moves of WORK_ORDER_TRANSITIONS (common/work-order-status.ts)',
          'releasing reserves the components and is refused when available stock is short',
        ],
      },
      schema: {
        summary:
          'Moves a work order: release (reserves its components), back to planned, start, pause, complete, cancel',
        tags,
        params: ZIdParams,
        body: ZWorkOrderMoveSchema,
        response: { 200: ZWorkOrderDetailSchema },
      },
    },
    async (request) => moveWorkOrder(tenantOf(request), request.params.id, request.body.status),
  );
  r.get(
    '/api/v1/work-orders/:id/traveller.pdf',
    {
      schema: {
        summary:
          'The printed traveller: QR code, number, assembly, quantity, due date, components and steps (PDF)',
        tags,
        params: ZIdParams,
        response: { 200: fileResponse('The traveller, a PDF', ['application/pdf']) },
      },
    },
    async (request, reply) => {
      const file = await travellerPdf(tenantOf(request), appUrl, request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(file.body));
    },
  );
});
