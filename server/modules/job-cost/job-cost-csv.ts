// The job cost report as a CSV file (decision 084): every job of the report in the screen's order and the totals,
// written with the screen's own cells (common/job-cost/job-cost-table.ts) through the kit's CSV writer, named by the
// company's day.
import { csvFile } from '#common/csv.ts';
import { AppError } from '#common/errors.ts';
import { JOB_COST_HEADER, jobCostCells, totalCells } from '#common/job-cost/job-cost-table.ts';
import type { TJobCostFilter } from '#common/schemas/job-cost.ts';
import type { TTenant } from '../../db/tenant.ts';
import { companyToday } from '../companies/company-clock.ts';
import { readJobCostList } from './job-cost.service.ts';

/** What one export may hold: more jobs than a job shop runs in decades. */
export const JOB_COST_CSV_MAX_JOBS = 20_000;

/** GET /api/v1/job-cost-report/export.csv */
export async function exportJobCostCsv(
  tenant: TTenant,
  filter: TJobCostFilter,
): Promise<{ fileName: string; csv: string }> {
  const { list, day } = await tenant.run(async (tx) => ({
    day: await companyToday(tx, tenant.companyId),
    list: await readJobCostList(tx, tenant, filter, { limit: JOB_COST_CSV_MAX_JOBS + 1, offset: 0 }),
  }));
  if (list.rows.length > JOB_COST_CSV_MAX_JOBS)
    throw new AppError(
      'BAD_REQUEST',
      `More than ${JOB_COST_CSV_MAX_JOBS.toLocaleString('en-US')} jobs are in this report: an export holds at most ` +
        'that many. Choose a shorter period and export again.',
    );
  return {
    fileName: `job-cost-report-${filter.from}-to-${filter.to}-${day}.csv`,
    csv: csvFile(JOB_COST_HEADER, [...list.rows.map(jobCostCells), totalCells(list.totals)]),
  };
}
