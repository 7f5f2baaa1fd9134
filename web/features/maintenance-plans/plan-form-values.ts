// The Add/Edit plan form's values and how they make the request body (common/schemas/maintenance-plans.ts), and the
// next five due dates they give, computed in the browser by the same common functions the server runs
// (common/maintenance/plan-due.ts), so the preview and the plan's page agree.
import { dueFromSchedule, nextDueDates } from '#common/maintenance/plan-due.ts';
import type { TPlanIntervalUnit, TPlanMode } from '#common/maintenance/schedule.ts';
import {
  PLAN_PREVIEW_COUNT,
  scheduleOf,
  type TPlanDetail,
  type TPlanInput,
  ZPlanInputSchema,
} from '#common/schemas/maintenance-plans.ts';

/** What the plan runs on: the calendar, the runtime meter, or both (whichever comes first). */
export type TScheduleBy = 'calendar' | 'meter' | 'both';

export interface TPlanValues extends Record<string, unknown> {
  machineId: string | null;
  machineLabel: string | null;
  machineReading: string;
  title: string;
  checklist: { key: string; text: string }[];
  mode: TPlanMode;
  startOn: string;
  scheduleBy: TScheduleBy;
  calendarEvery: number | string;
  calendarUnit: TPlanIntervalUnit;
  meterEveryHours: string;
  meterStartReading: string;
  leadDays: number | string;
  graceDays: number | string;
  graceHours: string;
  assigneeId: string | null;
  assigneeName: string | null;
  estimatedMinutes: number | string;
}

let keys = 0;
/** A key for a checklist row that stays with it while rows above it are removed. */
export const rowKey = () => `task-${++keys}`;

/** A number box's value: '' (cleared) stays for the contract to call required; text that is a number becomes one. */
const num = (v: number | string) => (v === '' ? null : typeof v === 'number' ? v : Number(v));

export function initialValues(plan: TPlanDetail | undefined, today: string): TPlanValues {
  return {
    machineId: plan?.machine.id ?? null,
    machineLabel: plan ? `${plan.machine.name} (${plan.machine.assetTag})` : null,
    machineReading: plan?.machine.meterReading ?? '0',
    title: plan?.title ?? '',
    checklist: (plan?.checklist ?? []).map((t) => ({ key: rowKey(), text: t.text })),
    mode: plan?.mode ?? 'fixed',
    startOn: plan?.startOn ?? today,
    scheduleBy: !plan
      ? 'calendar'
      : plan.calendarEvery !== null && plan.meterEveryHours !== null
        ? 'both'
        : plan.meterEveryHours !== null
          ? 'meter'
          : 'calendar',
    calendarEvery: plan?.calendarEvery ?? 1,
    calendarUnit: plan?.calendarUnit ?? 'month',
    meterEveryHours: plan?.meterEveryHours ?? '',
    meterStartReading: plan?.meterStartReading ?? '',
    leadDays: plan?.leadDays ?? 0,
    graceDays: plan?.graceDays ?? 0,
    graceHours: plan?.graceHours ?? '0',
    assigneeId: plan?.assignee?.id ?? null,
    assigneeName: plan?.assignee?.name ?? null,
    estimatedMinutes: plan?.estimatedMinutes ?? 0,
  };
}

export function toBody(v: TPlanValues): TPlanInput {
  const calendar = v.scheduleBy !== 'meter';
  const meter = v.scheduleBy !== 'calendar';
  return {
    machineId: v.machineId ?? '',
    title: v.title,
    checklist: v.checklist.map((t) => ({ text: t.text })),
    mode: v.mode,
    startOn: v.startOn,
    calendarEvery: calendar ? num(v.calendarEvery) : null,
    calendarUnit: calendar ? v.calendarUnit : null,
    meterEveryHours: meter ? v.meterEveryHours : null,
    meterStartReading: meter && v.meterStartReading.trim() !== '' ? v.meterStartReading : null,
    leadDays: num(v.leadDays) as number,
    graceDays: num(v.graceDays) as number,
    graceHours: v.graceHours,
    assigneeId: v.assigneeId,
    estimatedMinutes: num(v.estimatedMinutes) as number,
  };
}

const SCHEDULE_KEYS = ['mode', 'startOn', 'calendarEvery', 'calendarUnit', 'meterEveryHours'] as const;

/**
 * The next five due dates the values give, or null while they are not a valid schedule. Editing a plan: with its
 * schedule unchanged the open occurrence keeps its date; changed, it is re-dated from the latest completion, as the
 * server does on save.
 */
export function previewOf(values: TPlanValues, plan: TPlanDetail | undefined): string[] | null {
  // The machine is not part of the dates: preview before one is chosen (any id stands in for it).
  const fields = ZPlanInputSchema.safeParse({
    ...toBody(values),
    machineId: '00000000-0000-7000-8000-000000000000',
  });
  if (!fields.success) return null;
  const schedule = scheduleOf(fields.data, values.machineReading);
  const unchanged =
    plan?.open &&
    SCHEDULE_KEYS.every((k) => JSON.stringify(plan[k]) === JSON.stringify(fields.data[k])) &&
    (fields.data.meterStartReading === null || fields.data.meterStartReading === plan.meterStartReading);
  const last = plan?.lastCompletion
    ? {
        due: { date: plan.lastCompletion.dueOn, reading: plan.lastCompletion.dueReading },
        completedOn: plan.lastCompletion.completedOn,
        reading: plan.lastCompletion.reading,
      }
    : null;
  const due =
    unchanged && plan?.open
      ? { date: plan.open.dueOn, reading: plan.open.dueReading }
      : dueFromSchedule(schedule, last);
  return nextDueDates(schedule, due, PLAN_PREVIEW_COUNT);
}
