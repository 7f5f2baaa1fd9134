// Maintenance on a job (decision 085): a repair (a breakdown) or a PM (an occurrence) charged to one of the shop's
// jobs. While it is open its job can be set, changed or cleared — never from under time already on it — and once it is
// done (resolved, completed) the job stays, since its parts were posted to it. Its parts' posting names the job, and
// time clocked or typed on it (time-rules.ts) must be on that job. Everything runs in the caller's tenant transaction.
import { sql } from 'drizzle-orm';
import { AppError } from '#common/errors.ts';
import { breakdownLabel } from '#common/schemas/breakdowns.ts';
import { jobNumberText } from '#common/schemas/jobs.ts';
import { MAINTENANCE_JOB_MESSAGES as M, type TChargedJob } from '#common/schemas/maintenance-job.ts';
import { queryRows, type TDb } from '../../db/client.ts';
import type { TTenant } from '../../db/tenant.ts';
import { recordAudit } from '../audit/audit.ts';
import { assertJobOpen } from '../jobs/job-guard.ts';
import type { TMaintenanceTarget } from './parts-issue.ts';

/** A repair or a PM as the job rules read it. */
export interface TTargetRow {
  id: string;
  /** "Breakdown 12", or the PM's plan title in quotes, for messages and the audit trail. */
  what: string;
  /** The plan, for a PM: its audit trail is the plan's. */
  planId: string | null;
  jobId: string | null;
  jobNumber: number | null;
  done: boolean;
}

const conflict = (field: string, message: string) => new AppError('CONFLICT', message, { [field]: message });

/**
 * The company's repair or PM `target`, its row locked (`update` to change its job, `share` to put time on it, so a
 * change of job and time on the old one never cross); null when it is not the company's.
 */
export async function lockTarget(
  tx: TDb,
  companyId: string,
  target: TMaintenanceTarget,
  lock: 'update' | 'share',
): Promise<TTargetRow | null> {
  const mode = lock === 'update' ? sql`for update of t` : sql`for share of t`;
  const [row] =
    'breakdownId' in target
      ? await queryRows<{
          id: string;
          number: number;
          job_id: string | null;
          job_number: number | null;
          status: string;
        }>(
          tx,
          sql`select t.id, t.number, t.job_id, j.number as job_number, t.status from breakdowns t
                left join jobs j on j.company_id = t.company_id and j.id = t.job_id
               where t.company_id = ${companyId} and t.id = ${target.breakdownId} ${mode}`,
        )
      : await queryRows<{
          id: string;
          title: string;
          plan_id: string;
          job_id: string | null;
          job_number: number | null;
          status: string;
        }>(
          tx,
          sql`select t.id, p.title, t.plan_id, t.job_id, j.number as job_number, t.status
                from maintenance_occurrences t
                join maintenance_plans p on p.company_id = t.company_id and p.id = t.plan_id
                left join jobs j on j.company_id = t.company_id and j.id = t.job_id
               where t.company_id = ${companyId} and t.id = ${target.occurrenceId} ${mode}`,
        );
  if (!row) return null;
  return {
    id: row.id,
    what: 'number' in row ? breakdownLabel(row.number) : `PM “${row.title}”`,
    planId: 'plan_id' in row ? row.plan_id : null,
    jobId: row.job_id,
    jobNumber: row.job_number === null ? null : Number(row.job_number),
    done: row.status !== 'open' && row.status !== 'reported' && row.status !== 'in_progress',
  };
}

/** The job as a repair's or a PM's page shows it; null for none. */
export async function chargedJob(tx: TDb, companyId: string, jobId: string | null): Promise<TChargedJob> {
  if (jobId === null) return null;
  const [row] = await queryRows<{ id: string; number: number; name: string }>(
    tx,
    sql`select id, number, name from jobs where company_id = ${companyId} and id = ${jobId}`,
  );
  return row ? { id: row.id, number: jobNumberText(Number(row.number)), name: row.name } : null;
}

const column = (target: TMaintenanceTarget) =>
  'breakdownId' in target
    ? sql`breakdown_id = ${target.breakdownId}`
    : sql`occurrence_id = ${target.occurrenceId}`;

/**
 * Charges the open repair or PM `target` to `jobId` (null: to none): 404 when it is not the company's, 409 naming
 * `field` when it is done or when time is already on its current job, the job's own 404 and 409 (closed, on hold)
 * from assertJobOpen. Audited on the breakdown, or on the PM's plan as its completion is.
 */
export async function chargeToJob(
  tx: TDb,
  tenant: TTenant,
  target: TMaintenanceTarget,
  jobId: string | null,
  field = 'jobId',
): Promise<void> {
  const { companyId } = tenant;
  const row = await lockTarget(tx, companyId, target, 'update');
  if (!row) {
    const message = 'breakdownId' in target ? M.breakdownNotFound : M.occurrenceNotFound;
    throw new AppError('NOT_FOUND', message);
  }
  if (row.jobId === jobId) return;
  if (row.done) throw conflict(field, M.done(row.what));
  const job = jobId ? await assertJobOpen(tx, companyId, jobId, { what: 'maintenance', field }) : null;
  if (row.jobId !== null) {
    const [time] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from time_entries where company_id = ${companyId} and ${column(target)}`,
    );
    if (Number(time?.n ?? 0) > 0) throw conflict(field, M.timeOnJob(row.what, jobNumberText(row.jobNumber!)));
  }
  const table = 'breakdownId' in target ? sql`breakdowns` : sql`maintenance_occurrences`;
  await tx.execute(
    sql`update ${table} set job_id = ${jobId} where company_id = ${companyId} and id = ${row.id}`,
  );
  const before = { job: row.jobNumber === null ? null : jobNumberText(row.jobNumber) };
  const after = { job: job ? jobNumberText(job.number) : null };
  await recordAudit(tx, companyId, tenant.actor, {
    entityType: 'breakdownId' in target ? 'breakdown' : 'maintenance-plan',
    entityId: row.planId ?? row.id,
    entityLabel: row.what,
    action: 'job-charged',
    before,
    after,
  });
}

/**
 * The job a repair's or a PM's parts are posted to, read as the caller is about to issue them: none, or the job, which
 * must still take stock issues (409 naming `jobId` when closed or on hold). No parts: nothing to check.
 */
export async function jobForParts(
  tx: TDb,
  companyId: string,
  target: TMaintenanceTarget,
  parts: number,
): Promise<string | null> {
  const row = await lockTarget(tx, companyId, target, 'update');
  if (!row?.jobId || parts === 0) return row?.jobId ?? null;
  await assertJobOpen(tx, companyId, row.jobId, { what: 'stock issues', field: 'jobId' });
  return row.jobId;
}
