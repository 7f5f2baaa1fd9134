// Maintenance history written straight into the tables, as months of a shop's work would have left it: status changes,
// breakdowns and PM occurrences at chosen instants. For the logs' tests, whose subject is reading history back; the
// routes that write it (breakdowns, PM completion) have their own tests.
import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { TDb } from '../../server/db/client.ts';
import { breakdowns } from '../../server/modules/maintenance/breakdowns.tables.ts';
import { machineStatusEvents, machines } from '../../server/modules/maintenance/machines.tables.ts';
import { maintenanceOccurrences, maintenancePlans } from '../../server/modules/maintenance/plans.tables.ts';

export function maintenanceHistory(db: TDb) {
  const companyOf = async (machineId: string) =>
    (await db.select({ companyId: machines.companyId }).from(machines).where(eq(machines.id, machineId)))[0]!
      .companyId;

  return {
    /** A status change of the machine at `at`. */
    async status(machineId: string, at: string, toStatus: 'running' | 'down' | 'in_maintenance') {
      await db.insert(machineStatusEvents).values({
        id: uuidv7(),
        companyId: await companyOf(machineId),
        machineId,
        toStatus,
        at: new Date(at),
        byName: 'History',
      });
    },

    /** A breakdown reported at `reportedAt`, resolved at `resolvedAt` (or still open) after `repairMinutes`. */
    async breakdown(
      machineId: string,
      number: number,
      problem: string,
      reportedAt: string,
      resolvedAt: string | null,
      repairMinutes: number | null,
    ) {
      const id = uuidv7();
      await db.insert(breakdowns).values({
        id,
        companyId: await companyOf(machineId),
        number,
        machineId,
        problem,
        reportedAt: new Date(reportedAt),
        reportedBy: 'Tom Floor',
        status: resolvedAt ? 'resolved' : 'reported',
        ...(resolvedAt
          ? {
              resolvedAt: new Date(resolvedAt),
              resolvedBy: 'Rita Fixer',
              cause: 'Worn belt',
              action: 'New belt',
            }
          : {}),
        repairMinutes,
      });
      return id;
    },

    /** A monthly fixed plan of the machine with `graceDays`. */
    async plan(machineId: string, title: string, graceDays: number) {
      const id = uuidv7();
      await db.insert(maintenancePlans).values({
        id,
        companyId: await companyOf(machineId),
        machineId,
        title,
        mode: 'fixed',
        startOn: '2027-01-03',
        calendarEvery: 1,
        calendarUnit: 'month',
        graceDays,
      });
      return id;
    },

    /** An occurrence of the plan due on `dueOn`: open, missed, or completed on `completedOn` at `completedAt`. */
    async occurrence(
      planId: string,
      machineId: string,
      dueOn: string,
      done: { status: 'open' | 'missed' } | { completedOn: string; completedAt: string; onTime: boolean },
    ) {
      const id = uuidv7();
      await db.insert(maintenanceOccurrences).values({
        id,
        companyId: await companyOf(machineId),
        planId,
        machineId,
        dueOn,
        ...('status' in done
          ? { status: done.status }
          : {
              status: 'completed',
              completedOn: done.completedOn,
              completedAt: new Date(done.completedAt),
              completedBy: 'Rita Fixer',
              minutesSpent: 45,
              onTime: done.onTime,
              notes: 'Greased and checked',
            }),
      });
      return id;
    },
  };
}
