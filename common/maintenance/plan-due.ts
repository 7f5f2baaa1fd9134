// Where a plan's open occurrence stands when its plan changes (decision 056): the due date and reading a plan's open
// occurrence takes after its schedule is edited or it is switched back on, and whether a completion was on time.
// Pure functions on common/maintenance/schedule.ts, so the Add/Edit dialog's live preview in the browser and the
// server's answer compute the same dates.
import { compareDecimal, fromScaled, toScaled } from '../decimal.ts';
import { compareDates } from '../time/calendar.ts';
import {
  doneOnTime,
  firstDue,
  gridDate,
  METER_SCALE,
  nextDue,
  previewDueDates,
  type TCompletion,
  type TDue,
  type TPlanSchedule,
} from './schedule.ts';

/**
 * The due of a plan's open occurrence from its schedule: the first due when nothing was completed yet, else the next
 * after the latest completion. Editing a schedule re-dates an open occurrence with this, so the new rule applies at
 * once and from the same history the old one did (missed dates were recorded at that completion, not again here).
 */
export function dueFromSchedule(schedule: TPlanSchedule, lastCompletion: TCompletion | null): TDue {
  return lastCompletion === null ? firstDue(schedule) : nextDue(schedule, lastCompletion).due;
}

/**
 * The due of an open occurrence when its plan is switched back on: a date that passed while the plan was off moves to
 * the first due on or after today (a fixed plan's next grid date, a floating plan today), since nothing was due while
 * it was off; a date still ahead, and the meter's reading, stay as they are.
 */
export function dueOnResume(schedule: TPlanSchedule, due: TDue, today: string): TDue {
  if (due.date === null || compareDates(due.date, today) >= 0 || schedule.calendar === null) return due;
  if (schedule.mode === 'floating') return { ...due, date: today };
  let k = 0;
  while (compareDates(gridDate(schedule.start, schedule.calendar, k), today) < 0) k += 1;
  return { ...due, date: gridDate(schedule.start, schedule.calendar, k) };
}

/**
 * On time for compliance (decision 045): within the grace period on every measure the occurrence is due on — the date
 * (due + grace days) and the meter (due reading + grace hours); whichever passed first made it late.
 */
export function completedOnTime(
  due: TDue,
  done: { completedOn: string; reading: string | null },
  grace: { days: number; hours: string },
): boolean {
  if (due.date !== null && !doneOnTime(due.date, done.completedOn, grace.days)) return false;
  if (due.reading !== null && done.reading !== null) {
    const limit = addReadings(due.reading, grace.hours);
    if (compareDecimal(done.reading, limit, METER_SCALE) > 0) return false;
  }
  return true;
}

/** Readings are exact decimals: added as BigInt hundredths, never floats. */
function addReadings(a: string, b: string): string {
  return fromScaled(toScaled(a, METER_SCALE) + toScaled(b, METER_SCALE), METER_SCALE);
}

/** The next `count` due dates of a plan whose open occurrence is due at `due` (calendar plans; [] on the meter alone). */
export function nextDueDates(schedule: TPlanSchedule, due: TDue, count = 5): string[] {
  return due.date === null ? [] : previewDueDates(schedule, due.date, count);
}
