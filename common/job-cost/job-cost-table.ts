// The job cost report's table as text (decision 084): one function gives the header and each row's cells, and both
// the screen's table and the server's CSV write them, so the file says exactly what the screen says — the same
// figures with the same rounding (the server's), "—" where there is no budget to compare with.
import type { TJobCostFigures, TJobCostRow } from '../schemas/job-cost.ts';
import { JOB_STATUS_LABELS, jobNumberText } from '../schemas/jobs.ts';

/** What a figure without a budget reads. */
export const NO_BUDGET = '—';
/** The job column of the totals' row. */
export const ALL_JOBS = 'All jobs';

export const JOB_COST_HEADER = [
  'Job',
  'Name',
  'Customer',
  'Status',
  'Labor hours',
  'Labor cost',
  'Material issued',
  'Material consumed',
  'Maintenance parts',
  'Total cost',
  'Budget hours',
  'Hours used',
  'Budget cost',
  'Cost variance',
  'Cost used',
] as const;

const percent = (value: string | null) => (value === null ? NO_BUDGET : `${value}%`);
const orNone = (value: string | null) => value ?? NO_BUDGET;

/** The figures' cells, from "Labor hours" to "Cost used". */
export function figureCells(f: TJobCostFigures): string[] {
  return [
    f.laborHours,
    f.laborCost,
    f.materialIssued,
    f.materialConsumed,
    f.maintenanceParts,
    f.totalCost,
    orNone(f.budgetHours),
    percent(f.hoursPercentUsed),
    orNone(f.budgetCost),
    orNone(f.costVariance),
    percent(f.costPercentUsed),
  ];
}

/** One job's row, every column. */
export function jobCostCells(row: TJobCostRow): string[] {
  return [
    jobNumberText(row.number),
    row.name,
    row.customer,
    JOB_STATUS_LABELS[row.status],
    ...figureCells(row),
  ];
}

/** The totals' row over every job of the report. */
export function totalCells(totals: TJobCostFigures): string[] {
  return [ALL_JOBS, '', '', '', ...figureCells(totals)];
}
