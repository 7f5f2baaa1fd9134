// The clock (decision 080): one running clock per person, on the server, so it survives a reload, a closed tab and a
// restart. Clocking in, switching (the running entry stops and the next starts at the same instant, one transaction)
// and clocking out, each audited. The database refuses a second running clock or an overlap even for two requests
// at once; time-rules.ts turns that refusal into the words of the check.
import { jobNumberText } from '#common/schemas/jobs.ts';
import { TIME_MESSAGES as M, type TClockIn, type TRunningClock } from '#common/schemas/time.ts';
import { formatTime } from '#common/time/format.ts';
import type { TDb } from '../../db/client.ts';
import type { TTenant } from '../../db/tenant.ts';
import { recordAudit } from '../audit/audit.ts';
import { recostCompletedLabor } from '../build/work-order-cost.ts';
import { companyTimeZone } from '../companies/company-clock.ts';
import * as repo from './time.repo.ts';
import {
  assertJobTakesTime,
  assertMaintenanceOfJob,
  assertNoOverlap,
  assertStepOfJob,
  assertWeeksOpen,
  conflict,
  toTimeEntry,
  weekOf,
  withOverlapRefusal,
} from './time-rules.ts';

/** The caller's running clock, or null. */
export async function runningClock(tenant: TTenant): Promise<TRunningClock> {
  return tenant.run(async (tx) => ({ entry: await runningOf(tx, tenant.companyId, tenant.userId) }));
}

async function runningOf(tx: TDb, companyId: string, userId: string) {
  const running = await repo.lockRunning(tx, companyId, userId);
  if (!running) return null;
  const view = await repo.entryView(tx, companyId, running.id);
  return view ? toTimeEntry(view, false) : null;
}

interface TStart extends TClockIn {
  userId: string;
  source: TClockSource | 'floor';
}

/** Where a clock move was made: the person's own screen, or a shared kiosk with their badge (decision 083). */
export type TClockSource = 'clock' | 'kiosk';

/** Starts an entry at `now` after the checks; the caller's transaction. Returns its id. */
async function start(tx: TDb, tenant: TTenant, input: TStart, now: Date, timeZone: string): Promise<string> {
  const { companyId } = tenant;
  const job = await assertJobTakesTime(tx, companyId, input.jobId);
  const activity = await assertMaintenanceOfJob(tx, companyId, input, input.jobId, true);
  if (input.stepRunId) await assertStepOfJob(tx, companyId, input.stepRunId, input.jobId);
  await assertWeeksOpen(tx, companyId, input.userId, timeZone, [now]);
  await assertNoOverlap(tx, companyId, input.userId, timeZone, { from: now, to: null });
  const id = await repo.insertEntry(tx, {
    companyId,
    userId: input.userId,
    jobId: input.jobId,
    stepRunId: input.stepRunId ?? null,
    breakdownId: input.breakdownId ?? null,
    occurrenceId: input.occurrenceId ?? null,
    activity,
    startedAt: now,
    endedAt: null,
    source: input.source,
    reason: null,
    createdBy: tenant.actor.name,
  });
  await recordAudit(tx, companyId, tenant.actor, {
    entityType: 'time-entry',
    entityId: id,
    entityLabel: jobNumberText(job.number),
    action: 'clocked-in',
    after: { job: jobNumberText(job.number), startedAt: now.toISOString(), activity },
  });
  return id;
}

/** Stops the running entry `running` at `now`; the caller's transaction. */
async function stop(tx: TDb, tenant: TTenant, running: repo.TEntryRow, now: Date, timeZone: string) {
  await assertWeeksOpen(tx, tenant.companyId, running.userId, timeZone, [running.startedAt, now]);
  const before = await repo.entryView(tx, tenant.companyId, running.id);
  const label = before ? jobNumberText(before.job_number) : running.id;
  if (now.getTime() <= running.startedAt.getTime()) {
    // Stopped the instant it started (a clock-in undone at once): no time was spent, so no entry is kept.
    await repo.deleteEntry(tx, tenant.companyId, running.id);
    await recordAudit(tx, tenant.companyId, tenant.actor, {
      entityType: 'time-entry',
      entityId: running.id,
      entityLabel: label,
      action: 'clocked-out',
      after: { endedAt: now.toISOString(), cost: '0' },
    });
    return;
  }
  await repo.stopEntry(tx, tenant.companyId, running.id, now);
  // Time on a step of a work order already completed changes what its output cost (decision 085).
  await recostCompletedLabor(tx, tenant, [running.stepRunId]);
  const view = await repo.entryView(tx, tenant.companyId, running.id);
  await recordAudit(tx, tenant.companyId, tenant.actor, {
    entityType: 'time-entry',
    entityId: running.id,
    entityLabel: label,
    action: 'clocked-out',
    after: { endedAt: now.toISOString(), cost: view?.cost ?? null },
  });
}

/** Clocks the caller in: 409 when their clock already runs (naming it), when the job is closed, or it would overlap. */
export async function clockIn(
  tenant: TTenant,
  input: TClockIn,
  now: Date,
  source: TClockSource = 'clock',
): Promise<TRunningClock> {
  const { companyId, userId } = tenant;
  return withOverlapRefusal(tenant, userId, { from: now, to: null }, () =>
    tenant.run(async (tx) => {
      const timeZone = await companyTimeZone(tx, companyId);
      const running = await repo.lockRunning(tx, companyId, userId);
      if (running) {
        const view = await repo.entryView(tx, companyId, running.id);
        throw conflict(
          M.alreadyRunning(
            view ? jobNumberText(view.job_number) : '',
            formatTime(running.startedAt, timeZone),
          ),
          'jobId',
        );
      }
      await start(tx, tenant, { ...input, userId, source }, now, timeZone);
      return { entry: await runningOf(tx, companyId, userId) };
    }),
  );
}

/** Stops the caller's running entry and starts the next at the same instant, in one transaction. */
export async function switchClock(
  tenant: TTenant,
  input: TClockIn,
  now: Date,
  source: TClockSource = 'clock',
): Promise<TRunningClock> {
  const { companyId, userId } = tenant;
  return withOverlapRefusal(tenant, userId, { from: now, to: null }, () =>
    tenant.run(async (tx) => {
      const timeZone = await companyTimeZone(tx, companyId);
      const running = await repo.lockRunning(tx, companyId, userId);
      if (!running) throw conflict(M.notRunning);
      await stop(tx, tenant, running, now, timeZone);
      await start(tx, tenant, { ...input, userId, source }, now, timeZone);
      return { entry: await runningOf(tx, companyId, userId) };
    }),
  );
}

/** Stops the caller's running entry, costed at its own rate: 409 when none runs. */
export async function clockOut(tenant: TTenant, now: Date): Promise<TRunningClock> {
  const { companyId, userId } = tenant;
  return tenant.run(async (tx) => {
    const timeZone = await companyTimeZone(tx, companyId);
    const running = await repo.lockRunning(tx, companyId, userId);
    if (!running) throw conflict(M.notRunning);
    await stop(tx, tenant, running, now, timeZone);
    return { entry: null };
  });
}

/**
 * The build floor's hook (decision 080, issue 31): an operator starting a step of a work order that belongs to a job
 * has their clock moved onto that step, in the step's own transaction; finishing the step stops it. Work orders
 * without a job, and a job that takes no time, leave the clock alone: the floor's work is never refused for it.
 */
export async function clockOntoStep(
  tx: TDb,
  tenant: TTenant,
  step: { jobId: string | null; stepRunId: string; at: Date },
): Promise<void> {
  if (!step.jobId) return;
  const { companyId, userId } = tenant;
  const timeZone = await companyTimeZone(tx, companyId);
  if ((await repo.jobStatus(tx, companyId, step.jobId)) !== 'open') return;
  if (await weekApproved(tx, companyId, userId, timeZone, step.at)) return;
  const running = await repo.lockRunning(tx, companyId, userId);
  if (running && running.startedAt.getTime() >= step.at.getTime()) return;
  if (running) await stop(tx, tenant, running, step.at, timeZone);
  await start(
    tx,
    tenant,
    { jobId: step.jobId, stepRunId: step.stepRunId, userId, source: 'floor' },
    step.at,
    timeZone,
  );
}

/** Finishing a step stops the clock that runs on it (the operator's, or whoever's clock names the step). */
export async function clockOffStep(tx: TDb, tenant: TTenant, stepRunId: string, at: Date): Promise<void> {
  // Most steps are finished with no clock on them: the zone is read only when one runs.
  await stopAll(tx, tenant, await repo.lockRunningOnStep(tx, tenant.companyId, stepRunId), at);
}

/**
 * Resolving a repair or completing a PM stops the clocks that run on it (decision 085): its time is done, and time
 * on a done repair is typed, not clocked. A clock left running there had gone on for minutes after "resolved".
 */
export async function clockOffMaintenance(
  tx: TDb,
  tenant: TTenant,
  target: { breakdownId: string } | { occurrenceId: string },
  at: Date,
): Promise<void> {
  await stopAll(tx, tenant, await repo.lockRunningOnMaintenance(tx, tenant.companyId, target), at);
}

/**
 * Holding or closing a job stops the clocks that run on it (decision 079): it takes no time from then on. Answers how
 * many it stopped.
 */
export async function clockOffJob(tx: TDb, tenant: TTenant, jobId: string, at: Date): Promise<number> {
  return stopAll(tx, tenant, await repo.lockRunningOnJob(tx, tenant.companyId, jobId), at);
}

/** Stops each of `clocks` at `at`, but for one that started later or whose week is approved; answers how many. */
async function stopAll(tx: TDb, tenant: TTenant, clocks: repo.TEntryRow[], at: Date): Promise<number> {
  const { companyId } = tenant;
  if (clocks.length === 0) return 0;
  const timeZone = await companyTimeZone(tx, companyId);
  let stopped = 0;
  for (const running of clocks) {
    if (running.startedAt.getTime() >= at.getTime()) continue;
    if (await weekApproved(tx, companyId, running.userId, timeZone, at)) continue;
    await stop(tx, tenant, running, at, timeZone);
    stopped += 1;
  }
  return stopped;
}

async function weekApproved(tx: TDb, companyId: string, userId: string, timeZone: string, at: Date) {
  return (await repo.weekApproval(tx, companyId, userId, weekOf(at, timeZone))) !== null;
}
