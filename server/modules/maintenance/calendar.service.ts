// The PM calendar (decision 059): the company days of a range with their preventive work, for everyone in the
// company, narrowed to a machine or a person. "Today" is the app clock's instant on the company's calendar. A machine
// or person of another company (or none) is 404 naming the field, in the words of a missing thing.

import { AppError } from '#common/errors.ts';
import { daysOf } from '#common/maintenance/forecast.ts';
import {
  CALENDAR_MESSAGES as M,
  PM_ENTRY_STATES,
  type TCalendar,
  type TCalendarCounts,
  type TCalendarDayPage,
  type TCalendarDayQuery,
  type TCalendarFilterQuery,
  type TCalendarQuery,
} from '#common/schemas/maintenance-calendar.ts';
import { compareDates, todayIn } from '#common/time/calendar.ts';
import type { TDb } from '../../db/client.ts';
import type { TTenant } from '../../db/tenant.ts';
import { companyTimeZone } from '../companies/company-clock.ts';
import * as repo from './calendar.repo.ts';
import { entriesOf, type TPlacedWork, workIn } from './calendar-work.ts';
import { storedDayPage, storedDays } from './stored-calendar.ts';
import { freshStamp, storedScheduleOn } from './stored-schedule.ts';

/** The filter of a query, checked: "me" is the signed-in user; another company's machine or person is 404. */
async function filterOf(
  tx: TDb,
  tenant: TTenant,
  query: TCalendarFilterQuery,
): Promise<repo.TCalendarFilter> {
  const assigneeId = query.assigneeId === 'me' ? tenant.userId : query.assigneeId;
  if (query.machineId && !(await repo.machineExists(tx, tenant.companyId, query.machineId)))
    throw new AppError('NOT_FOUND', M.machineNotFound, { machineId: M.machineNotFound });
  if (assigneeId && !(await repo.peopleNamed(tx, tenant.companyId, [assigneeId])).has(assigneeId))
    throw new AppError('NOT_FOUND', M.assigneeNotFound, { assigneeId: M.assigneeNotFound });
  return { machineId: query.machineId, assigneeId };
}

function countsOf(work: TPlacedWork[]): TCalendarCounts {
  const counts = Object.fromEntries(PM_ENTRY_STATES.map((s) => [s, 0])) as TCalendarCounts;
  for (const w of work) counts[w.state] += 1;
  return counts;
}

/**
 * Every day of the range, empty ones included, with its first `perDay` pieces of work built in full and the count
 * of all of them (`work` is in the calendar's order already).
 */
async function byDay(
  tx: TDb,
  companyId: string,
  range: { from: string; to: string },
  work: TPlacedWork[],
  perDay: number,
): Promise<TCalendar['days']> {
  const days = new Map(daysOf(range.from, range.to).map((date) => [date, [] as TPlacedWork[]]));
  for (const w of work) days.get(w.date)?.push(w);
  const shown = await entriesOf(
    tx,
    companyId,
    [...days.values()].flatMap((list) => list.slice(0, perDay)),
  );
  let next = 0;
  return [...days].map(([date, list]) => {
    const entries = shown.slice(next, next + Math.min(perDay, list.length));
    next += entries.length;
    return { date, entries, total: list.length, counts: countsOf(list) };
  });
}

/**
 * Whether the stored schedule (decision 091) answers the range: built for today first if it is not, and reaching the
 * range's last day. Past its horizon the work is computed on request by the same rules.
 */
async function storedReaches(
  tx: TDb,
  companyId: string,
  range: { to: string; today: string; timeZone: string },
) {
  // PM_CALENDAR_STORED=0 answers by the rules on request (decision 091): the bench's "before", and the property
  // test's other side.
  if (!storedScheduleOn()) return false;
  const stamp = await freshStamp(tx, companyId, range.today, range.timeZone);
  return stamp !== null && compareDates(range.to, stamp.through) <= 0;
}

/** The company's today and zone on the app clock. */
async function todayOf(tx: TDb, tenant: TTenant, now: Date) {
  const timeZone = await companyTimeZone(tx, tenant.companyId);
  return { timeZone, today: todayIn(timeZone, now) };
}

/** GET /api/v1/maintenance/calendar. */
export async function calendarOf(tenant: TTenant, query: TCalendarQuery, now: Date): Promise<TCalendar> {
  return tenant.run(async (tx) => {
    const { timeZone, today } = await todayOf(tx, tenant, now);
    const filter = await filterOf(tx, tenant, query);
    const range = { from: query.from, to: query.to, today, timeZone };
    const days = (await storedReaches(tx, tenant.companyId, range))
      ? await storedDays(tx, tenant.companyId, filter, range, query.perDay)
      : await byDay(
          tx,
          tenant.companyId,
          range,
          await workIn(tx, tenant.companyId, filter, range),
          query.perDay,
        );
    return { from: query.from, to: query.to, today, timeZone, days };
  });
}

/** GET /api/v1/maintenance/calendar/day: a page of one day's work, in the calendar's order. */
export async function calendarDayOf(
  tenant: TTenant,
  query: TCalendarDayQuery,
  now: Date,
): Promise<TCalendarDayPage> {
  return tenant.run(async (tx) => {
    const { timeZone, today } = await todayOf(tx, tenant, now);
    const filter = await filterOf(tx, tenant, query);
    const range = { from: query.date, to: query.date, today, timeZone };
    const start = (query.page - 1) * query.pageSize;
    const page = { date: query.date, today, page: query.page, pageSize: query.pageSize };
    if (await storedReaches(tx, tenant.companyId, range)) {
      const limit = query.pageSize;
      return {
        ...page,
        ...(await storedDayPage(tx, tenant.companyId, filter, range, { offset: start, limit })),
      };
    }
    const work = await workIn(tx, tenant.companyId, filter, range);
    return {
      date: query.date,
      today,
      items: await entriesOf(tx, tenant.companyId, work.slice(start, start + query.pageSize)),
      total: work.length,
      page: query.page,
      pageSize: query.pageSize,
      counts: countsOf(work),
    };
  });
}
