// The Quality dashboard (decision 074): anyone in the company reads it, as they read the inspections it sums (the
// inspector and the lead ask what fails most). The Quality area must be on. Each table and the control chart have
// their CSV, written as the screen writes them.
import {
  ZControlChartQuerySchema,
  ZControlChartSchema,
  ZQualityCsvQuerySchema,
  ZQualityDashboardQuerySchema,
  ZQualityDashboardSchema,
} from '#common/schemas/quality-dashboard.ts';
import { fileResponse } from '../../plugins/api-errors.ts';
import { sendCsv } from '../../plugins/csv-reply.ts';
import { tenantOf, tenantRoutes } from '../../plugins/route-groups.ts';
import { controlChart } from './control-chart.service.ts';
import { qualityDashboard } from './dashboard.service.ts';
import { exportControlChartCsv, exportDashboardCsv } from './dashboard-csv.ts';

const RULES = [
  'to is not before from',
  'at most 366 days by day, ten years by week',
  'the item and the check are the company’s',
];
const csv = fileResponse('A CSV file (UTF-8)', ['text/csv']);

export const qualityDashboardRoutes = tenantRoutes({ feature: 'quality' }, (r) => {
  const tags = ['quality'];
  const config = { errors: ['BAD_REQUEST' as const, 'NOT_FOUND' as const], rules: RULES };
  r.get(
    '/api/v1/quality/dashboard',
    {
      config,
      schema: {
        summary:
          'Finished inspections and scrap of a period of the company’s days: defects by code (Pareto), first pass ' +
          'yield over time and per item, step and machine, RTY over an item’s steps, DPU, DPMO, measured checks',
        tags,
        querystring: ZQualityDashboardQuerySchema,
        response: { 200: ZQualityDashboardSchema },
      },
    },
    async (request) => qualityDashboard(tenantOf(request), request.query),
  );
  r.get(
    '/api/v1/quality/dashboard/export.csv',
    {
      config,
      schema: {
        summary: 'One table of the Quality dashboard as a CSV file, as the screen shows it',
        tags,
        querystring: ZQualityCsvQuerySchema,
        response: { 200: csv },
      },
    },
    async (request, reply) => sendCsv(reply, await exportDashboardCsv(tenantOf(request), request.query)),
  );
  r.get(
    '/api/v1/quality/dashboard/control-chart',
    {
      config,
      schema: {
        summary:
          'A measured check’s control chart in a period (X̄–R or I-MR), its Western Electric rule breaks and its ' +
          'capability (Cp, Cpk, Pp, Ppk) against the check’s limits',
        tags,
        querystring: ZControlChartQuerySchema,
        response: { 200: ZControlChartSchema },
      },
    },
    async (request) => controlChart(tenantOf(request), request.query),
  );
  r.get(
    '/api/v1/quality/dashboard/control-chart/export.csv',
    {
      config,
      schema: {
        summary: 'A measured check’s control chart points as a CSV file, as the screen shows them',
        tags,
        querystring: ZControlChartQuerySchema,
        response: { 200: csv },
      },
    },
    async (request, reply) => sendCsv(reply, await exportControlChartCsv(tenantOf(request), request.query)),
  );
});
