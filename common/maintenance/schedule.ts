// When preventive maintenance falls due: the rules of a maintenance plan's schedule as pure functions, shared by the
// scheduler, the plan screen's preview and the PM calendar (issue 22). Due dates are calendar dates in the company's
// time zone (YYYY-MM-DD); runtime is a meter reading in hours, an exact decimal string. Every date step goes through
// common/time/calendar.ts (Temporal), so month ends, leap years and daylight-saving days need no arithmetic of ours.
import { fromScaled, toScaled } from '../decimal.ts';
import { addDays, addMonths, compareDates, daysBetween } from '../time/calendar.ts';

export const PLAN_INTERVAL_UNITS = ['day', 'week', 'month'] as const;
export type TPlanIntervalUnit = (typeof PLAN_INTERVAL_UNITS)[number];

/**
 * Fixed: due dates sit on a grid, start + k × interval, whenever the work is done. Floating: the next due date is the
 * completion date + interval (a plan done late moves later).
 */
export const PLAN_MODES = ['fixed', 'floating'] as const;
export type TPlanMode = (typeof PLAN_MODES)[number];

/** Meter readings are hours with up to two decimals (a runtime meter shows tenths or hundredths). */
export const METER_SCALE = 2;

export interface TPlanSchedule {
  mode: TPlanMode;
  /** The first due date, and for a fixed plan the grid's anchor: its day of the month is kept for ever. */
  start: string;
  /** Every N days, weeks or months; null for a plan on the meter alone. */
  calendar: { every: number; unit: TPlanIntervalUnit } | null;
  /** Every N runtime hours from `startReading`; null for a plan on the calendar alone. With both, whichever first. */
  meter: { everyHours: string; startReading: string } | null;
}

/** What an occurrence is due at: a date, a meter reading, or both (whichever comes first). */
export interface TDue {
  date: string | null;
  reading: string | null;
}

/** A completed occurrence: what it was due at, and the date and reading it was done at. */
export interface TCompletion {
  due: TDue;
  completedOn: string;
  /** The machine's meter when the work was done; null when the plan has no meter. */
  reading: string | null;
}

/** The next occurrence after a completion, and the grid dates that passed while the last one was open. */
export interface TNextDue {
  due: TDue;
  /** Fixed plans only: grid dates after the completed one's due date, on or before its completion — missed, not stacked. */
  missed: string[];
}

const scaled = (reading: string) => toScaled(reading, METER_SCALE);
const reading = (value: bigint) => fromScaled(value, METER_SCALE);

/** The k-th date of a calendar grid: counted from the start each time, so the 31st returns after a short month. */
export function gridDate(start: string, rule: NonNullable<TPlanSchedule['calendar']>, k: number): string {
  if (rule.unit === 'month') return addMonths(start, k * rule.every);
  return addDays(start, k * rule.every * (rule.unit === 'week' ? 7 : 1));
}

/** An interval added to a date once (a floating plan's step). */
function afterInterval(date: string, rule: NonNullable<TPlanSchedule['calendar']>): string {
  return gridDate(date, rule, 1);
}

/**
 * The first grid index whose date is after `date`. Months are estimated from the day count and corrected, so a grid
 * many years long costs a few steps, not one per occurrence.
 */
function firstGridIndexAfter(
  start: string,
  rule: NonNullable<TPlanSchedule['calendar']>,
  date: string,
): number {
  const days = daysBetween(start, date);
  if (days < 0) return 0;
  const daysPerStep = rule.every * (rule.unit === 'month' ? 28 : rule.unit === 'week' ? 7 : 1);
  let k = Math.max(0, Math.floor(days / daysPerStep) - 1);
  while (k > 0 && compareDates(gridDate(start, rule, k - 1), date) > 0) k -= 1;
  while (compareDates(gridDate(start, rule, k), date) <= 0) k += 1;
  return k;
}

/** The first due date: the plan's start, and for a meter its start reading plus one interval. */
export function firstDue(schedule: TPlanSchedule): TDue {
  return {
    date: schedule.calendar ? schedule.start : null,
    reading: schedule.meter
      ? reading(scaled(schedule.meter.startReading) + scaled(schedule.meter.everyHours))
      : null,
  };
}

function nextCalendarDue(schedule: TPlanSchedule, done: TCompletion): { date: string; missed: string[] } {
  const rule = schedule.calendar!;
  if (schedule.mode === 'floating') return { date: afterInterval(done.completedOn, rule), missed: [] };
  // The grid continues after the completed occurrence's due date (or its completion, for one that fell due on the
  // meter before its date); grid dates up to the completion passed while it was open.
  const lastDue = done.due.date ?? done.completedOn;
  const from = firstGridIndexAfter(schedule.start, rule, lastDue);
  const missed: string[] = [];
  let k = from;
  while (compareDates(gridDate(schedule.start, rule, k), done.completedOn) <= 0) {
    missed.push(gridDate(schedule.start, rule, k));
    k += 1;
  }
  return { date: gridDate(schedule.start, rule, k), missed };
}

function nextMeterDue(schedule: TPlanSchedule, done: TCompletion): string {
  const { everyHours, startReading } = schedule.meter!;
  const every = scaled(everyHours);
  const doneAt = scaled(done.reading ?? done.due.reading ?? startReading);
  if (schedule.mode === 'floating') return reading(doneAt + every);
  // Fixed: the next grid reading (start + k × interval) after both the one this occurrence was due at (work done
  // early does not bring the same reading round again) and the one reached, however far the meter ran past.
  const dueAt = done.due.reading === null ? doneAt : scaled(done.due.reading);
  const at = doneAt > dueAt ? doneAt : dueAt;
  const start = scaled(startReading);
  const steps = at < start ? 1n : (at - start) / every + 1n;
  return reading(start + steps * every);
}

/** The occurrence after `done`, with the missed grid dates of a fixed plan (never more than one open occurrence). */
export function nextDue(schedule: TPlanSchedule, done: TCompletion): TNextDue {
  const calendar = schedule.calendar ? nextCalendarDue(schedule, done) : null;
  return {
    due: { date: calendar?.date ?? null, reading: schedule.meter ? nextMeterDue(schedule, done) : null },
    missed: calendar?.missed ?? [],
  };
}

/**
 * The next `count` due dates of a plan from its current due date, as the plan screen previews them: each assumed
 * done on its due date (a floating plan then steps by one interval, a fixed one walks its grid). Calendar plans only;
 * a meter's dates are forecast by `meterDueDate`.
 */
export function previewDueDates(schedule: TPlanSchedule, current: string, count = 5): string[] {
  const rule = schedule.calendar;
  if (!rule) return [];
  const dates = [current];
  if (schedule.mode === 'floating') {
    while (dates.length < count) dates.push(afterInterval(dates.at(-1)!, rule));
    return dates;
  }
  let k = firstGridIndexAfter(schedule.start, rule, current);
  while (dates.length < count) dates.push(gridDate(schedule.start, rule, k++));
  return dates;
}

/**
 * When a meter reading is forecast to reach `dueReading`: from the latest reading and the machine's average runtime
 * per calendar day. Null when the machine has no runtime rate yet (nothing to forecast from).
 */
export function meterDueDate(
  latest: { reading: string; on: string },
  dueReading: string,
  hoursPerDay: string | null,
): string | null {
  const left = scaled(dueReading) - scaled(latest.reading);
  if (left <= 0n) return latest.on;
  if (hoursPerDay === null) return null;
  const rate = scaled(hoursPerDay);
  if (rate <= 0n) return null;
  return addDays(latest.on, Number((left + rate - 1n) / rate));
}

/** The date a time-or-meter occurrence is forecast due: whichever of its date and its meter forecast comes first. */
export function forecastDueDate(due: TDue, meterForecast: string | null): string | null {
  const dates = [due.date, meterForecast].filter((d): d is string => d !== null);
  if (dates.length === 0) return null;
  return dates.reduce((a, b) => (compareDates(a, b) <= 0 ? a : b));
}

export const OCCURRENCE_STATES = ['scheduled', 'due-soon', 'due', 'overdue'] as const;
export type TOccurrenceState = (typeof OCCURRENCE_STATES)[number];

export interface TWindow {
  /** Days before the due date from which the work is offered (and the first reminder goes out). */
  leadDays: number;
  /** Days after the due date still on time; past them the occurrence is overdue. */
  graceDays: number;
  /** Hours past the due reading still on time, for a meter. */
  graceHours?: string;
}

/**
 * Where an open occurrence stands today: scheduled (before its lead time), due soon (within it), due (its date or
 * reading reached, within the grace period) or overdue (past the grace period on the date or the meter).
 */
export function occurrenceState(
  due: TDue,
  now: { today: string; reading: string | null },
  window: TWindow,
): TOccurrenceState {
  const overByDate = due.date !== null && compareDates(now.today, addDays(due.date, window.graceDays)) > 0;
  const meterAt = now.reading === null ? null : scaled(now.reading);
  const dueAt = due.reading === null ? null : scaled(due.reading);
  const graceAt = dueAt === null ? null : dueAt + scaled(window.graceHours ?? '0');
  const overByMeter = meterAt !== null && graceAt !== null && meterAt > graceAt;
  if (overByDate || overByMeter) return 'overdue';
  const reachedDate = due.date !== null && compareDates(now.today, due.date) >= 0;
  const reachedMeter = meterAt !== null && dueAt !== null && meterAt >= dueAt;
  if (reachedDate || reachedMeter) return 'due';
  if (due.date !== null && compareDates(now.today, addDays(due.date, -window.leadDays)) >= 0)
    return 'due-soon';
  return 'scheduled';
}

/** Done within its window: on or before the due date plus the grace period (SMRP's PM compliance counts these). */
export function doneOnTime(dueDate: string, completedOn: string, graceDays: number): boolean {
  return compareDates(completedOn, addDays(dueDate, graceDays)) <= 0;
}
