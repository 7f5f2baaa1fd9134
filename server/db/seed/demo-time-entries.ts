// The demo's time (decision 082): weeks of clocked, typed and approved time on the shop's jobs, so /time opens on a
// living week. The operator works the control-box job in the mornings and the spare harnesses in the afternoons,
// typing one forgotten afternoon a week with its reason; the admin plans the control boxes three mornings a week.
// The oldest week is approved (locked). Written through the time repo (each entry at the rate in force at its
// start, costed in SQL) rather than the services, whose per-entry checks and audit would make the seed slow; the
// days are the company's, through the demo calendar.
import { sql } from 'drizzle-orm';
import { addDays, compareDates } from '#common/time/calendar.ts';
import * as repo from '../../modules/time/time.repo.ts';
import { queryRows } from '../client.ts';
import type { TTenant } from '../tenant.ts';
import type { TDemoCalendar } from './demo-time.ts';

/** Whole weeks before this one that carry time (this week's days before today are added too). */
const WEEKS_BACK = 3;

export interface TTimeSeedReport {
  entries: number;
  approvedWeeks: number;
}

interface TShift {
  who: TTenant;
  job: string;
  activity: 'run' | 'setup' | 'rework' | 'indirect';
  from: [number, number];
  to: [number, number];
  reason?: string;
}

/** Seeds the time unless the company has some already, or has no open jobs to put it on. */
export async function seedDemoTimeEntries(
  actors: { admin: TTenant; operator: TTenant },
  calendar: TDemoCalendar,
  now: Date,
): Promise<TTimeSeedReport | null> {
  const { admin, operator } = actors;
  const { companyId } = admin;
  const [existing] = await admin.run((tx) =>
    queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from time_entries where company_id = ${companyId}`,
    ),
  );
  if ((existing?.n ?? 0) > 0) return null;
  const jobs = await admin.run((tx) =>
    queryRows<{ id: string }>(
      tx,
      sql`select id from jobs where company_id = ${companyId} and status = 'open' order by number limit 2`,
    ),
  );
  if (jobs.length < 2) return null;
  const [boxes, harnesses] = [jobs[0]!.id, jobs[1]!.id];

  /** The shifts of a weekday (0 Monday … 4 Friday). */
  const shiftsOf = (weekday: number): TShift[] => [
    { who: operator, job: boxes, activity: 'run', from: [7, 0], to: [11, 30] },
    weekday === 4
      ? {
          who: operator,
          job: harnesses,
          activity: 'rework',
          from: [12, 0],
          to: [15, 30],
          reason: 'Forgot to clock in after lunch',
        }
      : { who: operator, job: harnesses, activity: 'setup', from: [12, 0], to: [15, 30] },
    ...(weekday % 2 === 0
      ? [
          {
            who: admin,
            job: boxes,
            activity: 'indirect' as const,
            from: [8, 0] as [number, number],
            to: [9, 30] as [number, number],
          },
        ]
      : []),
  ];

  let entries = 0;
  const oldest = calendar.mondayWeeksAgo(WEEKS_BACK);
  await admin.run(async (tx) => {
    for (let week = WEEKS_BACK; week >= 0; week--) {
      const monday = calendar.mondayWeeksAgo(week);
      for (let weekday = 0; weekday < 5; weekday++) {
        const date = addDays(monday, weekday);
        // Only days already over: the demo's clocks are all stopped.
        if (compareDates(date, calendar.today) >= 0) continue;
        for (const shift of shiftsOf(weekday)) {
          const endedAt = calendar.at(date, ...shift.to);
          if (endedAt.getTime() > now.getTime()) continue;
          await repo.insertEntry(tx, {
            companyId,
            userId: shift.who.userId,
            jobId: shift.job,
            stepRunId: null,
            activity: shift.activity,
            startedAt: calendar.at(date, ...shift.from),
            endedAt,
            source: shift.reason ? 'manual' : 'clock',
            reason: shift.reason ?? null,
            createdBy: shift.who.actor.name,
          });
          entries++;
        }
      }
    }
    await repo.insertApproval(tx, {
      companyId,
      userId: operator.userId,
      weekStart: oldest,
      approvedBy: admin.actor.name,
    });
  });
  return { entries, approvedWeeks: 1 };
}
