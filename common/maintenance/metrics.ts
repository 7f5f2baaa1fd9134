// The maintenance logs' figures, as REFERENCES.md gives them (SMRP best-practice metrics): MTBF = operating time ÷
// failures, MTTR = repair time ÷ repairs, availability = MTBF ÷ (MTBF + MTTR), PM compliance = PMs done within their
// window ÷ PMs due in the period. Pure functions on minutes and calendar dates, shared by the server's report, its CSV
// and the screen, so the three never disagree.
import { addDays, compareDates } from '../time/calendar.ts';
import { doneOnTime } from './schedule.ts';

/** A stretch of time in epoch milliseconds, end exclusive; an open one (still down) ends at the period's end. */
export interface TSpan {
  start: number;
  end: number | null;
}

const MINUTE = 60_000;

/** Minutes of `spans` inside `period`, overlaps counted once (two reports of one stoppage are one stoppage). */
export function minutesWithin(period: { start: number; end: number }, spans: TSpan[]): number {
  const clipped = spans
    .map((s) => ({ start: Math.max(s.start, period.start), end: Math.min(s.end ?? period.end, period.end) }))
    .filter((s) => s.end > s.start)
    .sort((a, b) => a.start - b.start);
  let total = 0;
  let reach = Number.NEGATIVE_INFINITY;
  for (const span of clipped) {
    const from = Math.max(span.start, reach);
    if (span.end > from) total += span.end - from;
    reach = Math.max(reach, span.end);
  }
  return total / MINUTE;
}

export interface TReliability {
  /** Time the machine could run: the period less its downtime, in minutes. */
  operatingMinutes: number;
  failures: number;
  /** Mean time between failures in minutes; null with no failure in the period (nothing to divide by). */
  mtbfMinutes: number | null;
  /** Mean time to repair in minutes; null with no repair finished in the period. */
  mttrMinutes: number | null;
  /** MTBF ÷ (MTBF + MTTR), 0..1; with no failure the machine was up whenever it was not stopped: uptime ÷ period. */
  availability: number | null;
}

/**
 * MTBF, MTTR and availability of one machine over `period`: `downtime` is every stoppage (breakdowns from report to
 * resolution, and planned work that took the machine down), `repairs` the breakdowns resolved in the period with the
 * minutes each took.
 */
export function reliability(
  period: { start: number; end: number },
  downtime: TSpan[],
  repairs: { minutes: number }[],
): TReliability {
  const periodMinutes = (period.end - period.start) / MINUTE;
  const operatingMinutes = periodMinutes - minutesWithin(period, downtime);
  const failures = repairs.length;
  const mtbfMinutes = failures === 0 ? null : operatingMinutes / failures;
  const mttrMinutes = failures === 0 ? null : repairs.reduce((sum, r) => sum + r.minutes, 0) / failures;
  let availability: number | null = null;
  if (mtbfMinutes !== null && mttrMinutes !== null && mtbfMinutes + mttrMinutes > 0) {
    availability = mtbfMinutes / (mtbfMinutes + mttrMinutes);
  } else if (periodMinutes > 0) {
    availability = operatingMinutes / periodMinutes;
  }
  return { operatingMinutes, failures, mtbfMinutes, mttrMinutes, availability };
}

/** A PM occurrence as compliance reads it: its due date, when it was done (null while open), its grace period. */
export interface TPmOccurrence {
  dueDate: string;
  completedOn: string | null;
  graceDays: number;
  /** A grid date passed while an earlier occurrence was open: due, and not done. */
  missed?: boolean;
}

export interface TCompliance {
  due: number;
  onTime: number;
  /** onTime ÷ due, 0..1; null when nothing fell due. */
  ratio: number | null;
}

/**
 * PM compliance over the calendar dates `from`..`to` (inclusive): the PMs due in the period whose window has closed by
 * `today` or that were done, and of them those done within their window. A PM still inside its window and not done
 * yet is not counted either way: it can still be done on time.
 */
export function pmCompliance(
  occurrences: TPmOccurrence[],
  period: { from: string; to: string },
  today: string,
): TCompliance {
  let due = 0;
  let onTime = 0;
  for (const o of occurrences) {
    if (compareDates(o.dueDate, period.from) < 0 || compareDates(o.dueDate, period.to) > 0) continue;
    const windowOpen = compareDates(today, addDays(o.dueDate, o.graceDays)) <= 0;
    if (!o.missed && o.completedOn === null && windowOpen) continue;
    due += 1;
    if (!o.missed && o.completedOn !== null && doneOnTime(o.dueDate, o.completedOn, o.graceDays)) onTime += 1;
  }
  return { due, onTime, ratio: due === 0 ? null : onTime / due };
}
