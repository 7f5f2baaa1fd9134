// A person's week (decision 080): Monday to Sunday in the company's time zone, through the date library, so a day
// with a daylight-saving change is 23 or 25 hours long as it was on the clock. Each day totals the part of every entry
// that falls in it (an entry across midnight counts in both); a running entry counts to now. Admins approve a week,
// which locks its entries.
import { fromScaled, toScaled } from '#common/decimal.ts';
import { AppError } from '#common/errors.ts';
import { hasRole } from '#common/roles.ts';
import {
  TIME_MESSAGES as M,
  type TApproveWeek,
  type TReopenWeek,
  type TSelfApproval,
  type TWeek,
  type TWeekQuery,
} from '#common/schemas/time.ts';
import { addDays, dateIn, dayRangeIn, startOfWeek } from '#common/time/calendar.ts';
import { formatCalendarDate } from '#common/time/format.ts';
import type { TDb } from '../../db/client.ts';
import type { TTenant } from '../../db/tenant.ts';
import { recordAudit } from '../audit/audit.ts';
import { companyTimeZone } from '../companies/company-clock.ts';
import * as repo from './time.repo.ts';
import { conflict, personOf, secondsOf, toTimeEntry, weekOf as weekAt } from './time-rules.ts';

/** What the audit trail says of a week its own admin approved, having no other active admin to ask. */
const SELF_APPROVED_NOTE = 'Yes: the company’s only active admin approved their own week';

/** Seconds as exact hours to two decimals, half up: 27000 → "7.5". */
export function hoursText(seconds: number): string {
  // hundredths of an hour = seconds / 36, rounded half up in integers (no float division).
  return fromScaled(BigInt(Math.floor((seconds * 2 + 36) / 72)), 2);
}

/** The part of [from, to) that falls in [dayFrom, dayTo), in seconds. */
function overlapSeconds(from: Date, to: Date, dayFrom: string, dayTo: string): number {
  const start = Math.max(from.getTime(), Date.parse(dayFrom));
  const end = Math.min(to.getTime(), Date.parse(dayTo));
  return end > start ? Math.round((end - start) / 1000) : 0;
}

/**
 * The part of an ended entry's cost that falls in [from, to), in ten-thousandths: its cost times the share of its
 * seconds inside, rounded half up in integers. A running entry has no cost yet.
 */
function costInWeek(
  row: { started_at: Date | string; ended_at: Date | string | null; cost: string | null },
  from: string,
  to: string,
): bigint {
  if (row.cost === null || row.ended_at === null) return 0n;
  const whole = toScaled(row.cost, 4);
  const seconds = BigInt(secondsOf(row.started_at, row.ended_at));
  const inside = BigInt(overlapSeconds(new Date(row.started_at), new Date(row.ended_at), from, to));
  if (seconds === 0n || inside === seconds) return whole;
  return (whole * inside * 2n + seconds) / (2n * seconds);
}

/** The week of `query.userId` (default: the caller) containing `query.week` (default: today). */
export async function weekOf(tenant: TTenant, query: TWeekQuery, now: Date): Promise<TWeek> {
  const { companyId } = tenant;
  const userId = query.userId ?? tenant.userId;
  return tenant.run(async (tx) => {
    const person = await personOf(tx, companyId, userId);
    if (userId !== tenant.userId && !hasRole(tenant.role, 'admin')) {
      throw new AppError('FORBIDDEN', M.notYours);
    }
    const timeZone = await companyTimeZone(tx, companyId);
    const weekStart = startOfWeek(query.week ?? dateIn(now, timeZone));
    const dates = Array.from({ length: 7 }, (_, i) => addDays(weekStart, i));
    const ranges = dates.map((date) => ({ date, ...dayRangeIn(date, timeZone) }));
    const from = ranges[0]!.from;
    const to = ranges[6]!.to;
    const [rows, approval] = await Promise.all([
      repo.entriesOfUser(tx, companyId, userId, from, to),
      repo.weekApproval(tx, companyId, userId, weekStart),
    ]);
    const days = ranges.map((range) => {
      const seconds = rows.reduce(
        (sum, row) =>
          sum +
          overlapSeconds(
            new Date(row.started_at),
            row.ended_at === null ? now : new Date(row.ended_at),
            range.from,
            range.to,
          ),
        0,
      );
      return { date: range.date, seconds, hours: hoursText(seconds) };
    });
    const total = days.reduce((sum, day) => sum + day.seconds, 0);
    // An entry across the week's edge (Sunday night into Monday) costs in each week the share of it that falls
    // there, as its hours do: counting it whole in both weeks had charged it twice.
    const cost = rows.reduce((sum, row) => sum + costInWeek(row, from, to), 0n);
    // An entry is locked when any week it touches is approved, its own or the one it runs into.
    const touched = rows.map((row) =>
      [row.started_at, row.ended_at ?? now].map((at) => weekAt(at, timeZone)),
    );
    const approvedWeeks = await repo.approvedWeeks(tx, companyId, userId, [...new Set(touched.flat())]);
    // Not beside the reads above: it steps the transaction's role back for a moment, so it runs on its own.
    const selfApproval = await selfApprovalOf(tx, tenant, userId);
    return {
      userId,
      userName: `${person.first_name} ${person.last_name}`.trim(),
      timeZone,
      weekStart,
      weekEnd: dates[6]!,
      days,
      total: { seconds: total, hours: hoursText(total) },
      cost: fromScaled(cost, 4),
      approved: approval ? { at: approval.approvedAt.toISOString(), by: approval.approvedBy } : null,
      selfApproval,
      entries: rows.map((row, i) =>
        toTimeEntry(
          row,
          touched[i]!.some((week) => approvedWeeks.has(week)),
        ),
      ),
    };
  });
}

/**
 * How the caller may approve the week of `userId` when it is their own and they are an admin (decision 080): by
 * another admin when the company has one, else by themselves, recorded as self-approved. null otherwise.
 */
async function selfApprovalOf(tx: TDb, tenant: TTenant, userId: string): Promise<TSelfApproval | null> {
  if (userId !== tenant.userId || !hasRole(tenant.role, 'admin')) return null;
  return (await repo.hasOtherActiveAdmin(tx, tenant.companyId, userId)) ? 'another-admin' : 'only-admin';
}

/**
 * An admin approves the person's week (any date of it); approving it again changes nothing. Audited. One's own week
 * is another admin's to approve (403 naming userId); the company's only active admin approves it, audited as
 * self-approved, so a one-admin shop is never stuck.
 */
export async function approveWeek(tenant: TTenant, input: TApproveWeek, now: Date): Promise<TWeek> {
  const { companyId } = tenant;
  const weekStart = startOfWeek(input.week);
  await tenant.run(async (tx) => {
    const person = await personOf(tx, companyId, input.userId);
    const name = `${person.first_name} ${person.last_name}`.trim();
    const selfApproval = await selfApprovalOf(tx, tenant, input.userId);
    if (selfApproval === 'another-admin') {
      throw new AppError('FORBIDDEN', M.ownWeekNeedsAnotherAdmin, { userId: M.ownWeekNeedsAnotherAdmin });
    }
    const timeZone = await companyTimeZone(tx, companyId);
    if (weekStart > startOfWeek(dateIn(now, timeZone))) {
      throw conflict(M.weekNotStarted(formatCalendarDate(weekStart)), 'week');
    }
    // Waits for any change of the person's time in this week, and holds off new ones until the approval commits.
    await repo.lockWeek(tx, companyId, input.userId, weekStart, 'approve');
    // A clock started before the week's end and still running could never be stopped once the week is locked.
    const running = await repo.lockRunning(tx, companyId, input.userId);
    if (running && running.startedAt.getTime() < Date.parse(dayRangeIn(addDays(weekStart, 6), timeZone).to)) {
      throw conflict(M.clockRunningInWeek(name), 'week');
    }
    const added = await repo.insertApproval(tx, {
      companyId,
      userId: input.userId,
      weekStart,
      approvedBy: tenant.actor.name,
    });
    if (added) {
      await recordAudit(tx, companyId, tenant.actor, {
        entityType: 'time-week',
        entityId: input.userId,
        entityLabel: name,
        action: 'approved',
        after: {
          week: formatCalendarDate(weekStart),
          ...(selfApproval === 'only-admin' ? { selfApproved: SELF_APPROVED_NOTE } : {}),
        },
      });
    }
  });
  return weekOf(tenant, { userId: input.userId, week: weekStart }, now);
}

/**
 * An admin opens an approved week again, saying why (a mis-tap on Approve, a correction owed): its entries can be
 * changed until it is approved anew. 409 naming `week` when it is not approved. Audited with the reason.
 */
export async function reopenWeek(tenant: TTenant, input: TReopenWeek, now: Date): Promise<TWeek> {
  const { companyId } = tenant;
  const weekStart = startOfWeek(input.week);
  await tenant.run(async (tx) => {
    const person = await personOf(tx, companyId, input.userId);
    await repo.lockWeek(tx, companyId, input.userId, weekStart, 'approve');
    if (!(await repo.deleteApproval(tx, companyId, input.userId, weekStart))) {
      throw conflict(M.weekNotApproved(formatCalendarDate(weekStart)), 'week');
    }
    await recordAudit(tx, companyId, tenant.actor, {
      entityType: 'time-week',
      entityId: input.userId,
      entityLabel: `${person.first_name} ${person.last_name}`.trim(),
      action: 'reopened',
      after: { week: formatCalendarDate(weekStart), reason: input.reason },
    });
  });
  return weekOf(tenant, { userId: input.userId, week: weekStart }, now);
}
