// What the /time screen offers to clock in to (decision 082): a job's work-order steps under way (the clock-in form's
// step choice), and a scanned work order's job with the step running on it (clock in by scanning a work-order label).
import { AppError } from '#common/errors.ts';
import { JOB_MESSAGES, jobNumberText, type TJobStatus } from '#common/schemas/jobs.ts';
import type { TClockStep, TClockSteps, TWorkOrderClockTarget } from '#common/schemas/time-targets.ts';
import { WORK_ORDER_MESSAGES } from '#common/schemas/work-orders.ts';
import { workOrderNumberText } from '#common/work-order-status.ts';
import type { TTenant } from '../../db/tenant.ts';
import { jobStatus } from './time.repo.ts';
import * as repo from './time-targets.repo.ts';

function toStep(row: repo.TStepRunRow): TClockStep {
  return {
    stepRunId: row.id,
    workOrderId: row.work_order_id,
    label: `${workOrderNumberText(row.work_order_number)} · ${row.position}. ${row.title}`,
    status: row.status as TClockStep['status'],
    startedAt: new Date(row.started_at).toISOString(),
  };
}

/** The job's steps under way; 404 when the job is not the company's. */
export async function stepsOfJob(tenant: TTenant, jobId: string): Promise<TClockSteps> {
  const { companyId } = tenant;
  return tenant.run(async (tx) => {
    if ((await jobStatus(tx, companyId, jobId)) === null) {
      throw new AppError('NOT_FOUND', JOB_MESSAGES.notFound, { id: JOB_MESSAGES.notFound });
    }
    return { steps: (await repo.stepsUnderWay(tx, companyId, jobId)).map(toStep) };
  });
}

/** The work order's job and the step running on it; 404 when not the company's. */
export async function workOrderTarget(tenant: TTenant, workOrderId: string): Promise<TWorkOrderClockTarget> {
  const { companyId } = tenant;
  return tenant.run(async (tx) => {
    const wo = await repo.workOrderWithJob(tx, companyId, workOrderId);
    if (!wo) {
      throw new AppError('NOT_FOUND', WORK_ORDER_MESSAGES.notFound, { id: WORK_ORDER_MESSAGES.notFound });
    }
    const step = wo.job_id ? await repo.runningStepOf(tx, companyId, workOrderId) : null;
    return {
      workOrderId: wo.id,
      workOrderNumber: workOrderNumberText(wo.number),
      job:
        wo.job_id === null
          ? null
          : {
              id: wo.job_id,
              numberText: jobNumberText(wo.job_number ?? 0),
              name: wo.job_name ?? '',
              status: wo.job_status as TJobStatus,
            },
      step: step ? toStep(step) : null,
    };
  });
}
