// Occurrences of maintenance plans (decisions 050, 056): one due piece of a plan's work, open until completed, or
// missed when a fixed grid date passed while another was open. The completion contract is an object that later
// slices extend (the parts issued from stock through the ledger are added by the PM calendar's slice as `parts`).
import { z } from 'zod';
import { OCCURRENCE_STATES } from '../maintenance/schedule.ts';
import { isoDate } from './dates.ts';
import { meterReading } from './machines.ts';
import { optionalJobId, ZChargedJobSchema } from './maintenance-job.ts';
import { ZIssuedPartSchema, ZPartsUsedSchema } from './maintenance-parts.ts';
import { numberField } from './numbers.ts';

export const OCCURRENCE_STATUSES = ['open', 'completed', 'missed'] as const;
export type TOccurrenceStatus = (typeof OCCURRENCE_STATUSES)[number];
export const OCCURRENCE_NOTES_MAX = 2000;
export const OCCURRENCE_MINUTES_MAX = 100_000;

export const OCCURRENCE_MESSAGES = {
  notFound: 'No such maintenance occurrence in your company.',
  notOpen: (status: string) =>
    status === 'missed'
      ? 'This occurrence was missed: its date passed while another was open. Complete the open one.'
      : 'This occurrence is already completed. Reload to see the next one.',
  planOff: 'This plan is switched off. Switch it on to complete its work.',
  future: (today: string) => `Done on cannot be after today (${today})`,
  readingRequired: 'Reading is required: this plan runs on the meter. Read the machine’s meter and enter it.',
  checklistLength: (n: number) => `Tick or leave each of the plan’s ${n} tasks`,
  /** A completion with tasks left unticked must say so (decision 067): the checklist is what the plan promises. */
  skippedTasks: (tasks: string[]) =>
    `${tasks.length} task${tasks.length === 1 ? '' : 's'} not done: ${tasks.join(', ')}. Tick ${
      tasks.length === 1 ? 'it' : 'them'
    } if done, or confirm that you complete the work without ${tasks.length === 1 ? 'it' : 'them'}.`,
} as const;

/** The tasks of `checklist` left unticked in `results` (same order), by their text. */
export function skippedTasksOf(checklist: { text: string }[], results: { done: boolean }[]): string[] {
  return checklist.filter((_, i) => results[i]?.done !== true).map((task) => task.text);
}

export const ZChecklistResultSchema = z.object({
  text: z.string(),
  done: z.boolean(),
  note: z.string(),
});
export type TChecklistResultOut = z.infer<typeof ZChecklistResultSchema>;

/** An occurrence in a plan's page or a machine's due list. */
export const ZOccurrenceSummarySchema = z.object({
  id: z.string(),
  planId: z.string(),
  status: z.enum(OCCURRENCE_STATUSES),
  dueOn: z.string().nullable(),
  dueReading: z.string().nullable(),
  /** Where an open occurrence stands today (decision 045); null once completed or missed. */
  state: z.enum(OCCURRENCE_STATES).nullable(),
  completedOn: z.string().nullable(),
  completedByName: z.string().nullable(),
  reading: z.string().nullable(),
  minutesSpent: z.number().int().nullable(),
  onTime: z.boolean().nullable(),
  notes: z.string(),
  checklist: z.array(ZChecklistResultSchema).nullable(),
});
export type TOccurrenceSummary = z.infer<typeof ZOccurrenceSummarySchema>;

/** GET /api/v1/maintenance/occurrences/:id: the occurrence with what the Complete dialog needs of its plan. */
export const ZOccurrenceDetailSchema = ZOccurrenceSummarySchema.extend({
  plan: z.object({
    id: z.string(),
    title: z.string(),
    checklist: z.array(z.object({ text: z.string() })),
    metered: z.boolean(),
    active: z.boolean(),
    estimatedMinutes: z.number().int(),
  }),
  machine: z.object({ id: z.string(), name: z.string(), assetTag: z.string(), meterReading: z.string() }),
  /** Today on the company's clock: the Complete dialog's default and latest date. */
  today: z.string(),
  /** The parts issued to it from stock, oldest first (none while open). */
  parts: z.array(ZIssuedPartSchema),
  /** The job it is charged to (decision 085), or null. */
  job: ZChargedJobSchema,
});
export type TOccurrenceDetail = z.infer<typeof ZOccurrenceDetailSchema>;

/**
 * POST /api/v1/maintenance/occurrences/:id/complete: what was done, and the parts used (items issued from stock
 * through the ledger in the completion's transaction, as a repair's are).
 */
export const ZCompleteOccurrenceSchema = z.object({
  /** The company's date it was done; default today (app clock, company zone); never after today. */
  completedOn: isoDate('Done on must be a date (YYYY-MM-DD)').nullable().default(null),
  /** The machine's meter when done: required when the plan runs on the meter; never below the latest reading. */
  reading: meterReading.nullable().default(null),
  minutesSpent: numberField('Time spent')
    .int('Time spent must be whole minutes')
    .min(0, 'Time spent cannot be negative')
    .max(OCCURRENCE_MINUTES_MAX, `Time spent must be at most ${OCCURRENCE_MINUTES_MAX} minutes`)
    .nullable()
    .default(null),
  /** One result per task of the plan's checklist, in its order. */
  checklist: z
    .array(
      z.object({
        done: z.boolean({ error: 'Tick the task or leave it' }),
        note: z
          .string({ error: 'Note must be text' })
          .trim()
          .max(500, 'Note must be at most 500 characters')
          .default(''),
      }),
      { error: 'Checklist must be a list of results' },
    )
    .max(50, 'A checklist has at most 50 tasks')
    .default([]),
  notes: z
    .string({ error: 'Notes must be text' })
    .trim()
    .max(OCCURRENCE_NOTES_MAX, `Notes must be at most ${OCCURRENCE_NOTES_MAX} characters`)
    .default(''),
  parts: ZPartsUsedSchema,
  /**
   * True to complete the work with checklist tasks left unticked; without it such a completion is refused (400
   * naming this field, the tasks listed). The tasks skipped are recorded with the completion.
   */
  skippedTasksConfirmed: z.boolean({ error: 'Confirm the tasks not done with true or false' }).default(false),
  /** The job the PM is charged to (decision 085): absent keeps it, null clears it. */
  jobId: optionalJobId,
});
export type TCompleteOccurrenceInput = z.input<typeof ZCompleteOccurrenceSchema>;
export type TCompleteOccurrenceFields = z.output<typeof ZCompleteOccurrenceSchema>;

/** GET /api/v1/machines/:id/due-maintenance: the machine's open occurrences of plans switched on, by due date. */
export const ZDueMaintenanceSchema = z.object({
  today: z.string(),
  items: z.array(
    ZOccurrenceSummarySchema.extend({
      planTitle: z.string(),
      estimatedMinutes: z.number().int(),
      assigneeName: z.string().nullable(),
    }),
  ),
});
export type TDueMaintenance = z.infer<typeof ZDueMaintenanceSchema>;
