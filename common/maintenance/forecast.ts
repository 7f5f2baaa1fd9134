// Where preventive maintenance falls on the PM calendar (decision 059): the day an occurrence shows on, and a plan's
// forecast occurrences beyond its open one, assuming each is done on time. Built on decision 045's rules
// (schedule.ts) so the calendar, the plan preview and the scheduler agree; every date step is Temporal's
// (common/time/calendar.ts) and every meter step an exact decimal.
import { fromScaled, toScaled } from '../decimal.ts';
import { addDays, compareDates, daysBetween } from '../time/calendar.ts';
import {
  forecastDueDate,
  gridDate,
  METER_SCALE,
  meterDueDate,
  nextDue,
  type TDue,
  type TPlanSchedule,
} from './schedule.ts';

/** A machine's runtime as forecasts read it: the latest reading, the company day it was read, hours run a day. */
export interface TMeterRate {
  reading: string;
  /** The company day of the latest reading (today when never read: the forecast starts now). */
  on: string;
  /** Null: no rate, so a meter's date cannot be forecast. */
  hoursPerDay: string | null;
}

/** Why an occurrence shows on its day: its due date, or the day its meter is forecast to reach the due reading. */
export type TPlacementBasis = 'calendar' | 'meter';

export interface TPlacement {
  date: string;
  basis: TPlacementBasis;
}

/**
 * The day an occurrence shows on: its due date, or its meter's forecast day when that comes first (whichever first,
 * decision 045). A meter forecast is never before `today`: a reading not yet taken cannot have been reached in the
 * past, so work due by a forecast shows today. Null when nothing places it (a meter plan on a machine with no rate).
 */
export function placeOccurrence(due: TDue, meter: TMeterRate, today: string): TPlacement | null {
  let meterDate = due.reading === null ? null : meterDueDate(meter, due.reading, meter.hoursPerDay);
  if (meterDate !== null && compareDates(meterDate, today) < 0) meterDate = today;
  const date = forecastDueDate(due, meterDate);
  if (date === null) return null;
  return { date, basis: date === due.date ? 'calendar' : 'meter' };
}

/** The meter forecast on `date`: the latest reading plus the rate for each whole day since (never less than read). */
export function projectedReading(meter: TMeterRate, date: string): string {
  const days = Math.max(0, daysBetween(meter.on, date));
  const rate = meter.hoursPerDay === null ? 0n : toScaled(meter.hoursPerDay, METER_SCALE);
  return fromScaled(toScaled(meter.reading, METER_SCALE) + rate * BigInt(days), METER_SCALE);
}

/** A forecast occurrence: not a row yet, what the plan will ask on `date` if every earlier one is done on time. */
export interface TForecast extends TPlacement {
  due: TDue;
}

export interface TForecastInput {
  schedule: TPlanSchedule;
  /** What the plan's open occurrence is due at: forecasts come after it. */
  open: TDue;
  meter: TMeterRate;
  today: string;
  /** The calendar's range, both days included. */
  from: string;
  to: string;
}

/**
 * Steps a plan can take before the forecast gives up: a daily plan over a feed's seven months is about 215, and a
 * fixed calendar plan jumps straight to the range, so only floating and meter plans far ahead come near it.
 */
export const FORECAST_STEP_LIMIT = 1000;

const DAYS_PER_STEP = { day: 1, week: 7, month: 28 } as const;

/** The first grid date on or after `date` (a fixed plan's jump to a range far ahead; estimated, then corrected). */
function gridOnOrAfter(start: string, rule: NonNullable<TPlanSchedule['calendar']>, date: string): string {
  const days = daysBetween(start, date);
  let k = Math.max(0, Math.floor(days / (rule.every * DAYS_PER_STEP[rule.unit])) - 1);
  while (k > 0 && compareDates(gridDate(start, rule, k - 1), date) >= 0) k -= 1;
  while (compareDates(gridDate(start, rule, k), date) < 0) k += 1;
  return gridDate(start, rule, k);
}

/**
 * The forecast occurrences of a plan whose days fall in [from, to], after its open one. Each occurrence is assumed
 * done on the day it shows (the open one today at the earliest: overdue work is done now, and a fixed plan's grid
 * dates passed meanwhile are missed, not forecast), with the meter at its forecast reading that day. Fixed grids,
 * floating steps, meter readings and whichever-first all come from schedule.ts's `nextDue`.
 */
export function forecastPlan(input: TForecastInput): TForecast[] {
  const { schedule, meter, today, from, to } = input;
  const open = placeOccurrence(input.open, meter, today);
  if (open === null) return [];
  const forecasts: TForecast[] = [];
  let due = input.open;
  let doneOn = compareDates(open.date, today) < 0 ? today : open.date;
  const gridOnly = schedule.mode === 'fixed' && schedule.calendar !== null && schedule.meter === null;
  // A floating calendar plan's next date is at least its shortest interval after the day the open one is done: when
  // that is past the range, nothing is forecast in it, and most plans of a month view end here without a step.
  const rule = schedule.calendar;
  if (schedule.mode === 'floating' && rule !== null && schedule.meter === null) {
    const soonest = addDays(doneOn, rule.every * DAYS_PER_STEP[rule.unit]);
    if (compareDates(soonest, to) > 0) return [];
  }
  for (let step = 0; step < FORECAST_STEP_LIMIT; step += 1) {
    const reading = schedule.meter === null ? null : projectedReading(meter, doneOn);
    let next = nextDue(schedule, { due, completedOn: doneOn, reading }).due;
    // A fixed calendar grid needs no walk to a range far ahead: its date there is counted from its start.
    if (gridOnly && next.date !== null && compareDates(next.date, from) < 0) {
      next = { date: gridOnOrAfter(schedule.start, schedule.calendar!, from), reading: null };
    }
    const placed = placeOccurrence(next, meter, today);
    // No day to place it on, or no progress (which the rules never give; a guard against looping forever).
    if (placed === null || compareDates(placed.date, doneOn) <= 0) break;
    if (compareDates(placed.date, to) > 0) break;
    if (compareDates(placed.date, from) >= 0) forecasts.push({ ...placed, due: next });
    due = next;
    doneOn = placed.date;
  }
  return forecasts;
}

/** The days from `from` to `to`, both included. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; compareDates(day, to) <= 0; day = addDays(day, 1)) days.push(day);
  return days;
}
