// Completing a plan's occurrence (decisions 045, 056), in ONE transaction: the occurrence completed with the checklist,
// time, reading and notes and whether it was on time; the reading recorded on the machine's meter by the machines
// rule (never below the latest, under the machine's row lock; the trigger is the second lock); a fixed plan's grid
// dates that passed while it was open recorded as missed; and the next occurrence opened. Locks go plan, occurrence,
// machine — the order a plan's edit takes — so a completion and an edit queue instead of deadlocking.
import { v7 as uuidv7 } from 'uuid';
import { compareDecimal } from '#common/decimal.ts';
import { AppError } from '#common/errors.ts';
import { completedOnTime } from '#common/maintenance/plan-due.ts';
import { METER_SCALE, nextDue } from '#common/maintenance/schedule.ts';
import { MACHINE_MESSAGES } from '#common/schemas/machines.ts';
import type { TMaintenanceJob } from '#common/schemas/maintenance-job.ts';
import {
  OCCURRENCE_MESSAGES as M,
  skippedTasksOf,
  type TCompleteOccurrenceFields,
  type TDueMaintenance,
  type TOccurrenceDetail,
} from '#common/schemas/maintenance-occurrences.ts';
import { compareDates } from '#common/time/calendar.ts';
import type { TDb } from '../../db/client.ts';
import { sqlStateOf } from '../../db/errors.ts';
import type { TTenant } from '../../db/tenant.ts';
import { recordAudit } from '../audit/audit.ts';
import { clockOffMaintenance } from '../time/time-clock.service.ts';
import * as machinesRepo from './machines.repo.ts';
import { chargedJob, chargeToJob, jobForParts } from './maintenance-job.ts';
import { companyDay, dueOf, meter, occurrenceSummaryOf } from './occurrence-view.ts';
import * as repo from './occurrences.repo.ts';
import { partsOf } from './parts.repo.ts';
import { issueMaintenanceParts } from './parts-issue.ts';
import * as plansRepo from './plans.repo.ts';
import { scheduleOfRow } from './plans-read.ts';
import { refreshMachine, refreshPlans } from './stored-schedule.ts';

const notFound = () => new AppError('NOT_FOUND', M.notFound);
const machineNotFound = () => new AppError('NOT_FOUND', MACHINE_MESSAGES.notFound);
const meterBackwards = (latest: string) =>
  new AppError('CONFLICT', MACHINE_MESSAGES.meterBackwards(latest), {
    reading: MACHINE_MESSAGES.meterBackwards(latest),
  });
const badRequest = (field: string, message: string) =>
  new AppError('BAD_REQUEST', message, { [field]: message });

async function detailOf(tx: TDb, companyId: string, id: string, now: Date): Promise<TOccurrenceDetail> {
  const o = await repo.findOccurrence(tx, companyId, id);
  if (!o) throw notFound();
  const plan = (await plansRepo.findPlan(tx, companyId, o.planId))!;
  const found = await machinesRepo.findMachine(tx, companyId, o.machineId);
  if (!found) throw notFound();
  const machine = found.machine;
  const today = await companyDay(tx, companyId, now);
  return {
    ...occurrenceSummaryOf(o, plan.plan, machine.meterReading, today),
    plan: {
      id: plan.plan.id,
      title: plan.plan.title,
      checklist: plan.plan.checklist,
      metered: plan.plan.meterEveryHours !== null,
      active: plan.plan.active,
      estimatedMinutes: plan.plan.estimatedMinutes,
    },
    machine: {
      id: machine.id,
      name: machine.name,
      assetTag: machine.assetTag,
      meterReading: meter(machine.meterReading),
    },
    today,
    parts: await partsOf(tx, companyId, { occurrenceId: id }),
    job: await chargedJob(tx, companyId, o.jobId),
  };
}

/** GET /api/v1/maintenance/occurrences/:id */
export async function getOccurrence(tenant: TTenant, id: string, now: Date): Promise<TOccurrenceDetail> {
  return tenant.run((tx) => detailOf(tx, tenant.companyId, id, now));
}

/** PUT /api/v1/maintenance/occurrences/:id/job: the open PM charged to a job, or to none (decision 085). */
export async function setOccurrenceJob(
  tenant: TTenant,
  id: string,
  input: TMaintenanceJob,
  now: Date,
): Promise<TOccurrenceDetail> {
  return tenant.run(async (tx) => {
    await chargeToJob(tx, tenant, { occurrenceId: id }, input.jobId);
    return detailOf(tx, tenant.companyId, id, now);
  });
}

/**
 * POST /api/v1/maintenance/occurrences/:id/complete: the occurrence done, the meter read, the parts issued from stock
 * through the ledger, the grid dates passed recorded as missed and the next occurrence opened — one transaction, so a
 * part refused (not enough in stock) leaves the occurrence open and nothing issued.
 */
export async function completeOccurrence(
  tenant: TTenant,
  id: string,
  input: TCompleteOccurrenceFields,
  now: Date,
): Promise<TOccurrenceDetail> {
  const companyId = tenant.companyId;
  let latest = '0';
  try {
    return await tenant.run(async (tx) => {
      const seen = await repo.findOccurrence(tx, companyId, id);
      if (!seen) throw notFound();
      const plan = (await plansRepo.lockPlan(tx, companyId, seen.planId))!;
      const o = (await repo.lockOccurrence(tx, companyId, id))!;
      if (o.status !== 'open')
        throw new AppError('CONFLICT', M.notOpen(o.status), { status: M.notOpen(o.status) });
      if (!plan.active) throw new AppError('CONFLICT', M.planOff, { active: M.planOff });
      // The job named with the completion (decision 085) is set while the PM is open: its parts' posting names it.
      if (input.jobId !== undefined) await chargeToJob(tx, tenant, { occurrenceId: id }, input.jobId);
      const today = await companyDay(tx, companyId, now);
      const completedOn = input.completedOn ?? today;
      if (compareDates(completedOn, today) > 0) throw badRequest('completedOn', M.future(today));
      if (input.checklist.length !== plan.checklist.length)
        throw badRequest('checklist', M.checklistLength(plan.checklist.length));
      const metered = plan.meterEveryHours !== null;
      if (metered && input.reading === null) throw badRequest('reading', M.readingRequired);
      // Tasks left unticked are accepted only when the completion says so (decision 067), and recorded.
      const skipped = skippedTasksOf(plan.checklist, input.checklist);
      if (skipped.length > 0 && !input.skippedTasksConfirmed)
        throw badRequest('skippedTasksConfirmed', M.skippedTasks(skipped));

      const machine = await machinesRepo.lockMachine(tx, companyId, o.machineId);
      if (!machine) throw notFound();
      latest = meter(machine.meterReading);
      const reading = input.reading === null ? null : meter(input.reading);
      if (reading !== null) {
        if (compareDecimal(reading, latest, METER_SCALE) < 0) throw meterBackwards(latest);
        await machinesRepo.insertMeterReading(tx, {
          id: uuidv7(),
          companyId,
          machineId: machine.id,
          reading,
          readAt: now,
          source: 'manual',
          byName: tenant.actor.name,
        });
        await machinesRepo.updateMachine(tx, companyId, machine.id, {
          meterReading: reading,
          meterReadAt: now,
        });
      }

      const due = dueOf(o);
      const onTime = completedOnTime(
        due,
        { completedOn, reading },
        { days: plan.graceDays, hours: meter(plan.graceHours) },
      );
      await repo.updateOccurrence(tx, companyId, id, {
        status: 'completed',
        completedOn,
        completedAt: now,
        completedBy: tenant.actor.name,
        readingAtCompletion: reading,
        minutesSpent: input.minutesSpent,
        checklistResults: plan.checklist.map((task, i) => ({
          text: task.text,
          done: input.checklist[i]!.done,
          note: input.checklist[i]!.note,
        })),
        notes: input.notes,
        onTime,
      });
      // Its clocks stop now: time on a done PM is typed, not clocked (decision 085).
      await clockOffMaintenance(tx, tenant, { occurrenceId: id }, now);
      const jobId = await jobForParts(tx, companyId, { occurrenceId: id }, input.parts.length);
      const issued = await issueMaintenanceParts(tx, tenant, { occurrenceId: id }, input.parts, {
        reference: `${plan.title} · ${machine.assetTag}`,
        at: now,
        jobId,
      });
      const next = nextDue(scheduleOfRow(plan), { due, completedOn, reading });
      const row = { companyId, planId: plan.id, machineId: o.machineId };
      await repo.insertOccurrences(tx, [
        ...next.missed.map((dueOn) => ({ ...row, id: uuidv7(), dueOn, status: 'missed' })),
        { ...row, id: uuidv7(), dueOn: next.due.date, dueReading: next.due.reading, status: 'open' },
      ]);
      // The next occurrence (decision 091); a new reading moves every plan of the machine.
      if (reading !== null) await refreshMachine(tx, companyId, machine.id);
      else await refreshPlans(tx, companyId, [plan.id]);
      await recordAudit(tx, companyId, tenant.actor, {
        entityType: 'maintenance-plan',
        entityId: plan.id,
        entityLabel: plan.title,
        action: 'completed',
        after: {
          dueOn: due.date,
          dueReading: due.reading,
          completedOn,
          reading,
          onTime,
          missed: next.missed,
          nextDueOn: next.due.date,
          nextDueReading: next.due.reading,
          parts: issued.length,
          ...(skipped.length > 0 ? { skippedTasks: skipped.join(', ') } : {}),
        },
      });
      return detailOf(tx, companyId, id, now);
    });
  } catch (error) {
    // A reading written beside this service between our check and our insert: the trigger's refusal, in words.
    if (sqlStateOf(error) === '23514') throw meterBackwards(latest);
    throw error;
  }
}

/** GET /api/v1/machines/:id/due-maintenance: the machine's open work of plans switched on, by due date, with states. */
export async function dueMaintenance(
  tenant: TTenant,
  machineId: string,
  now: Date,
): Promise<TDueMaintenance> {
  return tenant.run(async (tx) => {
    const found = await machinesRepo.findMachine(tx, tenant.companyId, machineId);
    if (!found) throw machineNotFound();
    const rows = await repo.openOfMachine(tx, tenant.companyId, machineId);
    const ids = rows.map((r) => r.plan.assigneeUserId).filter((x): x is string => x !== null);
    const names = await plansRepo.peopleNames(tx, tenant.companyId, [...new Set(ids)]);
    const today = await companyDay(tx, tenant.companyId, now);
    return {
      today,
      items: rows.map(({ occurrence, plan }) => ({
        ...occurrenceSummaryOf(occurrence, plan, found.machine.meterReading, today),
        planTitle: plan.title,
        estimatedMinutes: plan.estimatedMinutes,
        assigneeName: plan.assigneeUserId ? (names.get(plan.assigneeUserId) ?? null) : null,
      })),
    };
  });
}
