// Breakdowns (decisions 050, 057): the shared contract of /api/v1/breakdowns — a breakdown reported (the machine goes
// down), worked (in maintenance) and resolved with cause, action, repair time and the parts used (issued from stock),
// its downtime from report to resolution.
import { z } from 'zod';
import { ZMachineStatusEventSchema, ZMachineStatusSchema } from './machines.ts';
import { ZBreakdownAlertAudienceSchema } from './maintenance-email.ts';
import { optionalJobId, ZChargedJobSchema } from './maintenance-job.ts';
import { ZIssuedPartSchema, ZPartsUsedSchema } from './maintenance-parts.ts';
import { numberField, requiredMessage } from './numbers.ts';
import { pageOf, pageQuery } from './paging.ts';

export const BREAKDOWN_PRIORITIES = ['low', 'medium', 'high', 'critical'] as const;
export const ZBreakdownPrioritySchema = z.enum(BREAKDOWN_PRIORITIES, {
  error: 'Choose low, medium, high or critical',
});
export type TBreakdownPriority = z.infer<typeof ZBreakdownPrioritySchema>;

export const BREAKDOWN_STATUSES = ['reported', 'in_progress', 'resolved'] as const;
export const ZBreakdownStatusSchema = z.enum(BREAKDOWN_STATUSES, {
  error: 'Choose reported, in progress or resolved',
});
export type TBreakdownStatus = z.infer<typeof ZBreakdownStatusSchema>;

/** The list's status filter: a status, or "open" (reported or in progress: still to fix). */
export const BREAKDOWN_STATUS_FILTERS = ['open', ...BREAKDOWN_STATUSES] as const;
export type TBreakdownStatusFilter = (typeof BREAKDOWN_STATUS_FILTERS)[number];

/** How long the problem, cause and action may be: a few paragraphs from a phone. */
export const BREAKDOWN_TEXT_MAX = 2000;
/** The longest repair one breakdown records: a month of minutes. */
export const REPAIR_MINUTES_MAX = 44_640;

/** "Breakdown 12", as lists, the ledger and the audit trail name one. */
export const breakdownLabel = (number: number) => `Breakdown ${number}`;

export const BREAKDOWN_MESSAGES = {
  notFound: 'No such breakdown in your company.',
  machineNotFound: 'No such machine in your company: choose the machine from the list.',
  photoNotFound: 'No such file in your company: upload the photo again.',
  photoNotPicture: 'The photo must be a picture (PNG, JPEG, GIF or WebP), not a video.',
  alreadyStarted: (number: number) =>
    `${breakdownLabel(number)} is already in progress: resolve it when the machine is fixed.`,
  alreadyResolved: (number: number) =>
    `${breakdownLabel(number)} is already resolved: report a new breakdown if the machine fails again.`,
  /** Repair time is part of the downtime (decision 067): a repair cannot outlast the stop it ended. */
  repairOverDowntime: (downtime: number) =>
    `Repair time cannot be longer than the downtime: the machine has been down ${downtime} min since the ` +
    `breakdown was reported. Enter at most ${downtime} minutes of repair.`,
} as const;

const text = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(BREAKDOWN_TEXT_MAX, `${field} must be at most ${BREAKDOWN_TEXT_MAX} characters`);
const required = (field: string) => text(field).min(1, requiredMessage(field));

/** POST /api/v1/breakdowns: which machine, what is wrong, how urgent, and a photo (an uploaded file) if any. */
export const ZBreakdownReportSchema = z.object({
  machineId: z.uuid({ error: 'Choose the machine from the list' }),
  problem: required('Problem'),
  priority: ZBreakdownPrioritySchema.default('medium'),
  /** A picture uploaded through POST /api/v1/breakdowns/photos (or /api/v1/files); null: none. */
  photoFileId: z.uuid({ error: 'Upload the photo again' }).nullable().default(null),
});
export type TBreakdownReport = z.input<typeof ZBreakdownReportSchema>;
export type TBreakdownReportFields = z.output<typeof ZBreakdownReportSchema>;

/** POST /api/v1/breakdowns/:id/resolve: what caused it, what was done, how long, the parts used, the machine after. */
export const ZBreakdownResolveSchema = z.object({
  cause: required('Cause'),
  action: required('Action taken'),
  repairMinutes: numberField('Repair time', 'Repair time must be a number of minutes')
    .int('Repair time must be whole minutes')
    .min(0, 'Repair time cannot be negative')
    .max(REPAIR_MINUTES_MAX, `Repair time must be at most ${REPAIR_MINUTES_MAX} minutes (a month)`),
  parts: ZPartsUsedSchema,
  /** The machine's status once resolved: running unless it waits for something else. */
  machineStatus: ZMachineStatusSchema.default('running'),
  /** The job the repair is charged to (decision 085): absent keeps it, null clears it. */
  jobId: optionalJobId,
});
export type TBreakdownResolve = z.input<typeof ZBreakdownResolveSchema>;
export type TBreakdownResolveFields = z.output<typeof ZBreakdownResolveSchema>;

const filterFields = {
  /** The number, the problem, or the machine's name or asset tag contains. */
  q: z.string().trim().max(100, 'Search must be at most 100 characters').default(''),
  machineId: z.uuid({ error: 'Choose the machine from the list' }).optional(),
  status: z
    .enum(BREAKDOWN_STATUS_FILTERS, { error: 'Choose open, reported, in progress or resolved' })
    .optional(),
  priority: ZBreakdownPrioritySchema.optional(),
};

/** GET /api/v1/breakdowns/export.csv: the list's filters, every row. */
export const ZBreakdownFilterSchema = z.object(filterFields);
export type TBreakdownFilter = z.infer<typeof ZBreakdownFilterSchema>;

/** GET /api/v1/breakdowns: a page, newest first. */
export const ZBreakdownListQuerySchema = z.object({ ...pageQuery(25, 100), ...filterFields });
export type TBreakdownListQuery = z.infer<typeof ZBreakdownListQuerySchema>;

export const ZBreakdownSummarySchema = z.object({
  id: z.string(),
  number: z.number().int(),
  machine: z.object({ id: z.string(), name: z.string(), assetTag: z.string(), status: ZMachineStatusSchema }),
  problem: z.string(),
  priority: ZBreakdownPrioritySchema,
  status: ZBreakdownStatusSchema,
  /** The photo's URL (GET /api/v1/files/:id), or null. */
  photoUrl: z.string().nullable(),
  reportedAt: z.string(),
  reportedBy: z.string(),
  startedAt: z.string().nullable(),
  startedBy: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  /** Reported → resolved, whole minutes; null while open. */
  downtimeMinutes: z.number().int().nullable(),
  repairMinutes: z.number().int().nullable(),
});
export type TBreakdownSummary = z.infer<typeof ZBreakdownSummarySchema>;
export const ZBreakdownPageSchema = pageOf(ZBreakdownSummarySchema);
export type TBreakdownPage = z.infer<typeof ZBreakdownPageSchema>;

/** GET /api/v1/breakdowns/:id: the breakdown with its cause, action, parts and the machine's moves it made. */
export const ZBreakdownDetailSchema = ZBreakdownSummarySchema.extend({
  cause: z.string(),
  action: z.string(),
  parts: z.array(ZIssuedPartSchema),
  /** The machine's status changes this breakdown made, oldest first. */
  machineEvents: z.array(ZMachineStatusEventSchema),
  /** The job it is charged to (decision 085), or null. */
  job: ZChargedJobSchema,
});
export type TBreakdownDetail = z.infer<typeof ZBreakdownDetailSchema>;

/** POST /api/v1/breakdowns: the breakdown reported, and who its alert e-mailed (nobody: `alert.to` empty). */
export const ZBreakdownReportedSchema = ZBreakdownDetailSchema.extend({
  alert: ZBreakdownAlertAudienceSchema,
});
export type TBreakdownReported = z.infer<typeof ZBreakdownReportedSchema>;
