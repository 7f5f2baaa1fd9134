// Borrowing: any signed-in user lends and takes back; the Inventory area must be on and the company must allow
// borrowing (Admin → Config), else every route answers 403.
import { z } from 'zod';
import {
  ZBorrowerListQuerySchema,
  ZBorrowerPageSchema,
  ZBorrowInputSchema,
  ZBorrowingDetailSchema,
  ZBorrowingListQuerySchema,
  ZBorrowingPageSchema,
  ZReturnInputSchema,
} from '#common/schemas/borrowing.ts';
import { tenantOf, tenantRoutes } from '../../plugins/route-groups.ts';
import { listBorrowers } from './borrowers.ts';
import { assertBorrowingAllowed, borrow, returnBorrowing } from './borrowing.service.ts';
import { getBorrowing, listBorrowings } from './borrowing-views.ts';

const ZIdParams = z.object({ id: z.uuid('Not an id') });

export const borrowingRoutes = tenantRoutes({ feature: 'inventory' }, (r) => {
  // After the group's own checks (role, area), so it has the tenant.
  r.addHook('preHandler', async (request) => assertBorrowingAllowed(tenantOf(request)));
  const tags = ['inventory'];

  r.post(
    '/api/v1/borrowings',
    {
      config: { errors: ['BAD_REQUEST', 'CONFLICT', 'NOT_FOUND', 'IDEMPOTENCY_KEY_REUSED'] },
      schema: {
        summary:
          'Lends stock to a person or a job until a due date (a borrow posting); a retry with the same key returns the first borrowing',
        tags,
        body: ZBorrowInputSchema,
        response: { 201: ZBorrowingDetailSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await borrow(tenantOf(request), request.body)),
  );

  r.post(
    '/api/v1/borrowings/:id/returns',
    {
      config: { errors: ['BAD_REQUEST', 'CONFLICT', 'IDEMPOTENCY_KEY_REUSED'] },
      schema: {
        summary:
          'Takes back all or part of a borrowing (a return posting, to the source location unless told); never more than is out',
        tags,
        params: ZIdParams,
        body: ZReturnInputSchema,
        response: { 201: ZBorrowingDetailSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await returnBorrowing(tenantOf(request), request.params.id, request.body)),
  );

  r.get(
    '/api/v1/borrowings',
    {
      schema: {
        summary: 'A page of borrowings: out, overdue, returned or all; search by item, lot, person or job',
        tags,
        querystring: ZBorrowingListQuerySchema,
        response: { 200: ZBorrowingPageSchema },
      },
    },
    async (request) => listBorrowings(tenantOf(request), request.query),
  );

  r.get(
    '/api/v1/borrowings/borrowers',
    {
      schema: {
        summary: "A page of the company's active people to lend to (ids and names only)",
        tags,
        querystring: ZBorrowerListQuerySchema,
        response: { 200: ZBorrowerPageSchema },
      },
    },
    async (request) => listBorrowers(tenantOf(request), request.query),
  );

  r.get(
    '/api/v1/borrowings/:id',
    {
      schema: {
        summary: 'One borrowing with its returns',
        tags,
        params: ZIdParams,
        response: { 200: ZBorrowingDetailSchema },
      },
    },
    async (request) => getBorrowing(tenantOf(request), request.params.id),
  );
});
