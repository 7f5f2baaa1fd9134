// QC Setup's inspection plans and their versions (decision 071): the Quality area must be on. Everyone reads (an
// inspector reads the plan the lot is judged by); admins create, edit drafts, release and switch plans off. No
// delete: inspections keep naming the version they used.
import { z } from 'zod';
import {
  ZPlanCreateSchema,
  ZPlanDetailSchema,
  ZPlanListQuerySchema,
  ZPlanPageSchema,
  ZPlanUpdateSchema,
  ZVersionSaveSchema,
  ZVersionSchema,
} from '#common/schemas/inspection-plans.ts';
import { tenantOf, tenantRoutes } from '../../plugins/route-groups.ts';
import { getVersion, releaseVersion, saveDraft } from './plan-versions.service.ts';
import { createPlan, getPlan, listPlans, openPlanDraft, updatePlan } from './plans.service.ts';

const ZIdParams = z.object({ id: z.uuid('Not an id') });

export const inspectionPlanRoutes = tenantRoutes({ feature: 'quality' }, (r) => {
  const tags = ['quality'];

  r.get(
    '/api/v1/inspection-plans',
    {
      schema: {
        summary: "A page of the company's inspection plans by item, stage and name; filtered and searched",
        tags,
        querystring: ZPlanListQuerySchema,
        response: { 200: ZPlanPageSchema },
      },
    },
    async (request) => listPlans(tenantOf(request), request.query),
  );
  r.get(
    '/api/v1/inspection-plans/:id',
    {
      config: { errors: ['NOT_FOUND'] },
      schema: {
        summary: 'An inspection plan with its versions, newest first',
        tags,
        params: ZIdParams,
        response: { 200: ZPlanDetailSchema },
      },
    },
    async (request) => getPlan(tenantOf(request), request.params.id),
  );
  r.post(
    '/api/v1/inspection-plans',
    {
      config: {
        role: 'admin',
        errors: ['BAD_REQUEST', 'NOT_FOUND', 'CONFLICT'],
        rules: [
          'one receipt and one final plan per item (409 naming stage)',
          'step plans only for assembly items, named uniquely per item (409 naming stage or name)',
        ],
      },
      schema: {
        summary: 'Creates an inspection plan with its draft version 1 (admins)',
        tags,
        body: ZPlanCreateSchema,
        response: { 201: ZPlanDetailSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await createPlan(tenantOf(request), request.body)),
  );
  r.put(
    '/api/v1/inspection-plans/:id',
    {
      config: { role: 'admin', errors: ['BAD_REQUEST', 'NOT_FOUND', 'CONFLICT'] },
      schema: {
        summary: 'Renames an inspection plan or switches it on or off (admins)',
        tags,
        params: ZIdParams,
        body: ZPlanUpdateSchema,
        response: { 200: ZPlanDetailSchema },
      },
    },
    async (request) => updatePlan(tenantOf(request), request.params.id, request.body),
  );
  r.post(
    '/api/v1/inspection-plans/:id/draft',
    {
      config: {
        role: 'admin',
        errors: ['NOT_FOUND', 'CONFLICT'],
        rules: ['copies the highest released version; refused while a draft exists'],
      },
      schema: {
        summary: 'Edit: a new draft version copied from the released one (admins)',
        tags,
        params: ZIdParams,
        response: { 201: ZPlanDetailSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await openPlanDraft(tenantOf(request), request.params.id)),
  );
  r.get(
    '/api/v1/inspection-plan-versions/:id',
    {
      config: { errors: ['NOT_FOUND'] },
      schema: {
        summary: 'A version of an inspection plan with its checks in order',
        tags,
        params: ZIdParams,
        response: { 200: ZVersionSchema },
      },
    },
    async (request) => getVersion(tenantOf(request), request.params.id),
  );
  r.put(
    '/api/v1/inspection-plan-versions/:id',
    {
      config: {
        role: 'admin',
        errors: ['BAD_REQUEST', 'NOT_FOUND', 'CONFLICT'],
        rules: ['a released version is frozen (409)', 'aql sampling only for receipt and final plans'],
      },
      schema: {
        summary: "Saves a draft version's sampling rule and checks, whole (admins)",
        tags,
        params: ZIdParams,
        body: ZVersionSaveSchema,
        response: { 200: ZVersionSchema },
      },
    },
    async (request) => saveDraft(tenantOf(request), request.params.id, request.body),
  );
  r.post(
    '/api/v1/inspection-plan-versions/:id/release',
    {
      config: { role: 'admin', errors: ['NOT_FOUND', 'CONFLICT'] },
      schema: {
        summary: 'Releases a draft version: it is in force for new inspections and frozen (admins)',
        tags,
        params: ZIdParams,
        response: { 200: ZVersionSchema },
      },
    },
    async (request) => releaseVersion(tenantOf(request), request.params.id),
  );
});
