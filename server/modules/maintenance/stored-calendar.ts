// The PM calendar read from the stored schedule (decision 091): a day's first entries straight off the ordered index,
// its counts from the counts kept beside the rows, and the day's history (done and missed work, which comes after all
// open work in the calendar's order) from the occurrences as before. Answers equal calendar-work.ts's computed ones;
// stored-schedule.property.test.ts compares them.

import { daysOf } from '#common/maintenance/forecast.ts';
import {
  PM_ENTRY_STATES,
  type TCalendar,
  type TCalendarCounts,
  type TCalendarEntry,
  type TPmEntryState,
} from '#common/schemas/maintenance-calendar.ts';
import type { TDb } from '../../db/client.ts';
import * as calendarRepo from './calendar.repo.ts';
import {
  baseOf,
  entriesOf,
  inCalendarOrder,
  type TPlacedWork,
  type TWorkRange,
  URGENCY,
  workIn,
} from './calendar-work.ts';
import * as repo from './stored-schedule.repo.ts';

const STATE_OF = Object.fromEntries(Object.entries(URGENCY).map(([s, u]) => [u, s])) as Record<
  number,
  TPmEntryState
>;

const noCounts = () => Object.fromEntries(PM_ENTRY_STATES.map((s) => [s, 0])) as TCalendarCounts;

/** The whole entries of stored rows, their plans, machines, people and checklists read for just these. */
async function entriesOfRows(tx: TDb, companyId: string, rows: repo.TStoredRow[]): Promise<TCalendarEntry[]> {
  if (rows.length === 0) return [];
  const parts = await repo.partsOf(tx, companyId, rows);
  const assignees = [...parts.plans.values()].flatMap((p) => (p.assigneeUserId ? [p.assigneeUserId] : []));
  const names = await calendarRepo.peopleNamed(tx, companyId, [...new Set(assignees)]);
  const occurrenceIds = [...parts.occurrences.keys()];
  const checklists = await calendarRepo.checklistsOf(tx, companyId, [...parts.plans.keys()], occurrenceIds);
  return rows.map((r) => {
    const plan = parts.plans.get(r.planId)!;
    const machine = parts.machines.get(r.machineId)!;
    const occurrence = r.occurrenceId ? (parts.occurrences.get(r.occurrenceId) ?? null) : null;
    const due = { date: r.dueOn, reading: r.dueReading };
    return {
      ...baseOf(plan, machine, due, occurrence, names, checklists),
      key: r.key,
      kind: r.occurrenceId ? 'occurrence' : 'forecast',
      occurrenceId: r.occurrenceId,
      state: STATE_OF[r.urgency]!,
      date: r.day,
      basis: r.basis as TCalendarEntry['basis'],
      carriedToToday: r.carriedToToday,
    };
  });
}

/** Done and missed work due in the range (the history), in the calendar's order: read and placed as before. */
async function historyIn(
  tx: TDb,
  companyId: string,
  filter: calendarRepo.TCalendarFilter,
  range: TWorkRange,
) {
  const past = await workIn(tx, companyId, filter, range, { open: false });
  const byDay = new Map<string, TPlacedWork[]>();
  for (const w of inCalendarOrder(past)) {
    const list = byDay.get(w.date);
    if (list) list.push(w);
    else byDay.set(w.date, [w]);
  }
  return byDay;
}

/** The range's counts by day (the kept counts of open work plus the history's) and its history by day. */
async function countsAndHistory(
  tx: TDb,
  companyId: string,
  filter: calendarRepo.TCalendarFilter,
  range: TWorkRange,
) {
  const counts = new Map<string, TCalendarCounts>();
  for (const c of await repo.countsOf(tx, companyId, filter, range)) {
    const day = counts.get(c.day) ?? noCounts();
    day[STATE_OF[c.urgency]!] += c.count;
    counts.set(c.day, day);
  }
  const history = await historyIn(tx, companyId, filter, range);
  for (const [day, list] of history) {
    const dayCounts = counts.get(day) ?? noCounts();
    for (const w of list) dayCounts[w.state] += 1;
    counts.set(day, dayCounts);
  }
  return { counts, history };
}

const totalOf = (counts: TCalendarCounts) => Object.values(counts).reduce((a, b) => a + b, 0);
const openTotalOf = (counts: TCalendarCounts) => totalOf(counts) - counts.missed - counts.completed;

/** Every day of the range with its first `perDay` entries (open work, then history) and its counts. */
export async function storedDays(
  tx: TDb,
  companyId: string,
  filter: calendarRepo.TCalendarFilter,
  range: TWorkRange,
  perDay: number,
): Promise<TCalendar['days']> {
  const { counts, history } = await countsAndHistory(tx, companyId, filter, range);
  const first = await repo.firstOfDays(tx, companyId, filter, range, perDay);
  const open = new Map<string, repo.TStoredRow[]>();
  for (const r of first) open.set(r.day, [...(open.get(r.day) ?? []), r]);
  const shownHistory = new Map<string, TPlacedWork[]>();
  for (const [day, list] of history)
    shownHistory.set(day, list.slice(0, Math.max(0, perDay - (open.get(day)?.length ?? 0))));
  const built = await entriesOfRows(tx, companyId, first);
  const historyEntries = await entriesOf(tx, companyId, [...shownHistory.values()].flat());
  let nextOpen = 0;
  let nextHistory = 0;
  return daysOf(range.from, range.to).map((date) => {
    const openCount = open.get(date)?.length ?? 0;
    const historyCount = shownHistory.get(date)?.length ?? 0;
    const entries = [
      ...built.slice(nextOpen, nextOpen + openCount),
      ...historyEntries.slice(nextHistory, nextHistory + historyCount),
    ];
    nextOpen += openCount;
    nextHistory += historyCount;
    const dayCounts = counts.get(date) ?? noCounts();
    return { date, entries, total: totalOf(dayCounts), counts: dayCounts };
  });
}

/** A page of one day (range.from = range.to): its open work off the index, then its history, and its counts. */
export async function storedDayPage(
  tx: TDb,
  companyId: string,
  filter: calendarRepo.TCalendarFilter,
  range: TWorkRange,
  page: { offset: number; limit: number },
): Promise<{ items: TCalendarEntry[]; total: number; counts: TCalendarCounts }> {
  const { counts: byDay, history } = await countsAndHistory(tx, companyId, filter, range);
  const counts = byDay.get(range.from) ?? noCounts();
  const openTotal = openTotalOf(counts);
  const openRows = await repo.pageOfDay(tx, companyId, filter, range.from, {
    offset: page.offset,
    limit: Math.min(page.limit, openTotal - page.offset),
  });
  const items = await entriesOfRows(tx, companyId, openRows);
  if (items.length < page.limit) {
    const start = Math.max(0, page.offset - openTotal);
    const rest = (history.get(range.from) ?? []).slice(start, start + page.limit - items.length);
    items.push(...(await entriesOf(tx, companyId, rest)));
  }
  return { items, total: totalOf(counts), counts };
}
