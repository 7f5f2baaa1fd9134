// The PM calendar (decision 059): the company days of a range with their preventive work, for everyone in the
// company, narrowed to a machine or a person. "Today" is the app clock's instant on the company's calendar. A machine
// or person of another company (or none) is 404 naming the field, in the words of a missing thing.

import { AppError } from '#common/errors.ts';
import { daysOf } from '#common/maintenance/forecast.ts';
import {
  CALENDAR_MESSAGES as M,
  type TCalendar,
  type TCalendarEntry,
  type TCalendarQuery,
} from '#common/schemas/maintenance-calendar.ts';
import { todayIn } from '#common/time/calendar.ts';
import type { TDb } from '../../db/client.ts';
import type { TTenant } from '../../db/tenant.ts';
import { companyTimeZone } from '../companies/company-clock.ts';
import * as repo from './calendar.repo.ts';
import { workIn } from './calendar-work.ts';

/** The filter of a query, checked: "me" is the signed-in user; another company's machine or person is 404. */
async function filterOf(tx: TDb, tenant: TTenant, query: TCalendarQuery): Promise<repo.TCalendarFilter> {
  const assigneeId = query.assigneeId === 'me' ? tenant.userId : query.assigneeId;
  if (query.machineId && !(await repo.machineExists(tx, tenant.companyId, query.machineId)))
    throw new AppError('NOT_FOUND', M.machineNotFound, { machineId: M.machineNotFound });
  if (assigneeId && !(await repo.peopleNamed(tx, tenant.companyId, [assigneeId])).has(assigneeId))
    throw new AppError('NOT_FOUND', M.assigneeNotFound, { assigneeId: M.assigneeNotFound });
  return { machineId: query.machineId, assigneeId };
}

/** The entries grouped on every day of the range, empty days included. */
export function byDay(from: string, to: string, entries: TCalendarEntry[]): TCalendar['days'] {
  const days = new Map(daysOf(from, to).map((date) => [date, [] as TCalendarEntry[]]));
  for (const entry of entries) days.get(entry.date)?.push(entry);
  return [...days].map(([date, list]) => ({ date, entries: list }));
}

/** GET /api/v1/maintenance/calendar. */
export async function calendarOf(tenant: TTenant, query: TCalendarQuery, now: Date): Promise<TCalendar> {
  return tenant.run(async (tx) => {
    const timeZone = await companyTimeZone(tx, tenant.companyId);
    const today = todayIn(timeZone, now);
    const filter = await filterOf(tx, tenant, query);
    const range = { from: query.from, to: query.to, today, timeZone };
    const entries = await workIn(tx, tenant.companyId, filter, range);
    return { from: query.from, to: query.to, today, timeZone, days: byDay(query.from, query.to, entries) };
  });
}
