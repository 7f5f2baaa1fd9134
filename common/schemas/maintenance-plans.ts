// Maintenance plans (decisions 050, 056): the shared contract of /api/v1/maintenance/plans — what to do on a machine
// (title, checklist) and when (the schedule of common/maintenance/schedule.ts, flat as the table keeps it), with the
// plan's open occurrence, its next five due dates and its history. The browser's live preview and the server read the
// schedule through the same `scheduleOf`.
import { z } from 'zod';
import { METER_SCALE, PLAN_INTERVAL_UNITS, PLAN_MODES, type TPlanSchedule } from '../maintenance/schedule.ts';
import { isoDate } from './dates.ts';
import { METER_MAX_DIGITS } from './machines.ts';
import { ZOccurrenceSummarySchema } from './maintenance-occurrences.ts';
import { decimalText, numberField, requiredMessage } from './numbers.ts';
import { pageOf, pageQuery } from './paging.ts';

export const PLAN_TITLE_MAX = 120;
export const CHECKLIST_TASK_MAX = 200;
export const CHECKLIST_MAX_TASKS = 50;
/** Longest interval and window one can type: bounds that catch a slip of the finger, not a real plan's limits. */
export const PLAN_EVERY_MAX = 1000;
export const PLAN_DAYS_MAX = 365;
export const PLAN_MINUTES_MAX = 100_000;
/** How many due dates a plan previews, and how many of its past occurrences its page shows. */
export const PLAN_PREVIEW_COUNT = 5;
export const PLAN_HISTORY_LIMIT = 20;

export const PLAN_MESSAGES = {
  notFound: 'No such maintenance plan in your company.',
  machineNotFound: 'No such machine in your company.',
  assigneeNotFound: 'No such active person in your company.',
  noSchedule: 'Choose every N days, weeks or months, every N runtime hours, or both',
  unitRequired: 'Choose days, weeks or months',
  everyRequired: 'Every is required with a unit',
  sameActive: (active: boolean) =>
    active ? 'The plan is already switched on.' : 'The plan is already switched off.',
} as const;

const wholeNumber = (field: string, min: number, max: number) =>
  numberField(field)
    .int(`${field} must be a whole number`)
    .min(min, `${field} must be at least ${min}`)
    .max(max, `${field} must be at most ${max}`);

/**
 * Hours with two decimals, as the machine's meter counts them. The pattern says "not negative" even for an interval
 * that must be more than 0: the "not zero" pattern needs a lookahead, which the fuzz test's generator cannot read;
 * the refinement says "more than 0" (a rule the routes document).
 */
const hours = (field: string, sign: 'nonNegative' | 'positive') =>
  decimalText(field, METER_SCALE, { maxDigits: METER_MAX_DIGITS, sign: 'nonNegative' }).refine(
    (v) => (sign === 'positive' ? Number(v) > 0 : !v.startsWith('-')),
    sign === 'positive' ? `${field} must be more than 0` : `${field} cannot be negative`,
  );

export const ZChecklistTaskSchema = z.object({
  text: z
    .string({ error: 'Task must be text' })
    .trim()
    .min(1, requiredMessage('Task'))
    .max(CHECKLIST_TASK_MAX, `Task must be at most ${CHECKLIST_TASK_MAX} characters`),
});

/** POST /api/v1/maintenance/plans and PUT /api/v1/maintenance/plans/:id: the plan's fields, whole. */
export const ZPlanInputSchema = z
  .object({
    /** One of the company's machines (404 naming machineId otherwise). */
    machineId: z.uuid({ error: 'Choose a machine from the list' }),
    title: z
      .string({ error: 'Title must be text' })
      .trim()
      .min(1, requiredMessage('Title'))
      .max(PLAN_TITLE_MAX, `Title must be at most ${PLAN_TITLE_MAX} characters`),
    /** The tasks in order; each completion ticks each one done or not. */
    checklist: z
      .array(ZChecklistTaskSchema, { error: 'Checklist must be a list of tasks' })
      .max(CHECKLIST_MAX_TASKS, `A checklist has at most ${CHECKLIST_MAX_TASKS} tasks`)
      .default([]),
    mode: z.enum(PLAN_MODES, { error: 'Choose fixed or floating' }),
    /** The first due date (the company's calendar), and a fixed grid's anchor. */
    startOn: isoDate('Start date must be a date (YYYY-MM-DD)'),
    calendarEvery: wholeNumber('Every', 1, PLAN_EVERY_MAX).nullable().default(null),
    calendarUnit: z
      .enum(PLAN_INTERVAL_UNITS, { error: 'Choose days, weeks or months' })
      .nullable()
      .default(null),
    meterEveryHours: hours('Runtime hours', 'positive').nullable().default(null),
    /** The meter reading the runtime interval counts from; null: the machine's reading now. */
    meterStartReading: hours('Meter start reading', 'nonNegative').nullable().default(null),
    leadDays: wholeNumber('Lead days', 0, PLAN_DAYS_MAX).default(0),
    graceDays: wholeNumber('Grace days', 0, PLAN_DAYS_MAX).default(0),
    graceHours: hours('Grace hours', 'nonNegative').default('0'),
    /** A person of the company who does the work; null: unassigned. */
    assigneeId: z.uuid({ error: 'Choose a person from the list' }).nullable().default(null),
    estimatedMinutes: wholeNumber('Estimated minutes', 0, PLAN_MINUTES_MAX).default(0),
  })
  .superRefine((plan, ctx) => {
    if (plan.calendarEvery === null && plan.meterEveryHours === null) {
      ctx.addIssue({ code: 'custom', path: ['calendarEvery'], message: PLAN_MESSAGES.noSchedule });
      ctx.addIssue({ code: 'custom', path: ['meterEveryHours'], message: PLAN_MESSAGES.noSchedule });
    }
    if (plan.calendarEvery !== null && plan.calendarUnit === null)
      ctx.addIssue({ code: 'custom', path: ['calendarUnit'], message: PLAN_MESSAGES.unitRequired });
    if (plan.calendarEvery === null && plan.calendarUnit !== null)
      ctx.addIssue({ code: 'custom', path: ['calendarEvery'], message: PLAN_MESSAGES.everyRequired });
  });
export type TPlanInput = z.input<typeof ZPlanInputSchema>;
export type TPlanFields = z.output<typeof ZPlanInputSchema>;

/** The plan's schedule as the rules take it; `startReading` stands in for a meter start the plan leaves to the machine. */
export function scheduleOf(
  plan: Pick<
    TPlanFields,
    'mode' | 'startOn' | 'calendarEvery' | 'calendarUnit' | 'meterEveryHours' | 'meterStartReading'
  >,
  machineReading = '0',
): TPlanSchedule {
  return {
    mode: plan.mode,
    start: plan.startOn,
    calendar:
      plan.calendarEvery !== null && plan.calendarUnit !== null
        ? { every: plan.calendarEvery, unit: plan.calendarUnit }
        : null,
    meter:
      plan.meterEveryHours !== null
        ? { everyHours: plan.meterEveryHours, startReading: plan.meterStartReading ?? machineReading }
        : null,
  };
}

const filterFields = {
  /** Title, machine name or asset tag contains. */
  q: z.string().trim().max(100, 'Search must be at most 100 characters').default(''),
  machineId: z.uuid({ error: 'Choose a machine from the list' }).optional(),
  active: z.enum(['true', 'false'], { error: 'Choose on or off' }).optional(),
};
/** GET /api/v1/maintenance/plans: a page by title, searched, narrowed by machine and on/off. */
export const ZPlanListQuerySchema = z.object({ ...pageQuery(25, 100), ...filterFields });
export type TPlanListQuery = z.infer<typeof ZPlanListQuerySchema>;

/** POST /api/v1/maintenance/plans/:id/active: switch the plan on or off. */
export const ZPlanActiveInputSchema = z.object({
  active: z.boolean({ error: 'Choose on or off' }),
});
export type TPlanActiveInput = z.infer<typeof ZPlanActiveInputSchema>;

export const ZPlanMachineSchema = z.object({
  id: z.string(),
  name: z.string(),
  assetTag: z.string(),
  meterReading: z.string(),
});
export const ZPersonSchema = z.object({ id: z.string(), name: z.string() });

export const ZPlanSummarySchema = z.object({
  id: z.string(),
  machine: ZPlanMachineSchema,
  title: z.string(),
  checklist: z.array(ZChecklistTaskSchema),
  mode: z.enum(PLAN_MODES),
  startOn: z.string(),
  calendarEvery: z.number().int().nullable(),
  calendarUnit: z.enum(PLAN_INTERVAL_UNITS).nullable(),
  meterEveryHours: z.string().nullable(),
  meterStartReading: z.string().nullable(),
  leadDays: z.number().int(),
  graceDays: z.number().int(),
  graceHours: z.string(),
  assignee: ZPersonSchema.nullable(),
  estimatedMinutes: z.number().int(),
  active: z.boolean(),
  /** The open occurrence with its state today (company clock); null only for a plan switched off before it had one. */
  open: ZOccurrenceSummarySchema.nullable(),
  updatedAt: z.string(),
});
export type TPlanSummary = z.infer<typeof ZPlanSummarySchema>;
export const ZPlanPageSchema = pageOf(ZPlanSummarySchema);
export type TPlanPage = z.infer<typeof ZPlanPageSchema>;

/** The latest completion the schedule steps from (the edit dialog previews with it as the server re-dates). */
export const ZLastCompletionSchema = z.object({
  dueOn: z.string().nullable(),
  dueReading: z.string().nullable(),
  completedOn: z.string(),
  reading: z.string().nullable(),
});
export type TLastCompletion = z.infer<typeof ZLastCompletionSchema>;

/** GET /api/v1/maintenance/plans/:id: the plan, its next five due dates, its newest completed and missed occurrences. */
export const ZPlanDetailSchema = ZPlanSummarySchema.extend({
  nextDueDates: z.array(z.string()),
  lastCompletion: ZLastCompletionSchema.nullable(),
  history: z.array(ZOccurrenceSummarySchema),
});
export type TPlanDetail = z.infer<typeof ZPlanDetailSchema>;

/** GET /api/v1/maintenance/people: the company's active people to assign (ids and names), for every user. */
export const ZPeopleQuerySchema = z.object({
  ...pageQuery(20, 50),
  q: z.string().trim().max(100, 'Search must be at most 100 characters').default(''),
});
export type TPeopleQuery = z.infer<typeof ZPeopleQuerySchema>;
export const ZPeoplePageSchema = pageOf(ZPersonSchema);
export type TPeoplePage = z.infer<typeof ZPeoplePageSchema>;
