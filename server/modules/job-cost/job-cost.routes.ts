// The job cost report (decision 084): admins read it (what each job cost is the owner's and the office's figure, as
// the rates behind it are), with the Time area on. The list, its CSV, a job's figures with its chart, and the
// drill-down to people, work orders, time entries and ledger lines.

import {
  ZJobCostFilterSchema,
  ZJobCostJobQuerySchema,
  ZJobCostJobSchema,
  ZJobCostQuerySchema,
  ZJobCostReportSchema,
  ZJobIdParamsSchema,
} from '#common/schemas/job-cost.ts';
import {
  ZJobCostDrillQuerySchema,
  ZJobCostEntriesQuerySchema,
  ZJobCostEntriesSchema,
  ZJobCostLinesQuerySchema,
  ZJobCostLinesSchema,
  ZJobCostPeopleSchema,
  ZJobCostWorkOrdersSchema,
} from '#common/schemas/job-cost-drill.ts';
import { fileResponse } from '../../plugins/api-errors.ts';
import { sendCsv } from '../../plugins/csv-reply.ts';
import { tenantOf, tenantRoutes } from '../../plugins/route-groups.ts';
import { jobCostJob, jobCostReport } from './job-cost.service.ts';
import { exportJobCostCsv } from './job-cost-csv.ts';
import { jobCostEntries, jobCostLines, jobCostPeople, jobCostWorkOrders } from './job-cost-drill.service.ts';

const BASE = '/api/v1/job-cost-report';
const RULES = ['to is not before from'];

export const jobCostRoutes = tenantRoutes({ feature: 'time', role: 'admin' }, (r) => {
  const tags = ['time'];
  r.get(
    BASE,
    {
      config: { errors: ['BAD_REQUEST'], rules: RULES },
      schema: {
        summary:
          'Per job over a period of the company’s days: labor at each entry’s own cost, material issued and ' +
          'consumed at ledger cost, maintenance parts, and the total against budget (a page, sorted; admins)',
        tags,
        querystring: ZJobCostQuerySchema,
        response: { 200: ZJobCostReportSchema },
      },
    },
    async (request) => jobCostReport(tenantOf(request), request.query),
  );
  r.get(
    `${BASE}/export.csv`,
    {
      config: { errors: ['BAD_REQUEST'], rules: RULES },
      schema: {
        summary:
          'The job cost report as a CSV file: every job in the screen’s order, and the totals (admins)',
        tags,
        querystring: ZJobCostFilterSchema,
        response: { 200: fileResponse('A CSV file (UTF-8)', ['text/csv']) },
      },
    },
    async (request, reply) => sendCsv(reply, await exportJobCostCsv(tenantOf(request), request.query)),
  );
  r.get(
    `${BASE}/jobs/:jobId`,
    {
      config: {
        errors: ['BAD_REQUEST', 'NOT_FOUND'],
        rules: [...RULES, 'at most 366 days by day, ten years by week'],
      },
      schema: {
        summary:
          'One job’s figures over the period and its cost so far per day or week, against its budget (admins)',
        tags,
        params: ZJobIdParamsSchema,
        querystring: ZJobCostJobQuerySchema,
        response: { 200: ZJobCostJobSchema },
      },
    },
    async (request) => jobCostJob(tenantOf(request), request.params.jobId, request.query),
  );
  r.get(
    `${BASE}/jobs/:jobId/people`,
    {
      config: { errors: ['BAD_REQUEST', 'NOT_FOUND'], rules: RULES },
      schema: {
        summary: 'The people who spent time on the job in the period, most cost first (a page; admins)',
        tags,
        params: ZJobIdParamsSchema,
        querystring: ZJobCostDrillQuerySchema,
        response: { 200: ZJobCostPeopleSchema },
      },
    },
    async (request) => jobCostPeople(tenantOf(request), request.params.jobId, request.query),
  );
  r.get(
    `${BASE}/jobs/:jobId/work-orders`,
    {
      config: { errors: ['BAD_REQUEST', 'NOT_FOUND'], rules: RULES },
      schema: {
        summary:
          'The job’s work orders with the time on their steps and what they consumed in the period (admins)',
        tags,
        params: ZJobIdParamsSchema,
        querystring: ZJobCostDrillQuerySchema,
        response: { 200: ZJobCostWorkOrdersSchema },
      },
    },
    async (request) => jobCostWorkOrders(tenantOf(request), request.params.jobId, request.query),
  );
  r.get(
    `${BASE}/jobs/:jobId/entries`,
    {
      config: { errors: ['BAD_REQUEST', 'NOT_FOUND'], rules: RULES },
      schema: {
        summary:
          'The job’s time entries in the period, each at its own rate and cost; of a person or work order',
        tags,
        params: ZJobIdParamsSchema,
        querystring: ZJobCostEntriesQuerySchema,
        response: { 200: ZJobCostEntriesSchema },
      },
    },
    async (request) => jobCostEntries(tenantOf(request), request.params.jobId, request.query),
  );
  r.get(
    `${BASE}/jobs/:jobId/lines`,
    {
      config: { errors: ['BAD_REQUEST', 'NOT_FOUND'], rules: RULES },
      schema: {
        summary:
          'The ledger lines charged to the job in the period at ledger cost; of one work order (admins)',
        tags,
        params: ZJobIdParamsSchema,
        querystring: ZJobCostLinesQuerySchema,
        response: { 200: ZJobCostLinesSchema },
      },
    },
    async (request) => jobCostLines(tenantOf(request), request.params.jobId, request.query),
  );
});
