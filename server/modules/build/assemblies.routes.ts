// Assembly setup (decision 044): assemblies, their revisions with BOM lines and steps, the cost roll-up and
// where-used. Reading is for everyone in the company (the shop floor reads revisions); changing is for admins. The
// Build area must be switched on.
import { z } from 'zod';
import {
  ZAssemblyCreateSchema,
  ZAssemblyDetailSchema,
  ZAssemblyListQuerySchema,
  ZAssemblyPageSchema,
  ZRevisionSaveSchema,
  ZRevisionSchema,
  ZRollUpSchema,
  ZWhereUsedSchema,
} from '#common/schemas/build.ts';
import { tenantOf, tenantRoutes } from '../../plugins/route-groups.ts';
import {
  createAssembly,
  getAssembly,
  getRevision,
  listAssemblies,
  openDraft,
  releaseRevision,
} from './assemblies.service.ts';
import { saveRevision } from './bom-edit.service.ts';
import { revisionCost, whereUsed } from './rollup.service.ts';

const ZIdParams = z.object({ id: z.uuid('Not an id') });

export const assembliesRoutes = tenantRoutes({ feature: 'build' }, (r) => {
  const tags = ['build'];

  r.get(
    '/api/v1/assemblies',
    {
      schema: {
        summary: 'A page of assemblies by part number, searched by part number or name',
        tags,
        querystring: ZAssemblyListQuerySchema,
        response: { 200: ZAssemblyPageSchema },
      },
    },
    async (request) => listAssemblies(tenantOf(request), request.query),
  );
  r.post(
    '/api/v1/assemblies',
    {
      config: { role: 'admin', errors: ['NOT_FOUND', 'CONFLICT'] },
      schema: {
        summary: 'Makes an item an assembly, with an empty draft revision 1 (admin)',
        tags,
        body: ZAssemblyCreateSchema,
        response: { 201: ZAssemblyDetailSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createAssembly(tenantOf(request), request.body)),
  );
  r.get(
    '/api/v1/assemblies/:id',
    {
      schema: {
        summary: 'An assembly: its item and its revision history, newest first',
        tags,
        params: ZIdParams,
        response: { 200: ZAssemblyDetailSchema },
      },
    },
    async (request) => getAssembly(tenantOf(request), request.params.id),
  );
  r.post(
    '/api/v1/assemblies/:id/draft',
    {
      config: { role: 'admin' },
      schema: {
        summary: 'The open draft revision, or a new one copied from the released revision (201) (admin)',
        tags,
        params: ZIdParams,
        response: { 200: ZRevisionSchema, 201: ZRevisionSchema },
      },
    },
    async (request, reply) => {
      const { revision, created } = await openDraft(tenantOf(request), request.params.id);
      return reply.status(created ? 201 : 200).send(revision);
    },
  );
  r.get(
    '/api/v1/assembly-revisions/:id',
    {
      schema: {
        summary: 'A revision with its BOM lines and process steps',
        tags,
        params: ZIdParams,
        response: { 200: ZRevisionSchema },
      },
    },
    async (request) => getRevision(tenantOf(request), request.params.id),
  );
  r.put(
    '/api/v1/assembly-revisions/:id',
    {
      config: {
        role: 'admin',
        errors: ['BAD_REQUEST', 'CONFLICT'],
        rules: ['components are the company’s items and make no loop through sub-assemblies'],
      },
      schema: {
        summary: "Saves a draft's BOM lines and steps, whole; a released revision is frozen (409) (admin)",
        tags,
        params: ZIdParams,
        body: ZRevisionSaveSchema,
        response: { 200: ZRevisionSchema },
      },
    },
    async (request) => saveRevision(tenantOf(request), request.params.id, request.body),
  );
  r.post(
    '/api/v1/assembly-revisions/:id/release',
    {
      config: { role: 'admin', errors: ['CONFLICT'] },
      schema: {
        summary: 'Releases a draft revision: it becomes current and frozen (admin)',
        tags,
        params: ZIdParams,
        response: { 200: ZRevisionSchema },
      },
    },
    async (request) => releaseRevision(tenantOf(request), request.params.id),
  );
  r.get(
    '/api/v1/assembly-revisions/:id/cost',
    {
      schema: {
        summary: 'Cost roll-up per unit: material through every level and standard labor',
        tags,
        params: ZIdParams,
        response: { 200: ZRollUpSchema },
      },
    },
    async (request) => revisionCost(tenantOf(request), request.params.id),
  );
  r.get(
    '/api/v1/items/:id/where-used',
    {
      schema: {
        summary: 'The assemblies that use an item, directly or through sub-assemblies',
        tags,
        params: ZIdParams,
        response: { 200: ZWhereUsedSchema },
      },
    },
    async (request) => whereUsed(tenantOf(request), request.params.id),
  );
});
