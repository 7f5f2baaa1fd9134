// Job Management (decisions 004, 079): the company's jobs. Everyone signed in may look a job up (to clock time to it
// or name it on an issue); only admins create, change, hold, close, reopen and link orders. The Time area must be on.
import { z } from 'zod';
import {
  ZJobCreateSchema,
  ZJobLinkOrderSchema,
  ZJobListQuerySchema,
  ZJobMoveSchema,
  ZJobPageSchema,
  ZJobSchema,
  ZJobUpdateSchema,
} from '#common/schemas/jobs.ts';
import { tenantOf, tenantRoutes } from '../../plugins/route-groups.ts';
import { createJob, getJob, linkOrder, listJobs, moveJob, unlinkOrder, updateJob } from './jobs.service.ts';

const ZIdParams = z.object({ id: z.uuid('Not an id') });
const ZOrderParams = z.object({ id: z.uuid('Not an id'), orderId: z.uuid('Not an order id') });

export const jobsRoutes = tenantRoutes({ feature: 'time' }, (r) => {
  const tags = ['time'];
  const admin = { role: 'admin' as const };

  r.get(
    '/api/v1/jobs',
    {
      schema: {
        summary: 'A page of jobs, newest first, searched by number, name or customer, filtered by status',
        tags,
        querystring: ZJobListQuerySchema,
        response: { 200: ZJobPageSchema },
      },
    },
    async (request) => listJobs(tenantOf(request), request.query),
  );
  r.post(
    '/api/v1/jobs',
    {
      config: { ...admin, errors: ['BAD_REQUEST'] },
      schema: {
        summary: 'A new open job with the next number (admins)',
        tags,
        body: ZJobCreateSchema,
        response: { 201: ZJobSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createJob(tenantOf(request), request.body)),
  );
  r.get(
    '/api/v1/jobs/:id',
    {
      schema: {
        summary: 'A job with its orders and work orders',
        tags,
        params: ZIdParams,
        response: { 200: ZJobSchema },
      },
    },
    async (request) => getJob(tenantOf(request), request.params.id),
  );
  r.patch(
    '/api/v1/jobs/:id',
    {
      config: { ...admin, errors: ['BAD_REQUEST'] },
      schema: {
        summary: "Changes a job's name, customer, budget or notes (admins; only the fields sent)",
        tags,
        params: ZIdParams,
        body: ZJobUpdateSchema,
        response: { 200: ZJobSchema },
      },
    },
    async (request) => updateJob(tenantOf(request), request.params.id, request.body),
  );
  r.post(
    '/api/v1/jobs/:id/status',
    {
      config: { ...admin, errors: ['INVALID_TRANSITION'] },
      schema: {
        summary: 'Holds, closes or reopens a job (admins); a closed job takes no new stock issues or time',
        tags,
        params: ZIdParams,
        body: ZJobMoveSchema,
        response: { 200: ZJobSchema },
      },
    },
    async (request) => moveJob(tenantOf(request), request.params.id, request.body.status),
  );
  r.post(
    '/api/v1/jobs/:id/orders',
    {
      config: { ...admin, errors: ['CONFLICT'] },
      schema: {
        summary:
          'Links an order to the job, with its work orders (admins); an order of another job is refused',
        tags,
        params: ZIdParams,
        body: ZJobLinkOrderSchema,
        response: { 200: ZJobSchema },
      },
    },
    async (request) => linkOrder(tenantOf(request), request.params.id, request.body.orderId),
  );
  r.delete(
    '/api/v1/jobs/:id/orders/:orderId',
    {
      config: { ...admin, errors: ['CONFLICT'] },
      schema: {
        summary: 'Unlinks an order, with its work orders, from the job (admins)',
        tags,
        params: ZOrderParams,
        response: { 200: ZJobSchema },
      },
    },
    async (request) => unlinkOrder(tenantOf(request), request.params.id, request.params.orderId),
  );
});
