// Reading maintenance plans (decision 056): the list, a plan with its open occurrence, next five due dates and
// history, and the people one can assign; and the plan's schedule as the rules take it, shared by the changes.

import { AppError } from '#common/errors.ts';
import { nextDueDates } from '#common/maintenance/plan-due.ts';
import type { TCompletion } from '#common/maintenance/schedule.ts';
import {
  PLAN_MESSAGES as M,
  PLAN_HISTORY_LIMIT,
  PLAN_PREVIEW_COUNT,
  scheduleOf,
  type TPeoplePage,
  type TPeopleQuery,
  type TPlanDetail,
  type TPlanFields,
  type TPlanListQuery,
  type TPlanPage,
  type TPlanSummary,
} from '#common/schemas/maintenance-plans.ts';
import type { TDb } from '../../db/client.ts';
import type { TTenant } from '../../db/tenant.ts';
import * as machinesRepo from './machines.repo.ts';
import { companyDay, dueOf, meter, occurrenceSummaryOf } from './occurrence-view.ts';
import * as occurrencesRepo from './occurrences.repo.ts';
import * as repo from './plans.repo.ts';

export const planNotFound = () => new AppError('NOT_FOUND', M.notFound);
export const machineNotFound = () =>
  new AppError('NOT_FOUND', M.machineNotFound, { machineId: M.machineNotFound });
export const meterOrNull = (value: string | null) => (value === null ? null : meter(value));

/** The schedule's fields of a stored plan. */
export function scheduleFieldsOf(plan: repo.TPlanRow) {
  return {
    mode: plan.mode as TPlanFields['mode'],
    startOn: plan.startOn,
    calendarEvery: plan.calendarEvery,
    calendarUnit: plan.calendarUnit as TPlanFields['calendarUnit'],
    meterEveryHours: meterOrNull(plan.meterEveryHours),
    meterStartReading: meterOrNull(plan.meterStartReading),
  };
}

/** The plan's schedule as stored (its meter start is always written when it has a meter). */
export const scheduleOfRow = (plan: repo.TPlanRow) => scheduleOf(scheduleFieldsOf(plan));

/** The completion the schedule steps from, as the rules take it. */
export function completionOf(row: repo.TOccurrenceRow | null): TCompletion | null {
  if (!row?.completedOn) return null;
  return { due: dueOf(row), completedOn: row.completedOn, reading: meterOrNull(row.readingAtCompletion) };
}

function summaryOf(
  { plan, machine, open }: repo.TPlanWithMachine,
  names: Map<string, string>,
  today: string,
): TPlanSummary {
  return {
    id: plan.id,
    machine: { ...machine, meterReading: meter(machine.meterReading) },
    title: plan.title,
    checklist: plan.checklist,
    mode: plan.mode as TPlanSummary['mode'],
    startOn: plan.startOn,
    calendarEvery: plan.calendarEvery,
    calendarUnit: plan.calendarUnit as TPlanSummary['calendarUnit'],
    meterEveryHours: meterOrNull(plan.meterEveryHours),
    meterStartReading: meterOrNull(plan.meterStartReading),
    leadDays: plan.leadDays,
    graceDays: plan.graceDays,
    graceHours: meter(plan.graceHours),
    assignee: plan.assigneeUserId
      ? { id: plan.assigneeUserId, name: names.get(plan.assigneeUserId) ?? 'Someone who left' }
      : null,
    estimatedMinutes: plan.estimatedMinutes,
    active: plan.active,
    open: open ? occurrenceSummaryOf(open, plan, machine.meterReading, today) : null,
    updatedAt: plan.updatedAt.toISOString(),
  };
}

export async function listPlans(tenant: TTenant, query: TPlanListQuery, now: Date): Promise<TPlanPage> {
  return tenant.run(async (tx) => {
    if (query.machineId && !(await machinesRepo.findMachine(tx, tenant.companyId, query.machineId)))
      throw machineNotFound();
    const found = await repo.listPlans(tx, tenant.companyId, query);
    const ids = found.rows.map((r) => r.plan.assigneeUserId).filter((id): id is string => id !== null);
    const names = await repo.peopleNames(tx, tenant.companyId, [...new Set(ids)]);
    const today = await companyDay(tx, tenant.companyId, now);
    return {
      items: found.rows.map((r) => summaryOf(r, names, today)),
      total: found.total,
      page: query.page,
      pageSize: query.pageSize,
    };
  });
}

export async function detailOf(tx: TDb, companyId: string, id: string, now: Date): Promise<TPlanDetail> {
  const found = await repo.findPlan(tx, companyId, id);
  if (!found) throw planNotFound();
  const { plan, machine, open } = found;
  const names = await repo.peopleNames(tx, companyId, plan.assigneeUserId ? [plan.assigneeUserId] : []);
  const today = await companyDay(tx, companyId, now);
  const history = await occurrencesRepo.historyOf(tx, companyId, id, PLAN_HISTORY_LIMIT);
  const last = completionOf(await occurrencesRepo.lastCompletionOf(tx, companyId, id));
  return {
    ...summaryOf(found, names, today),
    nextDueDates: open ? nextDueDates(scheduleOfRow(plan), dueOf(open), PLAN_PREVIEW_COUNT) : [],
    lastCompletion: last
      ? {
          dueOn: last.due.date,
          dueReading: last.due.reading,
          completedOn: last.completedOn,
          reading: last.reading,
        }
      : null,
    history: history.map((o) => occurrenceSummaryOf(o, plan, machine.meterReading, today)),
  };
}

export async function getPlan(tenant: TTenant, id: string, now: Date): Promise<TPlanDetail> {
  return tenant.run((tx) => detailOf(tx, tenant.companyId, id, now));
}

/** GET /api/v1/maintenance/people: the company's active people to assign. */
export async function listPeople(tenant: TTenant, query: TPeopleQuery): Promise<TPeoplePage> {
  const { rows, total } = await tenant.run((tx) => repo.listActivePeople(tx, tenant.companyId, query));
  return { items: rows, total, page: query.page, pageSize: query.pageSize };
}
