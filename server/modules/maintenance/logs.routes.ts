// The maintenance logs (issue 22): everyone in the company reads them, as they read the machines and the work they
// sum (PRODUCT.md: technicians and planners look back at what was done). The Maintenance area must be on. "Now" is the
// app clock's (server/clock.ts), so the figures and the tests agree on which PMs are still inside their window.
import {
  ZMaintenanceLogFilterSchema,
  ZMaintenanceLogPageSchema,
  ZMaintenanceLogQuerySchema,
  ZMaintenanceReportQuerySchema,
  ZMaintenanceReportSchema,
} from '#common/schemas/maintenance-logs.ts';
import { fileResponse } from '../../plugins/api-errors.ts';
import { sendCsv } from '../../plugins/csv-reply.ts';
import { tenantOf, tenantRoutes } from '../../plugins/route-groups.ts';
import { listLogEntries, maintenanceReport } from './logs.service.ts';
import { exportLogsCsv } from './logs-csv.ts';

const RULES = ['to is not before from', 'at most ten years', 'the machine is the company’s'];

export const maintenanceLogsRoutes = tenantRoutes({ feature: 'maintenance' }, (r) => {
  const tags = ['maintenance'];
  r.get(
    '/api/v1/maintenance/logs',
    {
      config: { errors: ['BAD_REQUEST', 'NOT_FOUND'], rules: RULES },
      schema: {
        summary:
          'Completed PMs and resolved breakdowns in a period of the company’s days, newest first (a page)',
        tags,
        querystring: ZMaintenanceLogQuerySchema,
        response: { 200: ZMaintenanceLogPageSchema },
      },
    },
    async (request) => listLogEntries(tenantOf(request), request.query),
  );
  r.get(
    '/api/v1/maintenance/logs/export.csv',
    {
      config: { errors: ['BAD_REQUEST', 'NOT_FOUND'], rules: RULES },
      schema: {
        summary: 'The log entries of the same filters as a CSV file, every row (at most 20,000)',
        tags,
        querystring: ZMaintenanceLogFilterSchema,
        response: { 200: fileResponse('A CSV file (UTF-8)', ['text/csv']) },
      },
    },
    async (request, reply) =>
      sendCsv(reply, await exportLogsCsv(tenantOf(request), request.query, request.server.clock.now())),
  );
  r.get(
    '/api/v1/maintenance/logs/report',
    {
      config: { errors: ['BAD_REQUEST', 'NOT_FOUND'], rules: RULES },
      schema: {
        summary:
          'MTBF, MTTR, availability and PM compliance over a period: in total, per month, and per machine (a page)',
        tags,
        querystring: ZMaintenanceReportQuerySchema,
        response: { 200: ZMaintenanceReportSchema },
      },
    },
    async (request) => maintenanceReport(tenantOf(request), request.query, request.server.clock.now()),
  );
});
