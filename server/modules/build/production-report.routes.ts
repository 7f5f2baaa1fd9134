// The production report (decision 052): anyone in the company reads it, as they read the work orders it sums (the
// screen is not an admin screen: the lead on the floor asks how the week went). The Build area must be on.
import {
  ZProductionReportFilterSchema,
  ZProductionReportQuerySchema,
  ZProductionReportSchema,
} from '#common/schemas/production-report.ts';
import { fileResponse } from '../../plugins/api-errors.ts';
import { sendCsv } from '../../plugins/csv-reply.ts';
import { tenantOf, tenantRoutes } from '../../plugins/route-groups.ts';
import { productionReport } from './production-report.service.ts';
import { exportProductionReportCsv } from './production-report-csv.ts';

const RULES = [
  'to is not before from',
  'at most 366 days by day, ten years by week',
  'the assembly is the company’s',
];

export const productionReportRoutes = tenantRoutes({ feature: 'build' }, (r) => {
  const tags = ['build'];
  r.get(
    '/api/v1/production-report',
    {
      config: { errors: ['BAD_REQUEST'], rules: RULES },
      schema: {
        summary:
          'Work orders completed in a period of the company’s days: output, on time, scrap and minutes per unit, ' +
          'in total, per day or week, per assembly (a page) and scrap per reason',
        tags,
        querystring: ZProductionReportQuerySchema,
        response: { 200: ZProductionReportSchema },
      },
    },
    async (request) => productionReport(tenantOf(request), request.query),
  );
  r.get(
    '/api/v1/production-report/export.csv',
    {
      config: { errors: ['BAD_REQUEST'], rules: RULES },
      schema: {
        summary: 'The production report as a CSV file: each period, each assembly (every one) and the totals',
        tags,
        querystring: ZProductionReportFilterSchema,
        response: { 200: fileResponse('A CSV file (UTF-8)', ['text/csv']) },
      },
    },
    async (request, reply) =>
      sendCsv(reply, await exportProductionReportCsv(tenantOf(request), request.query)),
  );
});
