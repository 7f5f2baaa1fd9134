// Borrowing: any signed-in user lends and takes back; the Inventory area must be on and the company must allow
// borrowing (Admin → Config), else every route answers 403.
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
import { authOf, requireRole } from '../../plugins/auth.ts';
import { requireFeature } from '../../plugins/feature.ts';
import {
  assertBorrowingAllowed,
  borrow,
  getBorrowing,
  listBorrowers,
  listBorrowings,
  returnBorrowing,
} from './borrowing.service.ts';

const ZIdParams = z.object({ id: z.uuid('Not an id') });

export async function borrowingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const allowed: preHandlerAsyncHookHandler = async (request) =>
    assertBorrowingAllowed(db, authOf(request).companyId);
  const signedIn = [requireRole('user'), requireFeature(db, 'inventory'), allowed];
  const tags = ['inventory'];

  r.post(
    '/api/v1/borrowings',
    {
      preHandler: signedIn,
      schema: {
        summary:
          'Lends stock to a person or a job until a due date (a borrow posting); a retry with the same key returns the first borrowing',
        tags,
        body: ZBorrowInputSchema,
        response: { 201: ZBorrowingDetailSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await borrow(db, authOf(request), request.body)),
  );

  r.post(
    '/api/v1/borrowings/:id/returns',
    {
      preHandler: signedIn,
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
      reply.status(201).send(await returnBorrowing(db, authOf(request), request.params.id, request.body)),
  );

  r.get(
    '/api/v1/borrowings',
    {
      preHandler: signedIn,
      schema: {
        summary: 'A page of borrowings: out, overdue, returned or all; search by item, lot, person or job',
        tags,
        querystring: ZBorrowingListQuerySchema,
        response: { 200: ZBorrowingPageSchema },
      },
    },
    async (request) => listBorrowings(db, authOf(request), request.query),
  );

  r.get(
    '/api/v1/borrowings/borrowers',
    {
      preHandler: signedIn,
      schema: {
        summary: "A page of the company's active people to lend to (ids and names only)",
        tags,
        querystring: ZBorrowerListQuerySchema,
        response: { 200: ZBorrowerPageSchema },
      },
    },
    async (request) => listBorrowers(db, authOf(request), request.query),
  );

  r.get(
    '/api/v1/borrowings/:id',
    {
      preHandler: signedIn,
      schema: {
        summary: 'One borrowing with its returns',
        tags,
        params: ZIdParams,
        response: { 200: ZBorrowingDetailSchema },
      },
    },
    async (request) => getBorrowing(db, authOf(request), request.params.id),
  );
}
