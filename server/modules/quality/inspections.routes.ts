// Inspections (decision 072): everyone in the company starts, records and finishes them while the Quality area is
// on — the inspector at the bench is an operator as often as an admin. Thin: the services hold the rules.
import { z } from 'zod';
import {
  ZInspectionListQuerySchema,
  ZInspectionPageSchema,
  ZInspectionResultSchema,
  ZInspectionSchema,
  ZInspectionStartSchema,
  ZPlansInForceQuerySchema,
  ZPlansInForceSchema,
  ZResultInputSchema,
} from '#common/schemas/inspections.ts';
import { tenantOf, tenantRoutes } from '../../plugins/route-groups.ts';
import { correctiveActionRoutes } from './corrective-actions.routes.ts';
import { finishInspection } from './inspection-finish.service.ts';
import { plansInForceFor } from './inspection-plans-in-force.service.ts';
import { recordResult } from './inspection-results.service.ts';
import { getInspection, listInspections, startInspection } from './inspections.service.ts';

const ZIdParams = z.object({ id: z.uuid('Not an id') });

export const inspectionRoutes = tenantRoutes({ feature: 'quality' }, (r) => {
  const tags = ['quality'];

  r.get(
    '/api/v1/inspections',
    {
      schema: {
        summary: 'A page of inspections, newest first, by status, stage, item, lot or work order',
        tags,
        querystring: ZInspectionListQuerySchema,
        response: { 200: ZInspectionPageSchema },
      },
    },
    async (request) => listInspections(tenantOf(request), request.query),
  );
  r.get(
    '/api/v1/inspections/plans-in-force',
    {
      config: { errors: ['NOT_FOUND'] },
      schema: {
        summary: 'The plans a lot or work order can be inspected with now, and their open inspections',
        tags,
        querystring: ZPlansInForceQuerySchema,
        response: { 200: ZPlansInForceSchema },
      },
    },
    async (request) => plansInForceFor(tenantOf(request), request.query),
  );
  r.post(
    '/api/v1/inspections',
    {
      config: {
        errors: ['NOT_FOUND', 'CONFLICT', 'BAD_REQUEST'],
        rules: ['two inspectors starting the same inspection meet the same open one (200 instead of 201)'],
      },
      schema: {
        summary:
          'Starts the inspection of a lot, a work order’s step or its output (or returns the open one)',
        tags,
        body: ZInspectionStartSchema,
        response: { 200: ZInspectionSchema, 201: ZInspectionSchema },
      },
    },
    async (request, reply) => {
      const { inspection, created } = await startInspection(tenantOf(request), request.body);
      return reply.status(created ? 201 : 200).send(inspection);
    },
  );
  r.get(
    '/api/v1/inspections/:id',
    {
      config: { errors: ['NOT_FOUND'] },
      schema: {
        summary: 'An inspection with its plan version’s checks and the results so far',
        tags,
        params: ZIdParams,
        response: { 200: ZInspectionSchema },
      },
    },
    async (request) => getInspection(tenantOf(request), request.params.id),
  );
  r.post(
    '/api/v1/inspections/:id/results',
    {
      config: {
        errors: ['NOT_FOUND', 'CONFLICT', 'BAD_REQUEST'],
        rules: [
          'a result is recorded once: the same again answers 200 with it, a different one 409',
          'an out-of-limits measurement needs confirmed: true',
        ],
      },
      schema: {
        summary: 'Records one result: a check, a unit of the sample and a reading',
        tags,
        params: ZIdParams,
        body: ZResultInputSchema,
        response: { 200: ZInspectionResultSchema, 201: ZInspectionResultSchema },
      },
    },
    async (request, reply) => {
      const { result, created } = await recordResult(tenantOf(request), request.params.id, request.body);
      return reply.status(created ? 201 : 200).send(result);
    },
  );
  r.post(
    '/api/v1/inspections/:id/finish',
    {
      config: {
        errors: ['NOT_FOUND', 'CONFLICT'],
        rules: ['every check, unit and reading must be recorded; the details list what is missing'],
      },
      schema: {
        summary:
          'Finishes an inspection: judged, the lot released on a pass or kept held with a nonconformance',
        tags,
        params: ZIdParams,
        response: { 200: ZInspectionSchema },
      },
    },
    async (request) => finishInspection(tenantOf(request), request.params.id),
  );
  // What resumes inspection after the standard discontinued it (decision 077).
  correctiveActionRoutes(r);
});
