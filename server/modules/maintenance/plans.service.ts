// The rules of maintenance plans (decision 056): a plan is on one of the company's machines and given to one of its
// active people (else 404 naming the field); adding one opens its first occurrence in the same transaction; editing
// its schedule re-dates its open occurrence from the new schedule; switching it off closes nothing (its open
// occurrence waits, out of the due lists) and switching it on moves a date that passed while off to the next due on
// or after today. Every change is in the audit trail in the transaction that makes it.
import { v7 as uuidv7 } from 'uuid';
import { AppError } from '#common/errors.ts';
import { dueFromSchedule, dueOnResume } from '#common/maintenance/plan-due.ts';
import type { TDue } from '#common/maintenance/schedule.ts';
import {
  PLAN_MESSAGES as M,
  scheduleOf,
  type TPlanDetail,
  type TPlanFields,
} from '#common/schemas/maintenance-plans.ts';
import type { TDb } from '../../db/client.ts';
import type { TTenant } from '../../db/tenant.ts';
import { changedFields, recordAudit } from '../audit/audit.ts';
import * as machinesRepo from './machines.repo.ts';
import { companyDay, dueOf, meter } from './occurrence-view.ts';
import * as occurrencesRepo from './occurrences.repo.ts';
import * as repo from './plans.repo.ts';
import {
  completionOf,
  detailOf,
  machineNotFound,
  meterOrNull,
  planNotFound,
  scheduleFieldsOf,
  scheduleOfRow,
} from './plans-read.ts';
import { refreshPlans } from './stored-schedule.ts';

const assigneeNotFound = () =>
  new AppError('NOT_FOUND', M.assigneeNotFound, { assigneeId: M.assigneeNotFound });

/** The fields that make the schedule: a change to any of them re-dates the open occurrence. */
const SCHEDULE_FIELDS = [
  'mode',
  'startOn',
  'calendarEvery',
  'calendarUnit',
  'meterEveryHours',
  'meterStartReading',
] as const;

/** The machine and the assignee, checked to be the company's; the meter start the plan keeps. */
async function checked(tx: TDb, companyId: string, input: TPlanFields) {
  const machine = await machinesRepo.lockMachine(tx, companyId, input.machineId);
  if (!machine) throw machineNotFound();
  const assignee = input.assigneeId ? await repo.findActivePerson(tx, companyId, input.assigneeId) : null;
  if (input.assigneeId && !assignee) throw assigneeNotFound();
  const meterStartReading =
    input.meterEveryHours === null ? null : meter(input.meterStartReading ?? machine.meterReading);
  return { machine, assignee, meterStartReading };
}

/** The plan's columns from its fields. */
function columnsOf(input: TPlanFields, meterStartReading: string | null) {
  return {
    machineId: input.machineId,
    title: input.title,
    checklist: input.checklist,
    mode: input.mode,
    startOn: input.startOn,
    calendarEvery: input.calendarEvery,
    calendarUnit: input.calendarEvery === null ? null : input.calendarUnit,
    meterEveryHours: meterOrNull(input.meterEveryHours),
    meterStartReading,
    leadDays: input.leadDays,
    graceDays: input.graceDays,
    graceHours: meter(input.graceHours),
    assigneeUserId: input.assigneeId,
    estimatedMinutes: input.estimatedMinutes,
  };
}

/** A stored plan's columns, to compare with the new ones. */
function columnsOfRow(p: repo.TPlanRow): ReturnType<typeof columnsOf> {
  return {
    machineId: p.machineId,
    title: p.title,
    checklist: p.checklist,
    ...scheduleFieldsOf(p),
    leadDays: p.leadDays,
    graceDays: p.graceDays,
    graceHours: meter(p.graceHours),
    assigneeUserId: p.assigneeUserId,
    estimatedMinutes: p.estimatedMinutes,
  };
}

/** The plan's fields as the audit trail records them (the machine by asset tag, the assignee by name). */
function audited(
  columns: ReturnType<typeof columnsOf>,
  machineTag: string,
  assigneeName: string | null,
): Record<string, unknown> {
  const { machineId: _m, assigneeUserId: _a, checklist, ...rest } = columns;
  return { machine: machineTag, ...rest, checklist: checklist.map((t) => t.text), assignee: assigneeName };
}

/** POST /api/v1/maintenance/plans: the plan and its first open occurrence, in one transaction. */
export async function createPlan(tenant: TTenant, input: TPlanFields, now: Date): Promise<TPlanDetail> {
  return tenant.run(async (tx) => {
    const { machine, assignee, meterStartReading } = await checked(tx, tenant.companyId, input);
    const newAssignee = assignee?.name ?? null;
    const id = uuidv7();
    const columns = columnsOf(input, meterStartReading);
    await repo.insertPlan(tx, { id, companyId: tenant.companyId, ...columns });
    const due = dueFromSchedule(scheduleOf({ ...input, meterStartReading }), null);
    await openOccurrence(tx, tenant.companyId, id, machine.id, due);
    await refreshPlans(tx, tenant.companyId, [id]);
    await recordAudit(tx, tenant.companyId, tenant.actor, {
      entityType: 'maintenance-plan',
      entityId: id,
      entityLabel: input.title,
      action: 'created',
      after: { ...audited(columns, machine.assetTag, newAssignee), firstDue: dueWords(due) },
    });
    return detailOf(tx, tenant.companyId, id, now);
  });
}

async function openOccurrence(tx: TDb, companyId: string, planId: string, machineId: string, due: TDue) {
  await occurrencesRepo.insertOccurrences(tx, [
    { id: uuidv7(), companyId, planId, machineId, dueOn: due.date, dueReading: due.reading, status: 'open' },
  ]);
}

/** "2027-01-31", "at 250 h", or both: how the trail names a due. */
const dueWords = (due: TDue) =>
  [due.date, due.reading === null ? null : `at ${due.reading} h`].filter(Boolean).join(' or ');

/**
 * PUT /api/v1/maintenance/plans/:id: the fields, whole. A changed schedule (or machine) re-dates the open occurrence
 * from the new schedule and the plan's latest completion: an open occurrence holds no work yet (all of it is recorded
 * at completion), so nothing done is lost.
 */
export async function updatePlan(
  tenant: TTenant,
  id: string,
  input: TPlanFields,
  now: Date,
): Promise<TPlanDetail> {
  return tenant.run(async (tx) => {
    const before = await repo.lockPlan(tx, tenant.companyId, id);
    if (!before) throw planNotFound();
    const { machine, assignee, meterStartReading } = await checked(tx, tenant.companyId, input);
    const oldMachine = await machinesRepo.findMachine(tx, tenant.companyId, before.machineId);
    const oldNames = await repo.peopleNames(
      tx,
      tenant.companyId,
      before.assigneeUserId ? [before.assigneeUserId] : [],
    );
    const old = columnsOfRow(before);
    const columns = columnsOf(input, meterStartReading);
    const oldTag = oldMachine?.machine.assetTag ?? '';
    const oldAssignee = oldNames.get(before.assigneeUserId ?? '') ?? null;
    const newAssignee = assignee?.name ?? null;
    const change = changedFields(
      audited(old, oldTag, oldAssignee),
      audited(columns, machine.assetTag, newAssignee),
    );
    if (Object.keys(change.after).length === 0) return detailOf(tx, tenant.companyId, id, now);
    await repo.updatePlan(tx, tenant.companyId, id, columns);
    const rescheduled =
      SCHEDULE_FIELDS.some((f) => JSON.stringify(old[f]) !== JSON.stringify(columns[f])) ||
      before.machineId !== input.machineId;
    const open = await occurrencesRepo.openOccurrenceOf(tx, tenant.companyId, id);
    if (open && rescheduled) {
      const last = completionOf(await occurrencesRepo.lastCompletionOf(tx, tenant.companyId, id));
      const due = dueFromSchedule(scheduleOf({ ...input, meterStartReading }), last);
      await occurrencesRepo.updateOccurrence(tx, tenant.companyId, open.id, {
        dueOn: due.date,
        dueReading: due.reading,
        machineId: input.machineId,
      });
      if (dueWords(due) !== dueWords(dueOf(open))) {
        change.before = { ...change.before, openDue: dueWords(dueOf(open)) };
        change.after = { ...change.after, openDue: dueWords(due) };
      }
    }
    // Title, assignee, machine or schedule: each moves the plan's stored rows (decision 091).
    await refreshPlans(tx, tenant.companyId, [id]);
    await recordAudit(tx, tenant.companyId, tenant.actor, {
      entityType: 'maintenance-plan',
      entityId: id,
      entityLabel: input.title,
      action: 'updated',
      ...change,
    });
    return detailOf(tx, tenant.companyId, id, now);
  });
}

/**
 * POST /api/v1/maintenance/plans/:id/active. Off: nothing is closed; the open occurrence stays open, out of the due
 * lists and not completable until the plan is on again. On: a due date that passed while off moves to the first due
 * on or after today (nothing was due while the plan was off, so nothing is recorded as missed).
 */
export async function setPlanActive(
  tenant: TTenant,
  id: string,
  active: boolean,
  now: Date,
): Promise<TPlanDetail> {
  return tenant.run(async (tx) => {
    const plan = await repo.lockPlan(tx, tenant.companyId, id);
    if (!plan) throw planNotFound();
    if (plan.active === active)
      throw new AppError('CONFLICT', M.sameActive(active), { active: M.sameActive(active) });
    await repo.updatePlan(tx, tenant.companyId, id, { active });
    const after: Record<string, unknown> = { active };
    const before: Record<string, unknown> = { active: plan.active };
    if (active) {
      const schedule = scheduleOfRow(plan);
      const today = await companyDay(tx, tenant.companyId, now);
      const open = await occurrencesRepo.openOccurrenceOf(tx, tenant.companyId, id);
      if (open) {
        const due = dueOnResume(schedule, dueOf(open), today);
        if (due.date !== open.dueOn) {
          await occurrencesRepo.updateOccurrence(tx, tenant.companyId, open.id, { dueOn: due.date });
          before.openDue = dueWords(dueOf(open));
          after.openDue = dueWords(due);
        }
      } else {
        const last = completionOf(await occurrencesRepo.lastCompletionOf(tx, tenant.companyId, id));
        const due = dueOnResume(schedule, dueFromSchedule(schedule, last), today);
        await openOccurrence(tx, tenant.companyId, id, plan.machineId, due);
        after.openDue = dueWords(due);
      }
    }
    await refreshPlans(tx, tenant.companyId, [id]);
    await recordAudit(tx, tenant.companyId, tenant.actor, {
      entityType: 'maintenance-plan',
      entityId: id,
      entityLabel: plan.title,
      action: active ? 'switched-on' : 'switched-off',
      before,
      after,
    });
    return detailOf(tx, tenant.companyId, id, now);
  });
}
