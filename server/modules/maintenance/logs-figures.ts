// The maintenance logs' figures from what logs.repo.ts loads: each machine's downtime as spans of its status history
// (down or in maintenance, whatever stopped it: a breakdown, planned work, a hand change), its failures and repairs,
// its PMs — for the whole period, a month of the chart, or a page of machines, by common/maintenance/metrics.ts.
import {
  minutesWithin,
  pmCompliance,
  reliabilityOf,
  type TPmOccurrence,
  type TSpan,
} from '#common/maintenance/metrics.ts';
import type { TMaintenanceFigures } from '#common/schemas/maintenance-logs.ts';
import { compareDates } from '#common/time/calendar.ts';

const MINUTE = 60_000;
const ms = (value: Date | string) => new Date(value).getTime();

/** One machine's history as the figures need it. */
export interface TMachineHistory {
  id: string;
  /** Epoch ms the machine was added: before it, it was not there to run or to stop. */
  addedAt: number;
  /** Stretches it was down or in maintenance; an open one has no end. */
  downtime: TSpan[];
}

export interface TLogData {
  machines: TMachineHistory[];
  breakdowns: {
    machineId: string;
    reportedAt: number;
    resolvedAt: number | null;
    repairMinutes: number | null;
  }[];
  /** A meter-only PM has no due date: it counts as done, not in compliance by the calendar. */
  occurrences: (Omit<TPmOccurrence, 'dueDate'> & { machineId: string; dueDate: string | null })[];
}

/** A stretch of the report: its company days (inclusive) and its instants (end exclusive, never past now). */
export interface TStretch {
  from: string;
  to: string;
  start: number;
  end: number;
}

/**
 * Downtime spans from a machine's status changes, in time order; the first may be its status before the period
 * (a machine down since last month is down from the period's first moment).
 */
export function downtimeSpans(events: { at: Date | string; toStatus: string }[]): TSpan[] {
  const spans: TSpan[] = [];
  let openedAt: number | null = null;
  for (const event of events) {
    const at = ms(event.at);
    const stopped = event.toStatus !== 'running';
    if (stopped && openedAt === null) openedAt = at;
    if (!stopped && openedAt !== null) {
      spans.push({ start: openedAt, end: at });
      openedAt = null;
    }
  }
  if (openedAt !== null) spans.push({ start: openedAt, end: null });
  return spans;
}

const inside = (at: number | null, s: TStretch) => at !== null && at >= s.start && at < s.end;
const hours = (minutes: number) => (minutes / 60).toFixed(1);
const percent = (ratio: number | null) => (ratio === null ? null : (ratio * 100).toFixed(1));

/**
 * The figures of `machineIds` (every machine of `data` when null) over one stretch. A fleet's MTBF is its machines'
 * operating time together ÷ their failures together; its MTTR every repair's minutes ÷ the repairs (REFERENCES.md).
 */
export function figuresOf(
  data: TLogData,
  stretch: TStretch,
  today: string,
  machineIds: Set<string> | null = null,
): TMaintenanceFigures {
  const chosen = (id: string) => machineIds === null || machineIds.has(id);
  let periodMinutes = 0;
  let downtimeMinutes = 0;
  for (const machine of data.machines) {
    if (!chosen(machine.id)) continue;
    const window = { start: Math.max(stretch.start, machine.addedAt), end: stretch.end };
    if (window.end <= window.start) continue;
    periodMinutes += (window.end - window.start) / MINUTE;
    downtimeMinutes += minutesWithin(window, machine.downtime);
  }
  const breakdowns = data.breakdowns.filter((b) => chosen(b.machineId));
  const failures = breakdowns.filter((b) => inside(b.reportedAt, stretch)).length;
  // A repair without its minutes recorded took its downtime (reported to resolved); one recorded longer than its
  // downtime (before decision 067 refused that) counts its downtime, so availability agrees with the hours down.
  const repairMinutes = breakdowns
    .filter((b) => inside(b.resolvedAt, stretch))
    .map((b) => {
      const downtime = Math.round(((b.resolvedAt as number) - b.reportedAt) / MINUTE);
      return Math.min(b.repairMinutes ?? downtime, downtime);
    });
  const result = reliabilityOf({ periodMinutes, downtimeMinutes, failures, repairMinutes });

  const pms = data.occurrences.filter((o) => chosen(o.machineId));
  const dated = pms.filter(
    (o): o is TPmOccurrence & { machineId: string; dueDate: string } => o.dueDate !== null,
  );
  const compliance = pmCompliance(dated, stretch, today);
  const pmsDone = pms.filter(
    (o) =>
      !o.missed &&
      o.completedOn !== null &&
      compareDates(o.completedOn, stretch.from) >= 0 &&
      compareDates(o.completedOn, stretch.to) <= 0,
  ).length;

  return {
    failures,
    repairs: repairMinutes.length,
    pmsDone,
    pmsDue: compliance.due,
    pmsOnTime: compliance.onTime,
    compliancePercent: percent(compliance.ratio),
    downtimeHours: hours(downtimeMinutes),
    operatingHours: hours(result.operatingMinutes),
    mtbfHours: result.mtbfMinutes === null ? null : hours(result.mtbfMinutes),
    mttrHours: result.mttrMinutes === null ? null : hours(result.mttrMinutes),
    availabilityPercent: percent(result.availability),
  };
}
