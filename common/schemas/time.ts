// Time tracking (decision 080, issue 31): the shared contract of /api/v1/time — the running clock, clocking in, out
// and switching, manual entries and edits with a reason, a person's week with its daily and weekly totals, and an
// admin's approval of a week. Instants are ISO text in UTC; days and weeks are the company's (common/time/calendar.ts);
// rates and costs are exact decimal text, never floats.
import { z } from 'zod';
import { isoDate, isoDateTime } from './dates.ts';

export const TIME_ACTIVITIES = ['setup', 'run', 'rework', 'maintenance', 'indirect'] as const;
export type TTimeActivity = (typeof TIME_ACTIVITIES)[number];

export const TIME_ACTIVITY_LABELS: Record<TTimeActivity, string> = {
  setup: 'Setup',
  run: 'Run',
  rework: 'Rework',
  maintenance: 'Maintenance',
  indirect: 'Indirect',
};

/**
 * clock: clocked in and out on the person's own screen; manual: typed afterwards, with a reason; floor: a step run on
 * the build floor; kiosk: clocked at a shared kiosk with the person's badge.
 */
export const TIME_SOURCES = ['clock', 'manual', 'floor', 'kiosk'] as const;
export type TTimeSource = (typeof TIME_SOURCES)[number];

/** How an admin's own week may be approved: by another admin, or by themselves as the only active admin. */
export const SELF_APPROVAL = ['another-admin', 'only-admin'] as const;
export type TSelfApproval = (typeof SELF_APPROVAL)[number];

/** The longest reason kept (a sentence or two, as on the audit trail). */
export const MAX_TIME_REASON = 500;

export const TIME_MESSAGES = {
  /** The entry in the way, on the company's clock: "Overlaps 8:00 AM–10:30 AM on JOB-000003". */
  overlaps: (from: string, to: string | null, job: string) =>
    `Overlaps ${from}–${to ?? 'now (running)'} on ${job}`,
  alreadyRunning: (job: string, since: string) =>
    `Your clock is already running on ${job} since ${since}. Switch or clock out first.`,
  notRunning: 'No clock is running: clock in first.',
  entryNotFound: 'No such time entry in your company.',
  userNotFound: 'No such person in your company.',
  stepRunNotFound: 'No such work-order step in your company.',
  stepRunOfOtherJob: 'That work-order step belongs to another job.',
  weekApproved: (week: string) => `The week of ${week} is approved: its time cannot change.`,
  notYours: 'You can change only your own time entries. Ask an admin.',
  onlyAdminsApprove: 'Only an admin can approve a week.',
  weekNotApproved: (week: string) => `The week of ${week} is not approved: there is nothing to reopen.`,
  weekNotStarted: (week: string) =>
    `The week of ${week} has not started yet: approve it once its time is in.`,
  ownWeekNeedsAnotherAdmin:
    'You cannot approve your own week: another admin must approve it. Ask one of the company’s other admins.',
  selfApprovedOnlyAdmin:
    'You are the company’s only active admin, so you approve your own week yourself: the audit trail records it as self-approved.',
  clockRunningInWeek: (person: string) =>
    `${person}’s clock is still running in this week: approve it once they have clocked out.`,
  endBeforeStart: 'End must be after start',
  inTheFuture: 'Time cannot be entered for the future',
  reasonRequired: 'Reason is required',
  runningNotEditable: 'A running clock is stopped by clocking out, not edited.',
  nothingToChange: 'Nothing to change: send jobId, stepRunId, activity, startedAt or endedAt',
} as const;

const reason = z
  .string({ error: TIME_MESSAGES.reasonRequired })
  .trim()
  .min(1, TIME_MESSAGES.reasonRequired)
  .max(MAX_TIME_REASON, `Reason is too long (maximum ${MAX_TIME_REASON} characters)`);

const jobId = z.uuid({ error: 'Choose a job' });
const stepRunId = z.uuid({ error: 'Not a work-order step id' });
const activity = z.enum(TIME_ACTIVITIES, { error: 'Choose an activity' });
const instant = (field: string) => isoDateTime(`${field} must be a date and time`);

/**
 * The first and last day a week may be asked by, as the reports' bounds (decision 040): the week must begin and end
 * in years the database can read in any zone. 0001-01-01 is a Monday, whose start is in year 0 east of UTC; the week
 * of 9999-12-27 ends in year 10000.
 */
export const TIME_FIRST_WEEK_DAY = '0001-01-08';
export const TIME_LAST_WEEK_DAY = '9999-12-26';

/** A calendar date (YYYY-MM-DD) of the company's: any day of the week asked for. */
export const ZWeekDateSchema = isoDate('Week must be a date (YYYY-MM-DD)').refine(
  (d) => d >= TIME_FIRST_WEEK_DAY && d <= TIME_LAST_WEEK_DAY,
  `Week must be between ${TIME_FIRST_WEEK_DAY} and ${TIME_LAST_WEEK_DAY}`,
);

const breakdownId = z.uuid({ error: 'Not a breakdown id' });
const occurrenceId = z.uuid({ error: 'Not a PM id' });

/**
 * POST /api/v1/time/clock-in and /switch: the job, and optionally the step run or the kind of work — or the repair
 * (breakdownId) or PM (occurrenceId) it is spent on, on the job that repair or PM is charged to (decision 085).
 */
export const ZClockInSchema = z.object({
  jobId,
  stepRunId: stepRunId.optional(),
  breakdownId: breakdownId.optional(),
  occurrenceId: occurrenceId.optional(),
  activity: activity.optional(),
});
export type TClockIn = z.infer<typeof ZClockInSchema>;

/** POST /api/v1/time/entries: time typed afterwards, for oneself or (admins) for someone else. */
export const ZManualEntrySchema = z.object({
  userId: z.uuid({ error: 'Not a person id' }).optional(),
  jobId,
  stepRunId: stepRunId.optional(),
  breakdownId: breakdownId.optional(),
  occurrenceId: occurrenceId.optional(),
  activity: activity.optional(),
  startedAt: instant('Start'),
  endedAt: instant('End'),
  reason,
});
export type TManualEntry = z.infer<typeof ZManualEntrySchema>;

/** PATCH /api/v1/time/entries/:id: what changes, and why (always). */
export const ZEntryEditSchema = z
  .object({
    jobId: jobId.optional(),
    /** null: the entry no longer names a step. */
    stepRunId: stepRunId.nullable().optional(),
    activity: activity.nullable().optional(),
    startedAt: instant('Start').optional(),
    endedAt: instant('End').optional(),
    reason,
  })
  .refine(
    (e) =>
      e.jobId !== undefined ||
      e.stepRunId !== undefined ||
      e.activity !== undefined ||
      e.startedAt !== undefined ||
      e.endedAt !== undefined,
    { error: TIME_MESSAGES.nothingToChange },
  );
export type TEntryEdit = z.infer<typeof ZEntryEditSchema>;

/** DELETE /api/v1/time/entries/:id: why it goes. */
export const ZEntryDeleteSchema = z.object({ reason });

export const ZEntryIdParamsSchema = z.object({ id: z.uuid({ error: 'Not a time entry id' }) });

/** GET /api/v1/time/week: a person's week (default: one's own, this week). */
export const ZWeekQuerySchema = z.object({
  userId: z.uuid({ error: 'Not a person id' }).optional(),
  week: ZWeekDateSchema.optional(),
});
export type TWeekQuery = z.infer<typeof ZWeekQuerySchema>;

/** POST /api/v1/time/week/approve: an admin approves a person's week (any date of it). */
export const ZApproveWeekSchema = z.object({
  userId: z.uuid({ error: 'Not a person id' }),
  week: ZWeekDateSchema,
});
export type TApproveWeek = z.infer<typeof ZApproveWeekSchema>;

/** POST /api/v1/time/week/reopen: an approved week opened again (admins), with why, for the audit trail. */
export const ZReopenWeekSchema = ZApproveWeekSchema.extend({ reason });
export type TReopenWeek = z.infer<typeof ZReopenWeekSchema>;

export const ZTimeEntrySchema = z.object({
  id: z.string(),
  userId: z.string(),
  userName: z.string(),
  jobId: z.string(),
  /** JOB-000003 */
  jobNumber: z.string(),
  jobName: z.string(),
  stepRunId: z.string().nullable(),
  /** "WO-000012 · 2. Solder", when the entry names a step. */
  stepLabel: z.string().nullable(),
  /**
   * The repair or PM it was spent on (decision 085), null when none. Always answered; optional in the type only for
   * clients written before it.
   */
  breakdownId: z.string().nullable().optional(),
  occurrenceId: z.string().nullable().optional(),
  activity: z.enum(TIME_ACTIVITIES).nullable(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  source: z.enum(TIME_SOURCES),
  reason: z.string().nullable(),
  /** Money per hour in force at the start, exact. */
  rate: z.string(),
  /** rate × hours, exact; null while running. */
  cost: z.string().nullable(),
  /** In a week an admin approved: it cannot change. */
  locked: z.boolean(),
});
export type TTimeEntry = z.infer<typeof ZTimeEntrySchema>;

/** GET /api/v1/time/clock: the caller's running clock, or null. */
export const ZRunningClockSchema = z.object({ entry: ZTimeEntrySchema.nullable() });
export type TRunningClock = z.infer<typeof ZRunningClockSchema>;

/** A stretch of time added up: seconds, and hours as exact text to two decimals ("7.5"). */
const ZTotalSchema = z.object({ seconds: z.number().int(), hours: z.string() });

export const ZWeekSchema = z.object({
  userId: z.string(),
  userName: z.string(),
  timeZone: z.string(),
  /** The Monday it starts on, and the Sunday it ends on. */
  weekStart: z.string(),
  weekEnd: z.string(),
  /** Seven days, Monday first; an entry across midnight counts in both days, each its part. */
  days: z.array(ZTotalSchema.extend({ date: z.string() })),
  total: ZTotalSchema,
  /** Ended entries' cost, exact. */
  cost: z.string(),
  approved: z.object({ at: z.string(), by: z.string() }).nullable(),
  /**
   * An admin's own week (decision 080, separation of duties): 'another-admin' when another active admin must approve
   * it (approving it is refused), 'only-admin' when the caller is the company's only active admin and may approve it,
   * recorded as self-approved. null when the week is not the caller's own or the caller is no admin.
   */
  selfApproval: z.enum(SELF_APPROVAL).nullable(),
  entries: z.array(ZTimeEntrySchema),
});
export type TWeek = z.infer<typeof ZWeekSchema>;
