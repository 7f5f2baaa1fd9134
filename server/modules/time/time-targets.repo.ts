// Queries of what the clock can name besides a job (decision 082): the steps under way on a job's work orders, and a
// work order's job with the step running on it. Inside the tenant's transaction; company_id in every where.
import { sql } from 'drizzle-orm';
import { MAX_CLOCK_STEPS } from '#common/schemas/time-targets.ts';
import { queryRows, type TDb } from '../../db/client.ts';

/** A step run as the clock names it. */
export interface TStepRunRow {
  id: string;
  work_order_id: string;
  work_order_number: number;
  position: number;
  title: string;
  status: string;
  started_at: string | Date;
}

const stepSelect = sql`
  select r.id, r.work_order_id, wo.number as work_order_number, s.position, s.title, r.status, r.started_at
    from work_order_step_runs r
    join work_orders wo on wo.company_id = r.company_id and wo.id = r.work_order_id
    join assembly_steps s on s.company_id = r.company_id and s.id = r.step_id`;

/** The job's steps started and not finished, by work order and position (at most MAX_CLOCK_STEPS). */
export function stepsUnderWay(tx: TDb, companyId: string, jobId: string): Promise<TStepRunRow[]> {
  return queryRows<TStepRunRow>(
    tx,
    sql`${stepSelect}
       where r.company_id = ${companyId} and wo.job_id = ${jobId} and r.status <> 'finished'
       order by wo.number, s.position
       limit ${MAX_CLOCK_STEPS}`,
  );
}

/**
 * The step running on the work order (steps run in order, so at most one; the latest started should that change),
 * or null: a paused step is not under anyone's hands.
 */
export async function runningStepOf(
  tx: TDb,
  companyId: string,
  workOrderId: string,
): Promise<TStepRunRow | null> {
  const [row] = await queryRows<TStepRunRow>(
    tx,
    sql`${stepSelect}
       where r.company_id = ${companyId} and r.work_order_id = ${workOrderId} and r.status = 'running'
       order by r.started_at desc
       limit 1`,
  );
  return row ?? null;
}

/** The work order with its job (the job's columns null when it belongs to none), or null when not the company's. */
export async function workOrderWithJob(
  tx: TDb,
  companyId: string,
  workOrderId: string,
): Promise<{
  id: string;
  number: number;
  job_id: string | null;
  job_number: number | null;
  job_name: string | null;
  job_status: string | null;
} | null> {
  const [row] = await queryRows<{
    id: string;
    number: number;
    job_id: string | null;
    job_number: number | null;
    job_name: string | null;
    job_status: string | null;
  }>(
    tx,
    sql`select wo.id, wo.number, j.id as job_id, j.number as job_number, j.name as job_name, j.status as job_status
          from work_orders wo
          left join jobs j on j.company_id = wo.company_id and j.id = wo.job_id
         where wo.company_id = ${companyId} and wo.id = ${workOrderId}`,
  );
  return row ?? null;
}
