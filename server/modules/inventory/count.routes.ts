// Stock checks (count sessions). Anyone in the company reads counts and enters what they see; starting, cancelling
// and posting a count are for admins (docs/decisions/024). The Inventory area must be switched on.
import { z } from 'zod';
import {
  ZCountEntrySchema,
  ZCountLinePageSchema,
  ZCountLineSchema,
  ZCountLinesQuerySchema,
  ZCountListQuerySchema,
  ZCountSessionPageSchema,
  ZCountSessionSchema,
  ZDuplicateLineSchema,
  ZFoundLineSchema,
  ZPostCountResultSchema,
  ZStartCountSchema,
} from '#common/schemas/stock-check.ts';
import { tenantOf, tenantRoutes } from '../../plugins/route-groups.ts';
import { cancelCount, getCount, listCountLines, listCounts, startCount } from './count.service.ts';
import { addFoundLine, DuplicateLineError, recordCount } from './count-entry.service.ts';
import { postCount } from './count-post.service.ts';

const ZIdParams = z.object({ id: z.uuid('Not a count id') });
const ZLineParams = z.object({ id: z.uuid('Not a count id'), lineId: z.uuid('Not a line id') });
// A 409 of the found-line route is either the duplicate (with the line to go to) or another refusal's plain body.
const ZPlainErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fieldErrors: z.record(z.string(), z.string()).optional(),
  }),
});

export const countRoutes = tenantRoutes({ feature: 'inventory' }, (r) => {
  const tags = ['inventory'];

  r.post(
    '/api/v1/stock-checks',
    {
      config: {
        role: 'admin',
        errors: ['BAD_REQUEST', 'CONFLICT', 'NOT_FOUND'],
        rules: ['each item of itemIds once'],
      },
      schema: {
        summary:
          'Starts a count of a location (and everything under it) or of items; expected quantities frozen (admin)',
        tags,
        body: ZStartCountSchema,
        response: { 201: ZCountSessionSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await startCount(tenantOf(request), request.body)),
  );

  r.get(
    '/api/v1/stock-checks',
    {
      schema: {
        summary: 'A page of counts, newest first, with their progress',
        tags,
        querystring: ZCountListQuerySchema,
        response: { 200: ZCountSessionPageSchema },
      },
    },
    async (request) => listCounts(tenantOf(request), request.query),
  );

  r.get(
    '/api/v1/stock-checks/:id',
    {
      schema: {
        summary: 'One count with its progress',
        tags,
        params: ZIdParams,
        response: { 200: ZCountSessionSchema },
      },
    },
    async (request) => getCount(tenantOf(request), request.params.id),
  );

  r.get(
    '/api/v1/stock-checks/:id/lines',
    {
      schema: {
        summary:
          "A page of a count's lines; expected quantities are left out for non-admins while a blind count runs",
        tags,
        params: ZIdParams,
        querystring: ZCountLinesQuerySchema,
        response: { 200: ZCountLinePageSchema },
      },
    },
    async (request) => listCountLines(tenantOf(request), request.params.id, request.query),
  );

  r.put(
    '/api/v1/stock-checks/:id/lines/:lineId',
    {
      config: { errors: ['BAD_REQUEST', 'CONFLICT'] },
      schema: {
        summary:
          'Records what was counted on a line (a recount replaces it), beside the book quantity at that moment',
        tags,
        params: ZLineParams,
        body: ZCountEntrySchema,
        response: { 200: ZCountLineSchema },
      },
    },
    async (request) => recordCount(tenantOf(request), request.params.id, request.params.lineId, request.body),
  );

  r.post(
    '/api/v1/stock-checks/:id/lines',
    {
      config: { errors: ['BAD_REQUEST'] },
      schema: {
        summary:
          'Adds a line for stock found during the count (expected 0); 409 names a line that already has it',
        tags,
        params: ZIdParams,
        body: ZFoundLineSchema,
        response: { 201: ZCountLineSchema, 409: z.union([ZDuplicateLineSchema, ZPlainErrorSchema]) },
      },
    },
    async (request, reply) => {
      try {
        return reply.status(201).send(await addFoundLine(tenantOf(request), request.params.id, request.body));
      } catch (error) {
        if (!(error instanceof DuplicateLineError)) throw error;
        return reply.status(409).send({
          error: { code: error.code, message: error.message },
          existingLineId: error.existingLineId,
        });
      }
    },
  );

  r.post(
    '/api/v1/stock-checks/:id/post',
    {
      config: { role: 'admin', errors: ['CONFLICT'] },
      schema: {
        summary:
          'Posts the differences as one count transaction and closes the count; all or nothing (admin)',
        tags,
        params: ZIdParams,
        response: { 200: ZPostCountResultSchema },
      },
    },
    async (request) => postCount(tenantOf(request), request.params.id),
  );

  r.post(
    '/api/v1/stock-checks/:id/cancel',
    {
      config: { role: 'admin', errors: ['CONFLICT'] },
      schema: {
        summary: 'Cancels a count that is still counting; nothing is posted (admin)',
        tags,
        params: ZIdParams,
        response: { 200: ZCountSessionSchema },
      },
    },
    async (request) => cancelCount(tenantOf(request), request.params.id),
  );
});
