// Machines (decisions 050, 055): the shared contract of /api/v1/machines — the machine, its status with its history,
// and its runtime meter, whose readings never go backwards. Meter readings are exact decimal strings (hours, two
// places: METER_SCALE), never floats.
import { z } from 'zod';
import { METER_SCALE } from '../maintenance/schedule.ts';
import { isoDate } from './dates.ts';
import { decimalText, requiredMessage } from './numbers.ts';
import { pageOf, pageQuery } from './paging.ts';

/** A machine's status; every change is kept in its history. */
export const MACHINE_STATUSES = ['running', 'down', 'in_maintenance'] as const;
export const ZMachineStatusSchema = z.enum(MACHINE_STATUSES, {
  error: 'Choose running, down or in maintenance',
});
export type TMachineStatus = z.infer<typeof ZMachineStatusSchema>;

/** How long the text fields may be: names people type, not documents. */
export const MACHINE_TEXT_MAX = 120;
export const ASSET_TAG_MAX = 40;
/** A runtime meter's largest reading (numeric(14,2)). */
export const METER_MAX_DIGITS = 12;

export const MACHINE_MESSAGES = {
  notFound: 'No such machine in your company.',
  locationNotFound: 'No such location in your company.',
  assetTagTaken: 'Another machine already has this asset tag.',
  sameStatus: (label: string) => `The machine is already ${label.toLowerCase()}.`,
  meterBackwards: (latest: string) =>
    `The meter already reads ${latest} hours: a reading can never be below the latest.`,
} as const;

const text = (field: string, max = MACHINE_TEXT_MAX) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`);
const required = (field: string, max = MACHINE_TEXT_MAX) => text(field, max).min(1, requiredMessage(field));

/** POST /api/v1/machines and PUT /api/v1/machines/:id: the machine's fields, whole. */
export const ZMachineInputSchema = z.object({
  name: required('Name'),
  /** Unique in the company whatever its case (the label and the scan name it). */
  assetTag: required('Asset tag', ASSET_TAG_MAX),
  /** A place of the location tree; null: not placed. */
  locationId: z.uuid({ error: 'Choose a location from the list' }).nullable().default(null),
  make: text('Make').default(''),
  model: text('Model').default(''),
  serial: text('Serial number').default(''),
  /** The day it went into service (the company's calendar); null: not known. */
  commissionedOn: isoDate('Commissioning date must be a date (YYYY-MM-DD)').nullable().default(null),
});
export type TMachineInput = z.input<typeof ZMachineInputSchema>;
export type TMachineFields = z.output<typeof ZMachineInputSchema>;

const filterFields = {
  /** Name, asset tag, make, model or serial contains. */
  q: z.string().trim().max(100, 'Search must be at most 100 characters').default(''),
  status: ZMachineStatusSchema.optional(),
};

/** GET /api/v1/machines/export.csv: the list's filters, every row. */
export const ZMachineFilterSchema = z.object(filterFields);
export type TMachineFilter = z.infer<typeof ZMachineFilterSchema>;

/** GET /api/v1/machines: a page by name, searched and narrowed by status. */
export const ZMachineListQuerySchema = z.object({ ...pageQuery(25, 100), ...filterFields });
export type TMachineListQuery = z.infer<typeof ZMachineListQuerySchema>;

/** POST /api/v1/machines/:id/status: the new status and why. */
export const ZMachineStatusChangeSchema = z.object({
  status: ZMachineStatusSchema,
  reason: text('Reason', 500).default(''),
});
export type TMachineStatusChange = z.input<typeof ZMachineStatusChangeSchema>;
export type TMachineStatusChangeFields = z.output<typeof ZMachineStatusChangeSchema>;

/** A reading in hours: two decimals at most, never negative. */
export const meterReading = decimalText('Reading', METER_SCALE, {
  maxDigits: METER_MAX_DIGITS,
  sign: 'nonNegative',
}).refine((v) => !v.startsWith('-'), 'Reading cannot be negative');

/** POST /api/v1/machines/:id/meter-readings: a reading by hand, never below the latest. */
export const ZMeterReadingInputSchema = z.object({ reading: meterReading });
export type TMeterReadingInput = z.infer<typeof ZMeterReadingInputSchema>;

export const ZMachineLocationSchema = z.object({ id: z.string(), code: z.string(), name: z.string() });

export const ZMachineSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  assetTag: z.string(),
  location: ZMachineLocationSchema.nullable(),
  make: z.string(),
  model: z.string(),
  serial: z.string(),
  commissionedOn: z.string().nullable(),
  status: ZMachineStatusSchema,
  /** The latest meter reading in hours ("0" before the first). */
  meterReading: z.string(),
  meterReadAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TMachineSummary = z.infer<typeof ZMachineSummarySchema>;
export const ZMachinePageSchema = pageOf(ZMachineSummarySchema);
export type TMachinePage = z.infer<typeof ZMachinePageSchema>;

/** One change of status: from (null for the first), to, when, who and why. */
export const ZMachineStatusEventSchema = z.object({
  id: z.string(),
  fromStatus: ZMachineStatusSchema.nullable(),
  toStatus: ZMachineStatusSchema,
  at: z.string(),
  byName: z.string(),
  reason: z.string(),
});
export type TMachineStatusEvent = z.infer<typeof ZMachineStatusEventSchema>;

export const ZMeterReadingSchema = z.object({
  id: z.string(),
  reading: z.string(),
  readAt: z.string(),
  source: z.enum(['manual', 'work_order']),
  byName: z.string(),
});
export type TMeterReading = z.infer<typeof ZMeterReadingSchema>;

/** How many of the newest status changes and readings a machine's page shows. */
export const MACHINE_HISTORY_LIMIT = 50;

/** GET /api/v1/machines/:id: the machine, its latest status changes and meter readings, newest first. */
export const ZMachineDetailSchema = ZMachineSummarySchema.extend({
  statusHistory: z.array(ZMachineStatusEventSchema),
  meterReadings: z.array(ZMeterReadingSchema),
});
export type TMachineDetail = z.infer<typeof ZMachineDetailSchema>;
