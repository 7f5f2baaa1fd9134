// Time typed or corrected afterwards (decision 080): a manual entry, an edit and a delete, each with a reason and
// audited. Admins change anyone's entries; others only their own, and nobody an entry of a week an admin approved
// (409). An edit takes the rate in force at the entry's (new) start and recosts it.
import { AppError } from '#common/errors.ts';
import { hasRole } from '#common/roles.ts';
import { jobNumberText } from '#common/schemas/jobs.ts';
import {
  TIME_MESSAGES as M,
  type TEntryEdit,
  type TManualEntry,
  type TTimeEntry,
} from '#common/schemas/time.ts';
import type { TDb } from '../../db/client.ts';
import type { TTenant } from '../../db/tenant.ts';
import { changedFields, recordAudit } from '../audit/audit.ts';
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
  personOf,
  toTimeEntry,
  withOverlapRefusal,
} from './time-rules.ts';

const isAdmin = (tenant: TTenant) => hasRole(tenant.role, 'admin');
const notFound = () => new AppError('NOT_FOUND', M.entryNotFound);

/** An entry as the audit trail records it. */
const audited = (v: repo.TEntryView) => ({
  job: jobNumberText(v.job_number),
  step: v.step_run_id,
  activity: v.activity,
  startedAt: new Date(v.started_at).toISOString(),
  endedAt: v.ended_at === null ? null : new Date(v.ended_at).toISOString(),
  rate: v.rate,
  cost: v.cost,
});

/** Refuses an end in the future: time is recorded as it happened (the running clock is for now). */
function assertPast(endedAt: Date, now: Date): void {
  if (endedAt.getTime() > now.getTime()) {
    throw new AppError('BAD_REQUEST', M.inTheFuture, { endedAt: M.inTheFuture });
  }
}

/** Refuses an end at or before the start (400 naming endedAt). */
function assertSpan(startedAt: Date, endedAt: Date): void {
  if (endedAt.getTime() <= startedAt.getTime()) {
    throw new AppError('BAD_REQUEST', M.endBeforeStart, { endedAt: M.endBeforeStart });
  }
}

async function viewOf(tx: TDb, companyId: string, id: string): Promise<repo.TEntryView> {
  const view = await repo.entryView(tx, companyId, id);
  if (!view) throw notFound();
  return view;
}

/** A manual entry, for oneself or (admins) anyone of the company. */
export async function addManualEntry(tenant: TTenant, input: TManualEntry, now: Date): Promise<TTimeEntry> {
  const { companyId } = tenant;
  const userId = input.userId ?? tenant.userId;
  if (userId !== tenant.userId && !isAdmin(tenant)) throw new AppError('FORBIDDEN', M.notYours);
  const from = new Date(input.startedAt);
  const to = new Date(input.endedAt);
  assertSpan(from, to);
  assertPast(to, now);
  return withOverlapRefusal(tenant, userId, { from, to }, () =>
    tenant.run(async (tx) => {
      const timeZone = await companyTimeZone(tx, companyId);
      await personOf(tx, companyId, userId);
      await assertJobTakesTime(tx, companyId, input.jobId);
      const activity = await assertMaintenanceOfJob(tx, companyId, input, input.jobId, false);
      if (input.stepRunId) await assertStepOfJob(tx, companyId, input.stepRunId, input.jobId);
      await assertWeeksOpen(tx, companyId, userId, timeZone, [from, to]);
      await assertNoOverlap(tx, companyId, userId, timeZone, { from, to });
      const id = await repo.insertEntry(tx, {
        companyId,
        userId,
        jobId: input.jobId,
        stepRunId: input.stepRunId ?? null,
        breakdownId: input.breakdownId ?? null,
        occurrenceId: input.occurrenceId ?? null,
        activity,
        startedAt: from,
        endedAt: to,
        source: 'manual',
        reason: input.reason,
        createdBy: tenant.actor.name,
      });
      // Time typed on a step of a completed work order changes what its output cost (decision 085).
      await recostCompletedLabor(tx, tenant, [input.stepRunId ?? null]);
      const view = await viewOf(tx, companyId, id);
      await recordAudit(tx, companyId, tenant.actor, {
        entityType: 'time-entry',
        entityId: id,
        entityLabel: `${view.first_name} ${view.last_name}`.trim(),
        action: 'entered',
        after: { ...audited(view), reason: input.reason },
      });
      return toTimeEntry(view, false);
    }),
  );
}

/** The entry the caller may change: the company's (404), theirs or they are an admin (403), not running. */
async function changeable(tx: TDb, tenant: TTenant, id: string) {
  const row = await repo.lockEntry(tx, tenant.companyId, id);
  if (!row) throw notFound();
  if (row.userId !== tenant.userId && !isAdmin(tenant)) throw new AppError('FORBIDDEN', M.notYours);
  return row;
}

/** Changes an ended entry's job, step, activity or times, with a reason; the rate is the one at its new start. */
export async function editEntry(
  tenant: TTenant,
  id: string,
  input: TEntryEdit,
  now: Date,
): Promise<TTimeEntry> {
  const { companyId } = tenant;
  // The owner and the span are read first (outside the change) only to name the entry in the way if the database
  // refuses an overlap; the change re-reads and locks the row.
  const first = await tenant.run((tx) => repo.lockEntry(tx, companyId, id));
  if (!first) throw notFound();
  const from = input.startedAt ? new Date(input.startedAt) : first.startedAt;
  const to = input.endedAt ? new Date(input.endedAt) : first.endedAt;
  return withOverlapRefusal(tenant, first.userId, { from, to, exceptId: id }, () =>
    tenant.run(async (tx) => {
      const row = await changeable(tx, tenant, id);
      if (row.endedAt === null) throw conflict(M.runningNotEditable);
      const timeZone = await companyTimeZone(tx, companyId);
      const before = await viewOf(tx, companyId, id);
      const startedAt = input.startedAt ? new Date(input.startedAt) : row.startedAt;
      const endedAt = input.endedAt ? new Date(input.endedAt) : row.endedAt;
      assertSpan(startedAt, endedAt);
      assertPast(endedAt, now);
      const jobId = input.jobId ?? row.jobId;
      const stepRunId = input.stepRunId === undefined ? row.stepRunId : input.stepRunId;
      if (jobId !== row.jobId) await assertJobTakesTime(tx, companyId, jobId);
      if (stepRunId && (stepRunId !== row.stepRunId || jobId !== row.jobId)) {
        await assertStepOfJob(tx, companyId, stepRunId, jobId);
      }
      // An entry on a repair or a PM keeps it (decision 085): its step, activity and job follow the same rules.
      if (row.breakdownId || row.occurrenceId) {
        await assertMaintenanceOfJob(
          tx,
          companyId,
          {
            stepRunId: stepRunId ?? undefined,
            breakdownId: row.breakdownId ?? undefined,
            occurrenceId: row.occurrenceId ?? undefined,
            activity: input.activity,
          },
          jobId,
          false,
        );
      }
      await assertWeeksOpen(tx, companyId, row.userId, timeZone, [
        row.startedAt,
        row.endedAt,
        startedAt,
        endedAt,
      ]);
      await assertNoOverlap(tx, companyId, row.userId, timeZone, {
        from: startedAt,
        to: endedAt,
        exceptId: id,
      });
      await repo.rewriteEntry(tx, companyId, row.userId, id, {
        jobId,
        stepRunId,
        activity: input.activity === undefined ? row.activity : input.activity,
        startedAt,
        endedAt,
        reason: input.reason,
      });
      await recostCompletedLabor(tx, tenant, [row.stepRunId, stepRunId]);
      const after = await viewOf(tx, companyId, id);
      const diff = changedFields(audited(before), audited(after));
      await recordAudit(tx, companyId, tenant.actor, {
        entityType: 'time-entry',
        entityId: id,
        entityLabel: `${after.first_name} ${after.last_name}`.trim(),
        action: 'edited',
        before: diff.before,
        after: { ...diff.after, reason: input.reason },
      });
      return toTimeEntry(after, false);
    }),
  );
}

/** Deletes an entry (a running one too: a clock started by mistake), with a reason kept on the audit trail. */
export async function deleteEntry(tenant: TTenant, id: string, reason: string): Promise<void> {
  const { companyId } = tenant;
  await tenant.run(async (tx) => {
    const row = await changeable(tx, tenant, id);
    const timeZone = await companyTimeZone(tx, companyId);
    await assertWeeksOpen(tx, companyId, row.userId, timeZone, [row.startedAt, row.endedAt ?? row.startedAt]);
    const before = await viewOf(tx, companyId, id);
    await repo.deleteEntry(tx, companyId, id);
    await recostCompletedLabor(tx, tenant, [row.stepRunId]);
    await recordAudit(tx, companyId, tenant.actor, {
      entityType: 'time-entry',
      entityId: id,
      entityLabel: `${before.first_name} ${before.last_name}`.trim(),
      action: 'deleted',
      before: audited(before),
      after: { reason },
    });
  });
}
