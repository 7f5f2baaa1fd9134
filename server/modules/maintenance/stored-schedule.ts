// The stored PM schedule (decision 091): the calendar's open work placed by the rules (calendar-work.ts's
// openPlacements, on common/maintenance/) as of one company day, up to a horizon, and kept true by the changes that
// move it — each in the transaction of its change: a plan's edit, switch or completion refreshes the plan; a meter
// reading or a machine's edit refreshes the machine's plans; the day turning, or the company's zone changing (a
// trigger takes the stamp away), rebuilds the company before its next read. Past the horizon the calendar computes on
// request with the same rules.
import { addDays, todayIn } from '#common/time/calendar.ts';
import type { TDb } from '../../db/client.ts';
import { companyTimeZone } from '../companies/company-clock.ts';
import { meterOf, openPlacements, URGENCY } from './calendar-work.ts';
import * as repo from './stored-schedule.repo.ts';

/**
 * How far ahead the rows reach: 75 days covers this month's six-week grid and next month's (which ends at most 72 days
 * from today) and any week or agenda within them; further views are computed on request.
 */
export const HORIZON_DAYS = 75;

/**
 * Whether the calendar reads the stored schedule: yes unless PM_CALENDAR_STORED=0 (decision 091), which answers every
 * range by the rules on request, as before it — the bench's "before" and the property test's other side. Off, nothing
 * builds a company's schedule, so a change's refresh finds no stamp and writes nothing; a company built while it was
 * on stays kept, and is rebuilt for its day once it is read again.
 */
export const storedScheduleOn = (): boolean => process.env.PM_CALENDAR_STORED !== '0';

/** The earliest day a placement can have: an open occurrence overdue for years stays on its due date. */
const EVER = '0001-01-01';

/** The rows of the scope's plans placed as of the stamp's day, through its horizon. */
async function rowsOf(tx: TDb, companyId: string, scope: repo.TPlanScope, stamp: repo.TStamp) {
  const range = { from: EVER, to: stamp.through, today: stamp.asOf, timeZone: stamp.timeZone };
  const rows: repo.TScheduleRow[] = [];
  const meters = new Map<string, ReturnType<typeof meterOf>>();
  for (const { plan, open, machine } of await repo.openOf(tx, companyId, scope)) {
    const meter = meters.get(machine.id) ?? meterOf(machine, range);
    meters.set(machine.id, meter);
    for (const p of openPlacements(plan, open, machine, meter, range, true)) {
      rows.push({
        companyId,
        planId: plan.id,
        key: p.key,
        day: p.date,
        urgency: URGENCY[p.state],
        occurrenceId: p.occurrenceId,
        basis: p.basis,
        dueOn: p.due.date,
        dueReading: p.due.reading,
        carriedToToday: p.carriedToToday,
        machineId: machine.id,
        assigneeUserId: plan.assigneeUserId,
        machineName: machine.name,
        planTitle: plan.title,
      });
    }
  }
  return rows;
}

/**
 * Places the scope's plans again, in the caller's transaction, as of the company's stamp (so the rows stay of one
 * day). A company not built yet has nothing to refresh: its first read builds it.
 */
async function refresh(tx: TDb, companyId: string, scope: repo.TPlanScope): Promise<void> {
  const stamp = await repo.stampOf(tx, companyId, 'share');
  if (stamp === null) return;
  await repo.clearRows(tx, companyId, scope);
  await repo.insertRows(tx, await rowsOf(tx, companyId, scope, stamp));
}

/** After a plan's schedule, machine, assignee, title, switch or open occurrence changed. */
export async function refreshPlans(tx: TDb, companyId: string, planIds: string[]): Promise<void> {
  if (planIds.length > 0) await refresh(tx, companyId, { planIds });
}

/** After a machine's meter, rate or name changed: its plans' dates, states and order move with it. */
export async function refreshMachine(tx: TDb, companyId: string, machineId: string): Promise<void> {
  await refresh(tx, companyId, { machineId });
}

/** Places the whole company again as of `today` (its first build, a new day, a new zone). */
export async function rebuild(tx: TDb, companyId: string, stamp: repo.TStamp): Promise<void> {
  await repo.clearRows(tx, companyId, 'all');
  await repo.insertRows(tx, await rowsOf(tx, companyId, 'all', stamp));
  await repo.dropEmptyCounts(tx, companyId);
  await repo.setStamp(tx, companyId, stamp);
}

const fresh = (stamp: repo.TStamp | null, today: string, timeZone: string) =>
  stamp !== null && stamp.asOf === today && stamp.timeZone === timeZone;

/**
 * The company's stamp, built for `today` first when it is not (locked, so it is built once). The day's first reader
 * of a company the scheduler has not reached yet pays for the build. Null while another transaction builds it: the
 * caller computes its answer on request rather than wait.
 */
export async function freshStamp(
  tx: TDb,
  companyId: string,
  today: string,
  timeZone: string,
): Promise<repo.TStamp | null> {
  const seen = await repo.stampOf(tx, companyId);
  if (seen !== null && fresh(seen, today, timeZone)) return seen;
  const stamp = { asOf: today, through: addDays(today, HORIZON_DAYS), timeZone };
  // Claimed as of no day at all, so whoever holds the lock next sees it unbuilt until a build stamps it.
  await repo.claimStamp(tx, companyId, { asOf: EVER, through: EVER, timeZone });
  const locked = await repo.stampOf(tx, companyId, 'update');
  if (locked === null) return null;
  if (fresh(locked, today, timeZone)) return locked;
  await rebuild(tx, companyId, stamp);
  return stamp;
}

/** The scheduler's step for a company: its stored schedule turned to the company's new day (decision 091). */
export async function turnDay(tx: TDb, companyId: string, now: Date): Promise<void> {
  const timeZone = await companyTimeZone(tx, companyId);
  await freshStamp(tx, companyId, todayIn(timeZone, now), timeZone);
}
