// Which reminders an open occurrence calls for today (decision 058), as pure functions of calendar dates in the
// company's zone: no clock, no database. The scheduler turns each into a notice whose key makes it once only.

import { occurrenceState, type TOccurrenceState } from '#common/maintenance/schedule.ts';
import { addDays, compareDates, daysBetween } from '#common/time/calendar.ts';
import type { TOpenOccurrence } from './scheduler.repo.ts';

/** The settings the rules read. */
export interface TReminderSettings {
  daysBefore: number;
  overdueEveryDays: number;
}

/** A reminder to decide for an occurrence. */
export interface TReminder {
  key: string;
  kind: 'due_soon' | 'overdue';
  occurrence: TOpenOccurrence;
}

/** Where the occurrence stands today: the window opens at the longer of the plan's lead time and the settings'. */
export function stateOf(o: TOpenOccurrence, today: string, settings: TReminderSettings): TOccurrenceState {
  return occurrenceState(
    { date: o.dueOn, reading: o.dueReading },
    { today, reading: o.meterReading },
    { leadDays: Math.max(o.leadDays, settings.daysBefore), graceDays: o.graceDays, graceHours: o.graceHours },
  );
}

/**
 * The overdue reminder's day for `today`: the first overdue day (due + grace + 1), then every `every` days after
 * it, the latest of those on or before today — so a pass that runs late (an instance down over a night) still sends
 * that period's one, and two passes in one period share its key. `every` 0: the first overdue day only.
 */
export function overdueDay(dueOn: string, graceDays: number, every: number, today: string): string | null {
  const first = addDays(dueOn, graceDays + 1);
  if (compareDates(today, first) < 0) return null;
  if (every === 0) return first;
  const periods = Math.floor(daysBetween(first, today) / every);
  return addDays(first, periods * every);
}

/**
 * The reminders `o` calls for today. Due soon (its window has begun, or it is due) once: `due-soon:<id>`. Overdue:
 * `overdue:<id>:<day>` for the period's day; a meter-only occurrence past its grace hours has no day to count
 * periods from, so it is reminded of once, `overdue:<id>:meter` (and by its date's periods once they begin).
 */
export function remindersFor(o: TOpenOccurrence, today: string, settings: TReminderSettings): TReminder[] {
  const state = stateOf(o, today, settings);
  if (state === 'due-soon' || state === 'due')
    return [{ key: `due-soon:${o.id}`, kind: 'due_soon', occurrence: o }];
  if (state !== 'overdue') return [];
  const day = o.dueOn ? overdueDay(o.dueOn, o.graceDays, settings.overdueEveryDays, today) : null;
  // Overdue by the meter alone (no date, or its date's grace not over yet): once, until the date's periods begin.
  return [{ key: `overdue:${o.id}:${day ?? 'meter'}`, kind: 'overdue', occurrence: o }];
}
