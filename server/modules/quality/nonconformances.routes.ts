// Nonconformances (decisions 070, 073): the Quality area must be on. Anyone in the company reads, opens and writes up
// the investigation; an admin dispositions (it posts stock and may release a held lot, which by hand is an admin's
// too); anyone but the opener closes.
import { z } from 'zod';
import {
  ZNcDetailSchema,
  ZNcDispositionSchema,
  ZNcInvestigationSchema,
  ZNcListQuerySchema,
  ZNcOpenSchema,
  ZNcPageSchema,
} from '#common/schemas/nonconformances.ts';
import { tenantOf, tenantRoutes } from '../../plugins/route-groups.ts';
import { dispositionNonconformance } from './nc-dispositions.service.ts';
import {
  closeNonconformance,
  editNonconformance,
  getNonconformance,
  listNonconformances,
  openNonconformance,
} from './nonconformances.service.ts';

const ZIdParams = z.object({ id: z.uuid('Not an id') });

export const nonconformanceRoutes = tenantRoutes({ feature: 'quality' }, (r) => {
  const tags = ['quality'];

  r.get(
    '/api/v1/nonconformances',
    {
      config: { errors: ['BAD_REQUEST', 'NOT_FOUND'] },
      schema: {
        summary: "The company's nonconformances, newest first, filtered and searched",
        tags,
        querystring: ZNcListQuerySchema,
        response: { 200: ZNcPageSchema },
      },
    },
    async (request) => listNonconformances(tenantOf(request), request.query),
  );
  r.get(
    '/api/v1/nonconformances/:id',
    {
      config: { errors: ['NOT_FOUND'] },
      schema: {
        summary: 'A nonconformance with what it links to, its disposition and its history',
        tags,
        params: ZIdParams,
        response: { 200: ZNcDetailSchema },
      },
    },
    async (request) => getNonconformance(tenantOf(request), request.params.id),
  );
  r.post(
    '/api/v1/nonconformances',
    {
      config: { errors: ['BAD_REQUEST', 'NOT_FOUND', 'CONFLICT'] },
      schema: {
        summary: 'Opens a nonconformance by hand (anyone in the company)',
        tags,
        body: ZNcOpenSchema,
        response: { 201: ZNcDetailSchema },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return openNonconformance(tenantOf(request), request.body);
    },
  );
  r.patch(
    '/api/v1/nonconformances/:id',
    {
      config: { errors: ['BAD_REQUEST', 'NOT_FOUND', 'CONFLICT'] },
      schema: {
        summary: "Changes the investigation's text while the nonconformance is not closed",
        tags,
        params: ZIdParams,
        body: ZNcInvestigationSchema,
        response: { 200: ZNcDetailSchema },
      },
    },
    async (request) => editNonconformance(tenantOf(request), request.params.id, request.body),
  );
  r.post(
    '/api/v1/nonconformances/:id/disposition',
    {
      config: {
        role: 'admin',
        errors: ['BAD_REQUEST', 'NOT_FOUND', 'CONFLICT'],
        rules: [
          'scrap and return to supplier post through the ledger in the same transaction, allowed on a held lot',
          'a held lot whose whole held quantity is dispositioned is released',
        ],
      },
      schema: {
        summary: 'Dispositions a nonconformance: scrap, rework, use as is or return to supplier (admins)',
        tags,
        params: ZIdParams,
        body: ZNcDispositionSchema,
        response: { 200: ZNcDetailSchema },
      },
    },
    async (request) => dispositionNonconformance(tenantOf(request), request.params.id, request.body),
  );
  r.post(
    '/api/v1/nonconformances/:id/close',
    {
      config: {
        errors: ['NOT_FOUND', 'CONFLICT'],
        rules: ['closed by someone other than the person who opened it'],
      },
      schema: {
        summary: 'Closes a dispositioned nonconformance (anyone but its opener)',
        tags,
        params: ZIdParams,
        response: { 200: ZNcDetailSchema },
      },
    },
    async (request) => closeNonconformance(tenantOf(request), request.params.id),
  );
});
