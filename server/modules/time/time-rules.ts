// The checks every change of time makes (decision 080): the job takes time, the step belongs to the job, the week is
// not approved, the entry in the way is named. The overlap itself is the database's rule (the exclusion constraint of
// migration 0053): the check here only finds the entry to name, and a refusal from the constraint (two requests at
// once) is turned into the same words by `overlapRefusal`.
import { normalizeDecimal } from '#common/decimal.ts';
import { AppError } from '#common/errors.ts';
import { jobNumberText } from '#common/schemas/jobs.ts';
import { MAINTENANCE_JOB_MESSAGES as JM } from '#common/schemas/maintenance-job.ts';
import { TIME_MESSAGES as M, type TTimeActivity, type TTimeEntry } from '#common/schemas/time.ts';
import { dateIn, startOfWeek } from '#common/time/calendar.ts';
import { formatCalendarDate, formatTime } from '#common/time/format.ts';
import { workOrderNumberText } from '#common/work-order-status.ts';
import type { TDb } from '../../db/client.ts';
import { sqlStateOf } from '../../db/errors.ts';
import { iso } from '../../db/instants.ts';
import type { TTenant } from '../../db/tenant.ts';
import { companyTimeZone } from '../companies/company-clock.ts';
import { assertJobOpen } from '../jobs/job-guard.ts';
import { lockTarget } from '../maintenance/maintenance-job.ts';
import * as repo from './time.repo.ts';

export const conflict = (message: string, field?: string) =>
  new AppError('CONFLICT', message, field ? { [field]: message } : undefined);

/** The job is the company's and open (404 / 409 naming `field`); share-locked until the transaction ends. */
export async function assertJobTakesTime(tx: TDb, companyId: string, jobId: string, field = 'jobId') {
  return assertJobOpen(tx, companyId, jobId, { what: 'time', field });
}

/** The step run is the company's (404) and, when its work order belongs to a job, to this job (409). */
export async function assertStepOfJob(tx: TDb, companyId: string, stepRunId: string, jobId: string) {
  const run = await repo.findStepRun(tx, companyId, stepRunId);
  if (!run) throw new AppError('NOT_FOUND', M.stepRunNotFound, { stepRunId: M.stepRunNotFound });
  if (run.job_id !== null && run.job_id !== jobId) throw conflict(M.stepRunOfOtherJob, 'stepRunId');
}

/** What an entry may be spent on besides its job: a step, or (decision 085) a repair or a PM. */
export interface TEntryTarget {
  stepRunId?: string | undefined;
  breakdownId?: string | undefined;
  occurrenceId?: string | undefined;
  /** null: an edit clearing the activity, refused for a repair's or a PM's time. */
  activity?: TTimeActivity | null | undefined;
}

/**
 * The repair or PM an entry names (decision 085), checked against its job: one target at most (400), the activity
 * maintenance (400 naming activity), the company's repair or PM (404) charged to this very job (409), and, to clock in
 * on it, not done yet (409) — time on a finished repair is typed. Share-locks it, so its job cannot change meanwhile.
 * Returns the activity to store: maintenance when it names one, else what was asked.
 */
export async function assertMaintenanceOfJob(
  tx: TDb,
  companyId: string,
  input: TEntryTarget,
  jobId: string,
  clocking: boolean,
): Promise<TTimeActivity | null> {
  const field = input.breakdownId ? 'breakdownId' : input.occurrenceId ? 'occurrenceId' : null;
  if (field === null) return input.activity ?? null;
  const bad = (at: string, message: string) => new AppError('BAD_REQUEST', message, { [at]: message });
  if ([input.stepRunId, input.breakdownId, input.occurrenceId].filter(Boolean).length > 1)
    throw bad(field, JM.oneTarget);
  if (input.activity !== undefined && input.activity !== 'maintenance')
    throw bad('activity', JM.maintenanceOnly);
  const target = input.breakdownId
    ? { breakdownId: input.breakdownId }
    : { occurrenceId: input.occurrenceId! };
  const row = await lockTarget(tx, companyId, target, 'share');
  if (!row) {
    const message = input.breakdownId ? JM.breakdownNotFound : JM.occurrenceNotFound;
    throw new AppError('NOT_FOUND', message, { [field]: message });
  }
  if (row.jobId !== jobId)
    throw conflict(
      row.jobId ? JM.otherJob(row.what, jobNumberText(row.jobNumber!)) : JM.noJob(row.what),
      field,
    );
  if (clocking && row.done) throw conflict(JM.doneNoClock(row.what), field);
  return 'maintenance';
}

/** The company's person (404 naming `field`). */
export async function personOf(tx: TDb, companyId: string, userId: string, field = 'userId') {
  const person = await repo.findPerson(tx, companyId, userId);
  if (!person) throw new AppError('NOT_FOUND', M.userNotFound, { [field]: M.userNotFound });
  return person;
}

/** The Monday of the company's week that `instant` falls in. */
export const weekOf = (instant: Date | string, timeZone: string) => startOfWeek(dateIn(instant, timeZone));

/**
 * Refuses (409) when any of `instants` falls in a week an admin approved for the person. Holds each week (shared)
 * until the transaction ends, so an approval of it waits for this change and then sees it.
 */
export async function assertWeeksOpen(
  tx: TDb,
  companyId: string,
  userId: string,
  timeZone: string,
  instants: (Date | string)[],
): Promise<void> {
  // Sorted, so two changes that touch the same weeks take their locks in one order.
  for (const week of [...new Set(instants.map((at) => weekOf(at, timeZone)))].sort()) {
    await repo.lockWeek(tx, companyId, userId, week, 'share');
    if (await repo.weekApproval(tx, companyId, userId, week)) {
      throw conflict(M.weekApproved(formatCalendarDate(week)));
    }
  }
}

/** "Overlaps 8:00 AM–10:30 AM on JOB-000003": the entry in the way, on the company's clock, as the screens write it. */
export function overlapText(entry: repo.TEntryView, timeZone: string): string {
  return M.overlaps(
    formatTime(entry.started_at, timeZone),
    entry.ended_at === null ? null : formatTime(entry.ended_at, timeZone),
    jobNumberText(entry.job_number),
  );
}

/** Refuses (409 naming `field`) when another of the person's entries overlaps [from, to). */
export async function assertNoOverlap(
  tx: TDb,
  companyId: string,
  userId: string,
  timeZone: string,
  span: { from: Date; to: Date | null; exceptId?: string },
  field = 'startedAt',
): Promise<void> {
  const other = await repo.overlapping(tx, companyId, userId, span.from, span.to, span.exceptId ?? null);
  if (other) throw conflict(overlapText(other, timeZone), field);
}

/**
 * True for the database's refusal of an overlap (23P01, the exclusion constraint) or of a second running clock
 * (23505: the only unique key of time_entries a change can meet is time_entries_running_key).
 */
export function isOverlapViolation(error: unknown): boolean {
  const state = sqlStateOf(error);
  return state === '23P01' || state === '23505';
}

/**
 * Runs `change` in a tenant transaction; when the database refuses it as an overlap (the other of two requests at
 * once committed first), answers the same 409 as the check would have, naming the entry that won.
 */
export async function withOverlapRefusal<T>(
  tenant: TTenant,
  userId: string,
  span: { from: Date; to: Date | null; exceptId?: string },
  change: () => Promise<T>,
  field = 'startedAt',
): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (!isOverlapViolation(error)) throw error;
    throw await tenant.run(async (tx) => {
      const zone = await companyTimeZone(tx, tenant.companyId);
      const other = await repo.overlapping(tx, tenant.companyId, userId, span.from, span.to, span.exceptId);
      return conflict(other ? overlapText(other, zone) : M.notRunning, field);
    });
  }
}

/** Seconds between two instants (a running entry counts to `now`). */
export function secondsOf(from: Date | string, to: Date | string): number {
  return Math.max(0, Math.round((new Date(to).getTime() - new Date(from).getTime()) / 1000));
}

/** The entry as the API answers it. */
export function toTimeEntry(row: repo.TEntryView, locked: boolean): TTimeEntry {
  const step =
    row.step_run_id !== null && row.work_order_number !== null
      ? `${workOrderNumberText(row.work_order_number)} · ${row.step_position}. ${row.step_title}`
      : null;
  return {
    id: row.id,
    userId: row.user_id,
    userName: `${row.first_name} ${row.last_name}`.trim(),
    jobId: row.job_id,
    jobNumber: jobNumberText(row.job_number),
    jobName: row.job_name,
    stepRunId: row.step_run_id,
    stepLabel: step,
    breakdownId: row.breakdown_id,
    occurrenceId: row.occurrence_id,
    activity: row.activity as TTimeEntry['activity'],
    startedAt: iso(row.started_at),
    endedAt: row.ended_at === null ? null : iso(row.ended_at),
    source: row.source as TTimeEntry['source'],
    reason: row.reason,
    rate: normalizeDecimal(row.rate),
    cost: row.cost === null ? null : normalizeDecimal(row.cost),
    locked,
  };
}
