// The preventive work of a range of company days (decision 059), shared by the PM calendar and the iCalendar feed:
// open occurrences placed by their due date or meter forecast with their state (decision 045, on the app clock in
// the company's zone), overdue ones repeated on today, the plans' forecasts beyond their open occurrence, and the
// completed and missed ones due in the range.
import { normalizeDecimal } from '#common/decimal.ts';
import {
  forecastPlan,
  placeOccurrence,
  type TMeterRate,
  type TPlacementBasis,
} from '#common/maintenance/forecast.ts';
import {
  METER_SCALE,
  occurrenceState,
  type TDue,
  type TPlanIntervalUnit,
  type TPlanMode,
  type TPlanSchedule,
} from '#common/maintenance/schedule.ts';
import type { TCalendarEntry, TPmEntryState } from '#common/schemas/maintenance-calendar.ts';
import { compareDates, dateIn } from '#common/time/calendar.ts';
import type { TDb } from '../../db/client.ts';
import * as repo from './calendar.repo.ts';

/** The range asked, the company's today and zone (from the app clock). */
export interface TWorkRange {
  from: string;
  to: string;
  today: string;
  timeZone: string;
}

/** A plan row's schedule in the shape of decision 045's rules. */
export function scheduleOf(plan: repo.TPlanRow): TPlanSchedule {
  return {
    mode: plan.mode as TPlanMode,
    start: plan.startOn,
    calendar:
      plan.calendarEvery !== null && plan.calendarUnit !== null
        ? { every: plan.calendarEvery, unit: plan.calendarUnit as TPlanIntervalUnit }
        : null,
    meter:
      plan.meterEveryHours !== null && plan.meterStartReading !== null
        ? { everyHours: plan.meterEveryHours, startReading: plan.meterStartReading }
        : null,
  };
}

/** The machine's meter as forecasts read it: its latest reading on the company day it was taken (today if never). */
export function meterOf(machine: repo.TCalendarMachine, range: TWorkRange): TMeterRate {
  return {
    reading: machine.meterReading,
    on: machine.meterReadAt ? dateIn(machine.meterReadAt, range.timeZone) : range.today,
    hoursPerDay: machine.hoursPerDay,
  };
}

const inRange = (date: string, range: TWorkRange) =>
  compareDates(date, range.from) >= 0 && compareDates(date, range.to) <= 0;
const reading = (value: string | null) => (value === null ? null : normalizeDecimal(value, METER_SCALE));

export type TBase = Omit<
  TCalendarEntry,
  'key' | 'kind' | 'occurrenceId' | 'state' | 'date' | 'basis' | 'carriedToToday'
>;

export function baseOf(
  plan: repo.TPlanRow,
  machine: repo.TCalendarMachine,
  due: TDue,
  occurrence: repo.TOccurrenceRow | null,
  names: Map<string, string>,
  checklists: TChecklists,
): TBase {
  const results = occurrence ? checklists.results.get(occurrence.id) : undefined;
  return {
    dueOn: due.date,
    dueReading: reading(due.reading),
    plan: { id: plan.id, title: plan.title, estimatedMinutes: plan.estimatedMinutes },
    machine: { id: machine.id, name: machine.name, assetTag: machine.assetTag },
    assignee: plan.assigneeUserId
      ? { id: plan.assigneeUserId, name: names.get(plan.assigneeUserId) ?? 'A former colleague' }
      : null,
    checklist: results
      ? results.map((r) => ({ text: r.text, done: r.done }))
      : (checklists.plans.get(plan.id) ?? []).map((t) => ({ text: t.text, done: null })),
    completedOn: occurrence?.completedOn ?? null,
    onTime: occurrence?.onTime ?? null,
  };
}

/** A piece of a plan's open work on a day: what the calendar and the stored schedule (decision 091) both keep. */
export interface TOpenPlacement {
  date: string;
  state: TPmEntryState;
  key: string;
  basis: TPlacementBasis;
  carriedToToday: boolean;
  due: TDue;
  /** The open occurrence; null for a forecast. */
  occurrenceId: string | null;
}

/**
 * Where a plan's open occurrence and its forecasts fall in the range (decision 045's rules through forecast.ts): the
 * occurrence on its day, again on today when overdue, then the forecasts beyond it. The one placement of open work:
 * the calendar's answer computed on request and the stored schedule are both this.
 */
export function openPlacements(
  plan: repo.TPlanRow,
  o: Pick<repo.TOccurrenceRow, 'id' | 'dueOn' | 'dueReading'>,
  machine: Pick<repo.TCalendarMachine, 'meterReading'>,
  meter: TMeterRate,
  range: TWorkRange,
  forecasts: boolean,
): TOpenPlacement[] {
  const out: TOpenPlacement[] = [];
  const due = { date: o.dueOn, reading: o.dueReading };
  const placed = placeOccurrence(due, meter, range.today);
  const window = { leadDays: plan.leadDays, graceDays: plan.graceDays, graceHours: plan.graceHours };
  const state = occurrenceState(due, { today: range.today, reading: machine.meterReading }, window);
  if (placed && inRange(placed.date, range)) {
    out.push({ key: o.id, ...placed, state, carriedToToday: false, due, occurrenceId: o.id });
  }
  // Overdue work stays on the day it fell due and shows on today too, where the day's work is planned.
  const late = !placed || compareDates(placed.date, range.today) < 0;
  if (state === 'overdue' && late && inRange(range.today, range)) {
    const basis = placed?.basis ?? 'calendar';
    out.push({
      key: `${o.id}:today`,
      date: range.today,
      state,
      basis,
      carriedToToday: true,
      due,
      occurrenceId: o.id,
    });
  }
  if (!forecasts) return out;
  for (const f of forecastPlan({ schedule: scheduleOf(plan), open: due, meter, ...range })) {
    const key = `forecast:${plan.id}:${f.date}`;
    out.push({
      key,
      date: f.date,
      state: 'forecast',
      basis: f.basis,
      carriedToToday: false,
      due: f.due,
      occurrenceId: null,
    });
  }
  return out;
}

/** How urgent a chip is, for the order within a day: overdue first, forecasts and history last. */
export const URGENCY: Record<TPmEntryState, number> = {
  overdue: 0,
  due: 1,
  'due-soon': 2,
  scheduled: 3,
  forecast: 4,
  missed: 5,
  completed: 6,
};

/**
 * A piece of work placed on a day: what the order and the counts need, and `entry()` to build the whole entry (its
 * plan, machine, person and checklist) only for the chips a response shows. A shop's month holds tens of thousands
 * of pieces of work; a response shows a few per day (decision 062).
 */
export interface TPlacedWork {
  date: string;
  state: TPmEntryState;
  key: string;
  machineName: string;
  planTitle: string;
  planId: string;
  /** The occurrence whose checklist results the entry shows (null for a forecast). */
  occurrenceId: string | null;
  entry(checklists: TChecklists): TCalendarEntry;
}

/** The checklists of the entries being built (repo.checklistsOf). */
export type TChecklists = Awaited<ReturnType<typeof repo.checklistsOf>>;

/** The whole entries of `work`, their checklists read in one go. */
export async function entriesOf(tx: TDb, companyId: string, work: TPlacedWork[]): Promise<TCalendarEntry[]> {
  if (work.length === 0) return [];
  const planIds = [...new Set(work.map((w) => w.planId))];
  const occurrenceIds = [...new Set(work.flatMap((w) => (w.occurrenceId ? [w.occurrenceId] : [])))];
  const checklists = await repo.checklistsOf(tx, companyId, planIds, occurrenceIds);
  return work.map((w) => w.entry(checklists));
}

/** Names in the order people read them, the same on every server (one collator: far cheaper than localeCompare). */
const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true }).compare;

/** The order within a day: urgency, then machine and plan, then key (stable across requests). */
export function compareWithinDay(a: TPlacedWork, b: TPlacedWork): number {
  return (
    URGENCY[a.state] - URGENCY[b.state] ||
    byName(a.machineName, b.machineName) ||
    byName(a.planTitle, b.planTitle) ||
    (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)
  );
}

/**
 * The calendar's order: by day, then as compareWithinDay. Each day is sorted on its own (a big shop's month is tens
 * of thousands of pieces of work; a day's comparisons never need the date again).
 */
export function inCalendarOrder(work: TPlacedWork[]): TPlacedWork[] {
  const days = new Map<string, TPlacedWork[]>();
  for (const w of work) {
    const day = days.get(w.date);
    if (day) day.push(w);
    else days.set(w.date, [w]);
  }
  return [...days.keys()].sort(compareDates).flatMap((date) => days.get(date)!.sort(compareWithinDay));
}

/** Every piece of work shown in the range (or only its history), in the calendar's order (inCalendarOrder). */
export async function workIn(
  tx: TDb,
  companyId: string,
  filter: repo.TCalendarFilter,
  range: TWorkRange,
  parts: { open: boolean } = { open: true },
): Promise<TPlacedWork[]> {
  const forecasts = compareDates(range.to, range.today) >= 0;
  // The stored schedule (decision 091) keeps the open work; it asks here only for the history.
  const open = parts.open ? await repo.openWork(tx, companyId, filter, { ...range, forecasts }) : [];
  const past = await repo.pastWork(tx, companyId, filter, range);
  const assignees = new Set<string>();
  for (const { plan } of [...open, ...past]) if (plan.assigneeUserId) assignees.add(plan.assigneeUserId);
  const names = await repo.peopleNamed(tx, companyId, [...assignees]);
  const work: TPlacedWork[] = [];
  const place = (
    at: Pick<TPlacedWork, 'date' | 'state' | 'key' | 'entry'>,
    plan: repo.TPlanRow,
    machine: repo.TCalendarMachine,
    occurrenceId: string | null,
  ) => work.push({ ...at, machineName: machine.name, planTitle: plan.title, planId: plan.id, occurrenceId });

  // A machine's meter is read once for all its plans: its reading's company day is a time-zone step.
  const meters = new Map<string, TMeterRate>();
  for (const { plan, open: o, machine } of open) {
    const meter = meters.get(machine.id) ?? meterOf(machine, range);
    meters.set(machine.id, meter);
    for (const p of openPlacements(plan, o, machine, meter, range, forecasts)) {
      const entry = (c: TChecklists): TCalendarEntry => ({
        ...baseOf(plan, machine, p.due, p.occurrenceId ? o : null, names, c),
        key: p.key,
        kind: p.occurrenceId ? 'occurrence' : 'forecast',
        occurrenceId: p.occurrenceId,
        state: p.state,
        date: p.date,
        basis: p.basis,
        carriedToToday: p.carriedToToday,
      });
      place({ date: p.date, state: p.state, key: p.key, entry }, plan, machine, p.occurrenceId);
    }
  }

  for (const { plan, occurrence: o, machine } of past) {
    const date = o.dueOn ?? o.completedOn;
    if (date === null) continue;
    const state = o.status === 'missed' ? 'missed' : 'completed';
    const entry = (c: TChecklists): TCalendarEntry => ({
      ...baseOf(plan, machine, { date: o.dueOn, reading: o.dueReading }, o, names, c),
      key: o.id,
      kind: 'occurrence',
      occurrenceId: o.id,
      state,
      date,
      basis: 'calendar',
      carriedToToday: false,
    });
    place({ date, state, key: o.id, entry }, plan, machine, o.id);
  }

  return inCalendarOrder(work);
}
