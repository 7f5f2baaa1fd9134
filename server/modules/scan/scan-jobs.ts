// Jobs on the scan screen (decision 083): a job's own label (a label code of kind 'job') or its number typed or
// printed as text (JOB-000042, job-42) resolves to the job, and a work order's result names the job it belongs to, so
// either card can clock in to it. Only while the Time area is on: with it off every job route refuses, and a job's
// code is not recognised, as a machine's is not with Maintenance off (decision 060).
import { featureFlagsOf } from '#common/label-config.ts';
import { jobNumberText, parseJobCode, type TJobStatus } from '#common/schemas/jobs.ts';
import type { TScanJob, TScanMatch, TScanResult } from '#common/schemas/scan.ts';
import type { TDb } from '../../db/client.ts';
import { findWorkOrder } from '../build/work-orders.repo.ts';
import { findLabelConfig } from '../companies/companies.repo.ts';
import { findJob, findJobByNumber, type TJobRow } from '../jobs/jobs.repo.ts';

async function timeAreaOn(tx: TDb, companyId: string): Promise<boolean> {
  const config = await findLabelConfig(tx, companyId);
  return config ? featureFlagsOf(config).time : false;
}

function scanJobOf(row: TJobRow): TScanJob {
  return {
    id: row.id,
    number: row.number,
    numberText: jobNumberText(row.number),
    name: row.name,
    customer: row.customer,
    status: row.status as TJobStatus,
  };
}

/** The job `id` of the company as a scan result, or null (unknown, another company's, or the Time area off). */
export async function resolveJob(
  tx: TDb,
  companyId: string,
  id: string,
  matchedBy: TScanMatch,
): Promise<TScanResult | null> {
  if (!(await timeAreaOn(tx, companyId))) return null;
  const row = await findJob(tx, companyId, id);
  return row ? { kind: 'job', matchedBy, job: scanJobOf(row) } : null;
}

/** Text that names a job by its number ("JOB-000042", "job-42"): that job of the company, or null. */
export async function resolveJobNumber(
  tx: TDb,
  companyId: string,
  text: string,
): Promise<TScanResult | null> {
  const number = parseJobCode(text);
  if (number === null || !(await timeAreaOn(tx, companyId))) return null;
  const row = await findJobByNumber(tx, companyId, number);
  return row ? { kind: 'job', matchedBy: 'job-number', job: scanJobOf(row) } : null;
}

/** The job a work order belongs to, for its scan result; null when it has none or the Time area is off. */
export async function jobOfWorkOrder(
  tx: TDb,
  companyId: string,
  workOrderId: string,
): Promise<TScanJob | null> {
  const workOrder = await findWorkOrder(tx, companyId, workOrderId);
  if (!workOrder?.jobId || !(await timeAreaOn(tx, companyId))) return null;
  const row = await findJob(tx, companyId, workOrder.jobId);
  return row ? scanJobOf(row) : null;
}
