// Time tracking (decision 080): the Time area must be on. Everyone clocks their own time, types and corrects their own
// entries with a reason and reads their own week; admins change anyone's and approve a person's week. Every instant
// is the app clock's (server/clock.ts).
import { z } from 'zod';
import {
  ZApproveWeekSchema,
  ZClockInSchema,
  ZEntryDeleteSchema,
  ZEntryEditSchema,
  ZEntryIdParamsSchema,
  ZManualEntrySchema,
  ZReopenWeekSchema,
  ZRunningClockSchema,
  ZTimeEntrySchema,
  ZWeekQuerySchema,
  ZWeekSchema,
} from '#common/schemas/time.ts';
import { tenantOf, tenantRoutes } from '../../plugins/route-groups.ts';
import { clockIn, clockOut, runningClock, switchClock } from './time-clock.service.ts';
import { addManualEntry, deleteEntry, editEntry } from './time-entries.service.ts';
import { approveWeek, reopenWeek, weekOf } from './time-week.service.ts';

export const timeRoutes = tenantRoutes({ feature: 'time' }, (r) => {
  const tags = ['time'];

  r.get(
    '/api/v1/time/clock',
    {
      schema: {
        summary:
          'Your running clock, or null: it lives on the server, so it survives a reload and a closed tab',
        tags,
        response: { 200: ZRunningClockSchema },
      },
    },
    async (request) => runningClock(tenantOf(request)),
  );
  r.post(
    '/api/v1/time/clock-in',
    {
      config: { errors: ['NOT_FOUND', 'CONFLICT'] },
      schema: {
        summary: 'Clocks you in to a job (optionally a work-order step or an activity)',
        tags,
        body: ZClockInSchema,
        response: { 200: ZRunningClockSchema },
      },
    },
    async (request) => clockIn(tenantOf(request), request.body, request.server.clock.now()),
  );
  r.post(
    '/api/v1/time/switch',
    {
      config: { errors: ['NOT_FOUND', 'CONFLICT'] },
      schema: {
        summary: 'Stops your running clock and starts the next at the same instant, in one transaction',
        tags,
        body: ZClockInSchema,
        response: { 200: ZRunningClockSchema },
      },
    },
    async (request) => switchClock(tenantOf(request), request.body, request.server.clock.now()),
  );
  r.post(
    '/api/v1/time/clock-out',
    {
      config: { errors: ['CONFLICT'] },
      schema: {
        summary: 'Stops your running clock; the entry is costed at the rate in force when it started',
        tags,
        response: { 200: ZRunningClockSchema },
      },
    },
    async (request) => clockOut(tenantOf(request), request.server.clock.now()),
  );
  r.post(
    '/api/v1/time/entries',
    {
      config: { errors: ['BAD_REQUEST', 'NOT_FOUND', 'CONFLICT'] },
      schema: {
        summary: 'Adds time typed afterwards, with a reason: your own, or anyone’s (admins)',
        tags,
        body: ZManualEntrySchema,
        response: { 201: ZTimeEntrySchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await addManualEntry(tenantOf(request), request.body, request.server.clock.now())),
  );
  r.patch(
    '/api/v1/time/entries/:id',
    {
      config: { errors: ['BAD_REQUEST', 'NOT_FOUND', 'CONFLICT'] },
      schema: {
        summary:
          'Corrects an ended entry, with a reason: your own, or anyone’s (admins); not in an approved week',
        tags,
        params: ZEntryIdParamsSchema,
        body: ZEntryEditSchema,
        response: { 200: ZTimeEntrySchema },
      },
    },
    async (request) =>
      editEntry(tenantOf(request), request.params.id, request.body, request.server.clock.now()),
  );
  r.post(
    '/api/v1/time/entries/:id/delete',
    {
      config: { errors: ['NOT_FOUND', 'CONFLICT'] },
      schema: {
        summary: 'Deletes an entry, with a reason kept on the audit trail; not in an approved week',
        tags,
        params: ZEntryIdParamsSchema,
        body: ZEntryDeleteSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteEntry(tenantOf(request), request.params.id, request.body.reason);
      return reply.status(204).send(null);
    },
  );
  r.get(
    '/api/v1/time/week',
    {
      config: { errors: ['NOT_FOUND'] },
      schema: {
        summary: 'A person’s week in the company’s time zone with daily and weekly totals (others’: admins)',
        tags,
        querystring: ZWeekQuerySchema,
        response: { 200: ZWeekSchema },
      },
    },
    async (request) => weekOf(tenantOf(request), request.query, request.server.clock.now()),
  );
  r.post(
    '/api/v1/time/week/approve',
    {
      config: { role: 'admin', errors: ['NOT_FOUND', 'CONFLICT'] },
      schema: {
        summary:
          'Approves a person’s week (admins): its entries are locked; not a week still to come, nor one with their clock running',
        tags,
        body: ZApproveWeekSchema,
        response: { 200: ZWeekSchema },
      },
    },
    async (request) => approveWeek(tenantOf(request), request.body, request.server.clock.now()),
  );
  r.post(
    '/api/v1/time/week/reopen',
    {
      config: { role: 'admin', errors: ['BAD_REQUEST', 'NOT_FOUND', 'CONFLICT'] },
      schema: {
        summary: 'Opens a person’s approved week again, with a reason (admins): its entries can be changed',
        tags,
        body: ZReopenWeekSchema,
        response: { 200: ZWeekSchema },
      },
    },
    async (request) => reopenWeek(tenantOf(request), request.body, request.server.clock.now()),
  );
});
