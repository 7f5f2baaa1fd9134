// Breakdowns (decision 057): the Maintenance area must be on; everyone in the company reports, works and resolves them
// (technicians are the screen's users). Every instant is the app clock's (server/clock.ts).
import { z } from 'zod';
import {
  ZBreakdownDetailSchema,
  ZBreakdownFilterSchema,
  ZBreakdownListQuerySchema,
  ZBreakdownPageSchema,
  ZBreakdownReportedSchema,
  ZBreakdownReportSchema,
  ZBreakdownResolveSchema,
} from '#common/schemas/breakdowns.ts';
import { ZMaintenanceJobSchema } from '#common/schemas/maintenance-job.ts';
import { fileResponse } from '../../plugins/api-errors.ts';
import { sendCsv } from '../../plugins/csv-reply.ts';
import { tenantOf, tenantRoutes } from '../../plugins/route-groups.ts';
import {
  getBreakdown,
  listBreakdowns,
  reportBreakdown,
  resolveBreakdown,
  setBreakdownJob,
  startBreakdown,
} from './breakdowns.service.ts';
import { exportBreakdownsCsv } from './breakdowns-csv.ts';

const ZIdParams = z.object({ id: z.uuid('Not an id') });

export const breakdownsRoutes = tenantRoutes({ feature: 'maintenance' }, (r) => {
  const tags = ['maintenance'];

  r.get(
    '/api/v1/breakdowns',
    {
      config: { errors: ['NOT_FOUND'], rules: ['the machine filter names a machine of the company'] },
      schema: {
        summary:
          'A page of breakdowns, newest first, searched by number, problem or machine; by machine, status, priority',
        tags,
        querystring: ZBreakdownListQuerySchema,
        response: { 200: ZBreakdownPageSchema },
      },
    },
    async (request) => listBreakdowns(tenantOf(request), request.query),
  );
  r.get(
    '/api/v1/breakdowns/export.csv',
    {
      config: {
        errors: ['BAD_REQUEST', 'NOT_FOUND'],
        rules: ['the machine filter names a machine of the company'],
      },
      schema: {
        summary: 'The breakdown list with the same filters, every row, as a CSV file (at most 20,000)',
        tags,
        querystring: ZBreakdownFilterSchema,
        response: { 200: fileResponse('A CSV file (UTF-8)', ['text/csv']) },
      },
    },
    async (request, reply) =>
      sendCsv(reply, await exportBreakdownsCsv(tenantOf(request), request.query, request.server.clock.now())),
  );
  r.get(
    '/api/v1/breakdowns/:id',
    {
      schema: {
        summary: 'A breakdown with its cause, action, parts used and the machine status changes it made',
        tags,
        params: ZIdParams,
        response: { 200: ZBreakdownDetailSchema },
      },
    },
    async (request) => getBreakdown(tenantOf(request), request.params.id),
  );
  r.post(
    '/api/v1/breakdowns',
    {
      config: {
        errors: ['NOT_FOUND', 'BAD_REQUEST'],
        rules: ['the machine and the photo are the company’s', 'the photo is a picture'],
      },
      schema: {
        summary: 'Reports a breakdown: numbered, its machine goes down (a status event naming it)',
        tags,
        body: ZBreakdownReportSchema,
        response: { 201: ZBreakdownReportedSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await reportBreakdown(
            tenantOf(request),
            request.body,
            request.server.clock.now(),
            request.server.config.appUrl,
          ),
        ),
  );
  r.post(
    '/api/v1/breakdowns/:id/start',
    {
      config: { errors: ['NOT_FOUND', 'CONFLICT'], rules: ['only a reported breakdown starts'] },
      schema: {
        summary: 'Starts work on a breakdown: in progress, its machine in maintenance',
        tags,
        params: ZIdParams,
        response: { 200: ZBreakdownDetailSchema },
      },
    },
    async (request) => startBreakdown(tenantOf(request), request.params.id, request.server.clock.now()),
  );
  r.post(
    '/api/v1/breakdowns/:id/resolve',
    {
      config: {
        errors: ['NOT_FOUND', 'CONFLICT', 'BAD_REQUEST'],
        rules: [
          'a resolved breakdown is not resolved again',
          'the parts’ items, lots and locations are the company’s',
          'a lot-tracked part names its lot',
          'stock never goes below zero',
        ],
      },
      schema: {
        summary:
          'Resolves a breakdown with cause, action, repair time and the parts used (issued from stock); its machine back up',
        tags,
        params: ZIdParams,
        body: ZBreakdownResolveSchema,
        response: { 200: ZBreakdownDetailSchema },
      },
    },
    async (request) =>
      resolveBreakdown(tenantOf(request), request.params.id, request.body, request.server.clock.now()),
  );
  r.put(
    '/api/v1/breakdowns/:id/job',
    {
      config: {
        errors: ['NOT_FOUND', 'CONFLICT'],
        rules: [
          'the job is the company’s and open',
          'a resolved breakdown keeps its job',
          'the job does not change from under time already on it',
        ],
      },
      schema: {
        summary: 'Charges an open breakdown to a job (null: to none); its parts and time then land on it',
        tags,
        params: ZIdParams,
        body: ZMaintenanceJobSchema,
        response: { 200: ZBreakdownDetailSchema },
      },
    },
    async (request) => setBreakdownJob(tenantOf(request), request.params.id, request.body),
  );
});
