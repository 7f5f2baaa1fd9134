// The PM calendar (decision 059): the shared contract of /api/v1/maintenance/calendar (each company day's
// preventive work: open occurrences with their state, done and missed ones, forecasts) and of the user's secret
// iCalendar feed (/api/v1/maintenance/calendar-feed, and the public /calendar/<secret>.ics).
import { z } from 'zod';
import { daysBetween, isCalendarDate } from '../time/calendar.ts';
import { isoDate } from './dates.ts';
import { pageOf, pageQuery } from './paging.ts';

/** The longest range one request may ask: six weeks, the grid of a month view. */
export const CALENDAR_MAX_DAYS = 42;

/**
 * The most chips one day of a range answer carries (`perDay`); the rest of a day is counted, and read a page at a time
 * from /api/v1/maintenance/calendar/day (decision 062). A shop of thousands of plans has hundreds of pieces of work on
 * a day, which no cell can show and no request should carry.
 */
export const CALENDAR_PER_DAY_MAX = 50;
export const CALENDAR_PER_DAY_DEFAULT = 20;

/**
 * What a chip on the calendar says: an open occurrence's state (decision 045), a forecast, or the history —
 * completed, or missed (a fixed grid date passed while another occurrence was open).
 */
export const PM_ENTRY_STATES = [
  'scheduled',
  'due-soon',
  'due',
  'overdue',
  'forecast',
  'completed',
  'missed',
] as const;
export const ZPmEntryStateSchema = z.enum(PM_ENTRY_STATES);
export type TPmEntryState = z.infer<typeof ZPmEntryStateSchema>;

export const CALENDAR_MESSAGES = {
  machineNotFound: 'No such machine in your company.',
  assigneeNotFound: 'No such person in your company.',
  toBeforeFrom: 'The last day must be on or after the first: swap them.',
  perDay: `Per day must be a whole number from 1 to ${CALENDAR_PER_DAY_MAX}.`,
  tooLong: `Ask for at most ${CALENDAR_MAX_DAYS} days at a time (six weeks): move the last day nearer.`,
  feedNotFound: 'This calendar link does not exist or was revoked: make a new one on the PM calendar.',
} as const;

/** Whose work: a machine's, a person's ("me": the signed-in user's), or everyone's. */
const filterFields = {
  machineId: z.uuid({ error: 'Choose a machine from the list' }).optional(),
  assigneeId: z
    .union([z.literal('me'), z.uuid()], { error: 'Choose “me” or a person from the list' })
    .optional(),
};
export type TCalendarFilterQuery = { machineId?: string | undefined; assigneeId?: string | undefined };

/**
 * GET /api/v1/maintenance/calendar: the days from `from` to `to` (both included), narrowed to a machine or a person,
 * each with its first `perDay` pieces of work and the count of all of them.
 */
export const ZCalendarQuerySchema = z
  .object({
    from: isoDate('From must be a date (YYYY-MM-DD)'),
    to: isoDate('To must be a date (YYYY-MM-DD)'),
    ...filterFields,
    perDay: z.coerce
      .number({ error: CALENDAR_MESSAGES.perDay })
      .int({ error: CALENDAR_MESSAGES.perDay })
      .min(1, { error: CALENDAR_MESSAGES.perDay })
      .max(CALENDAR_PER_DAY_MAX, { error: CALENDAR_MESSAGES.perDay })
      .default(CALENDAR_PER_DAY_DEFAULT),
  })
  .superRefine((q, ctx) => {
    // Zod runs this even when a date above was refused: those are named already, and there is nothing to compare.
    if (!isCalendarDate(q.from) || !isCalendarDate(q.to)) return;
    const days = daysBetween(q.from, q.to);
    if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: CALENDAR_MESSAGES.toBeforeFrom });
    else if (days + 1 > CALENDAR_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: CALENDAR_MESSAGES.tooLong });
  });
export type TCalendarQuery = z.infer<typeof ZCalendarQuerySchema>;

/** A task of the plan's checklist; `done` once the occurrence was completed (null before). */
export const ZCalendarTaskSchema = z.object({ text: z.string(), done: z.boolean().nullable() });

/** One piece of preventive work on one day. */
export const ZCalendarEntrySchema = z.object({
  /** Unique on the calendar: the occurrence's id, or "forecast:<plan>:<day>". */
  key: z.string(),
  /** An occurrence row (open, completed or missed), or a forecast that is no row yet. */
  kind: z.enum(['occurrence', 'forecast']),
  occurrenceId: z.string().nullable(),
  state: ZPmEntryStateSchema,
  /** The day it shows on. */
  date: z.string(),
  /** calendar: its due date; meter: the day the machine's hours per day forecast the due reading. */
  basis: z.enum(['calendar', 'meter']),
  /** Overdue work shown again on today, besides the day it fell due. */
  carriedToToday: z.boolean(),
  dueOn: z.string().nullable(),
  /** The due meter reading in hours, when the plan has a meter. */
  dueReading: z.string().nullable(),
  plan: z.object({ id: z.string(), title: z.string(), estimatedMinutes: z.number().int() }),
  machine: z.object({ id: z.string(), name: z.string(), assetTag: z.string() }),
  assignee: z.object({ id: z.string(), name: z.string() }).nullable(),
  checklist: z.array(ZCalendarTaskSchema),
  completedOn: z.string().nullable(),
  /** Done within due date + grace (decision 045); null unless completed. */
  onTime: z.boolean().nullable(),
});
export type TCalendarEntry = z.infer<typeof ZCalendarEntrySchema>;

/** How many pieces of work of each state a day holds. */
export const ZCalendarCountsSchema = z.record(ZPmEntryStateSchema, z.number().int());
export type TCalendarCounts = z.infer<typeof ZCalendarCountsSchema>;

/** One day: its first pieces of work in the calendar's order (most urgent first), and how many it holds in all. */
export const ZCalendarDaySchema = z.object({
  date: z.string(),
  entries: z.array(ZCalendarEntrySchema),
  total: z.number().int(),
  counts: ZCalendarCountsSchema,
});
export type TCalendarDay = z.infer<typeof ZCalendarDaySchema>;

export const ZCalendarSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Today on the company's clock (the app clock in the company's zone). */
  today: z.string(),
  timeZone: z.string(),
  /** Every day of the range in order, empty ones too. */
  days: z.array(ZCalendarDaySchema),
});
export type TCalendar = z.infer<typeof ZCalendarSchema>;

/** GET /api/v1/maintenance/calendar/day: one day's work, all of it, a page at a time, in the calendar's order. */
export const ZCalendarDayQuerySchema = z.object({
  date: isoDate('Date must be a date (YYYY-MM-DD)'),
  ...filterFields,
  ...pageQuery(25, 100),
});
export type TCalendarDayQuery = z.infer<typeof ZCalendarDayQuerySchema>;

export const ZCalendarDayPageSchema = pageOf(ZCalendarEntrySchema).extend({
  date: z.string(),
  today: z.string(),
  counts: ZCalendarCountsSchema,
});
export type TCalendarDayPage = z.infer<typeof ZCalendarDayPageSchema>;

/** GET /api/v1/maintenance/calendar-feed: whether the signed-in user has a live link, since when, last read when. */
export const ZCalendarFeedStatusSchema = z.object({
  live: z.boolean(),
  createdAt: z.string().nullable(),
  lastReadAt: z.string().nullable(),
});
export type TCalendarFeedStatus = z.infer<typeof ZCalendarFeedStatusSchema>;

/** POST /api/v1/maintenance/calendar-feed: the new secret link, shown this once (only its hash is kept). */
export const ZCalendarFeedLinkSchema = z.object({ url: z.string(), createdAt: z.string() });
export type TCalendarFeedLink = z.infer<typeof ZCalendarFeedLinkSchema>;

/** The feed's window around today: a month back, six months ahead. */
export const FEED_MONTHS_BACK = 1;
export const FEED_MONTHS_AHEAD = 6;
