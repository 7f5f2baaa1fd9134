// Maintenance plans and their occurrences (decision 056): the Maintenance area must be on. Reading is everyone's in the
// company (technicians see what is due and complete it); adding, changing and switching plans are admins' (the
// Maintenance Plans screen is theirs); completing an occurrence is everyone's, as the work is a technician's.
// "Today" is the app clock's (server/clock.ts) in the company's zone.
import { z } from 'zod';
import { ZMaintenanceJobSchema } from '#common/schemas/maintenance-job.ts';
import {
  ZCompleteOccurrenceSchema,
  ZDueMaintenanceSchema,
  ZOccurrenceDetailSchema,
} from '#common/schemas/maintenance-occurrences.ts';
import {
  ZPeoplePageSchema,
  ZPeopleQuerySchema,
  ZPlanActiveInputSchema,
  ZPlanDetailSchema,
  ZPlanInputSchema,
  ZPlanListQuerySchema,
  ZPlanPageSchema,
} from '#common/schemas/maintenance-plans.ts';
import { tenantOf, tenantRoutes } from '../../plugins/route-groups.ts';
import {
  completeOccurrence,
  dueMaintenance,
  getOccurrence,
  setOccurrenceJob,
} from './occurrences.service.ts';
import { createPlan, setPlanActive, updatePlan } from './plans.service.ts';
import { getPlan, listPeople, listPlans } from './plans-read.ts';

const ZIdParams = z.object({ id: z.uuid('Not an id') });
const planRules = [
  'a calendar interval (every and its unit, together), a runtime interval (more than 0 hours), or both',
  'the machine is the company’s',
  'the assignee is an active person of the company',
];

export const maintenancePlansRoutes = tenantRoutes({ feature: 'maintenance' }, (r) => {
  const tags = ['maintenance'];

  r.get(
    '/api/v1/maintenance/plans',
    {
      config: { errors: ['NOT_FOUND'] },
      schema: {
        summary:
          'A page of maintenance plans by title, searched by title, machine name or asset tag; by machine, on/off',
        tags,
        querystring: ZPlanListQuerySchema,
        response: { 200: ZPlanPageSchema },
      },
    },
    async (request) => listPlans(tenantOf(request), request.query, request.server.clock.now()),
  );
  r.post(
    '/api/v1/maintenance/plans',
    {
      config: { role: 'admin', errors: ['NOT_FOUND'], rules: planRules },
      schema: {
        summary: 'Adds a plan and opens its first occurrence (admin)',
        tags,
        body: ZPlanInputSchema,
        response: { 201: ZPlanDetailSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createPlan(tenantOf(request), request.body, request.server.clock.now())),
  );
  r.get(
    '/api/v1/maintenance/plans/:id',
    {
      schema: {
        summary:
          'A plan with its open occurrence, its next five due dates and its latest completed and missed ones',
        tags,
        params: ZIdParams,
        response: { 200: ZPlanDetailSchema },
      },
    },
    async (request) => getPlan(tenantOf(request), request.params.id, request.server.clock.now()),
  );
  r.put(
    '/api/v1/maintenance/plans/:id',
    {
      config: {
        role: 'admin',
        errors: ['NOT_FOUND'],
        rules: [...planRules, 'a changed schedule re-dates the open occurrence'],
      },
      schema: {
        summary: 'Changes a plan’s fields, whole (admin)',
        tags,
        params: ZIdParams,
        body: ZPlanInputSchema,
        response: { 200: ZPlanDetailSchema },
      },
    },
    async (request) =>
      updatePlan(tenantOf(request), request.params.id, request.body, request.server.clock.now()),
  );
  r.post(
    '/api/v1/maintenance/plans/:id/active',
    {
      config: {
        role: 'admin',
        errors: ['NOT_FOUND', 'CONFLICT'],
        rules: [
          'the plan is not already on (or off)',
          'switching on moves a date passed while off to today or later',
        ],
      },
      schema: {
        summary: 'Switches a plan on or off; its open occurrence waits while it is off (admin)',
        tags,
        params: ZIdParams,
        body: ZPlanActiveInputSchema,
        response: { 200: ZPlanDetailSchema },
      },
    },
    async (request) =>
      setPlanActive(tenantOf(request), request.params.id, request.body.active, request.server.clock.now()),
  );
  r.get(
    '/api/v1/maintenance/people',
    {
      schema: {
        summary: 'A page of the company’s active people to assign a plan to (ids and names only)',
        tags,
        querystring: ZPeopleQuerySchema,
        response: { 200: ZPeoplePageSchema },
      },
    },
    async (request) => listPeople(tenantOf(request), request.query),
  );
  r.get(
    '/api/v1/maintenance/occurrences/:id',
    {
      schema: {
        summary: 'An occurrence of a plan, with its state today and what completing it needs',
        tags,
        params: ZIdParams,
        response: { 200: ZOccurrenceDetailSchema },
      },
    },
    async (request) => getOccurrence(tenantOf(request), request.params.id, request.server.clock.now()),
  );
  r.post(
    '/api/v1/maintenance/occurrences/:id/complete',
    {
      config: {
        errors: ['BAD_REQUEST', 'NOT_FOUND', 'CONFLICT'],
        rules: [
          'the occurrence is open and its plan switched on',
          'completed on is not after today',
          'a metered plan needs a reading, never below the machine’s latest',
        ],
      },
      schema: {
        summary:
          'Completes an open occurrence: records missed grid dates and opens the next, in one transaction',
        tags,
        params: ZIdParams,
        body: ZCompleteOccurrenceSchema,
        response: { 200: ZOccurrenceDetailSchema },
      },
    },
    async (request) =>
      completeOccurrence(tenantOf(request), request.params.id, request.body, request.server.clock.now()),
  );
  r.put(
    '/api/v1/maintenance/occurrences/:id/job',
    {
      config: {
        errors: ['NOT_FOUND', 'CONFLICT'],
        rules: [
          'the job is the company’s and open',
          'a completed PM keeps its job',
          'the job does not change from under time already on it',
        ],
      },
      schema: {
        summary: 'Charges an open PM to a job (null: to none); its parts and time then land on it',
        tags,
        params: ZIdParams,
        body: ZMaintenanceJobSchema,
        response: { 200: ZOccurrenceDetailSchema },
      },
    },
    async (request) =>
      setOccurrenceJob(tenantOf(request), request.params.id, request.body, request.server.clock.now()),
  );
  r.get(
    '/api/v1/machines/:id/due-maintenance',
    {
      schema: {
        summary: 'A machine’s open maintenance by due date, each scheduled, due soon, due or overdue',
        tags,
        params: ZIdParams,
        response: { 200: ZDueMaintenanceSchema },
      },
    },
    async (request) => dueMaintenance(tenantOf(request), request.params.id, request.server.clock.now()),
  );
});
