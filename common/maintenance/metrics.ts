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

/** What reliability is worked out from: one machine's, or a fleet's summed (time adds up, repairs list together). */
export interface TReliabilityInputs {
  /** Minutes the machine existed in the period (a fleet: the sum over its machines). */
  periodMinutes: number;
  /** Minutes stopped in the period, overlaps counted once per machine. */
  downtimeMinutes: number;
  /** Breakdowns that began in the period. */
  failures: number;
  /** The repair minutes of each breakdown finished in the period. */
  repairMinutes: number[];
}

/**
 * MTBF = operating time ÷ failures, MTTR = repair time ÷ repairs, availability = MTBF ÷ (MTBF + MTTR); with no failure
 * or no finished repair, availability is the share of the period the machine could run (uptime ÷ period).
 */
export function reliabilityOf(inputs: TReliabilityInputs): TReliability {
  const { periodMinutes, downtimeMinutes, failures, repairMinutes } = inputs;
  const operatingMinutes = periodMinutes - downtimeMinutes;
  const mtbfMinutes = failures === 0 ? null : operatingMinutes / failures;
  const mttrMinutes =
    repairMinutes.length === 0 ? null : repairMinutes.reduce((sum, m) => sum + m, 0) / repairMinutes.length;
  let availability: number | null = null;
  if (mtbfMinutes !== null && mttrMinutes !== null && mtbfMinutes + mttrMinutes > 0) {
    availability = mtbfMinutes / (mtbfMinutes + mttrMinutes);
  } else if (periodMinutes > 0) {
    availability = operatingMinutes / periodMinutes;
  }
  return { operatingMinutes, failures, mtbfMinutes, mttrMinutes, availability };
}

/**
 * MTBF, MTTR and availability of one machine over `period`: `downtime` is every stoppage (breakdowns from report to
 * resolution, and planned work that took the machine down), `repairs` the breakdowns resolved in the period with the
 * minutes each took, each one a failure.
 */
export function reliability(
  period: { start: number; end: number },
  downtime: TSpan[],
  repairs: { minutes: number }[],
): TReliability {
  return reliabilityOf({
    periodMinutes: (period.end - period.start) / MINUTE,
    downtimeMinutes: minutesWithin(period, downtime),
    failures: repairs.length,
    repairMinutes: repairs.map((r) => r.minutes),
  });
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
