// Maintenance rows for tests of the reminders (decision 058): a plan and its open occurrence, or a breakdown, written
// straight through the Drizzle tables on the owner connection, as the plans and breakdowns slices will write them.
// Machines are made through /api/v1/machines by the tests themselves.
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { queryRows, type TDb } from '#server/db/client.ts';
import { breakdowns } from '#server/modules/maintenance/breakdowns.tables.ts';
import { maintenanceOccurrences, maintenancePlans } from '#server/modules/maintenance/plans.tables.ts';

/** A monthly fixed plan on `machineId` and its open occurrence due on `dueOn`; returns both ids. */
export async function seedOpenOccurrence(
  db: TDb,
  companyId: string,
  machineId: string,
  o: { title: string; dueOn: string; leadDays?: number; graceDays?: number },
): Promise<{ planId: string; occurrenceId: string }> {
  const planId = uuidv7();
  const occurrenceId = uuidv7();
  await db.insert(maintenancePlans).values({
    id: planId,
    companyId,
    machineId,
    title: o.title,
    mode: 'fixed',
    startOn: o.dueOn,
    calendarEvery: 1,
    calendarUnit: 'month',
    leadDays: o.leadDays ?? 0,
    graceDays: o.graceDays ?? 0,
  });
  await db.insert(maintenanceOccurrences).values({
    id: occurrenceId,
    companyId,
    planId,
    machineId,
    dueOn: o.dueOn,
    status: 'open',
  });
  return { planId, occurrenceId };
}

/** Marks an occurrence done, as completing it from the calendar will. */
export async function completeOccurrence(db: TDb, companyId: string, occurrenceId: string, on: string) {
  await db.execute(
    sql`update maintenance_occurrences set status = 'completed', completed_on = ${on}, completed_at = now()
        where company_id = ${companyId} and id = ${occurrenceId}`,
  );
}

/** A reported breakdown of `machineId`, numbered after the company's highest; returns its id. */
export async function seedBreakdown(
  db: TDb,
  companyId: string,
  machineId: string,
  b: { problem: string; priority?: 'low' | 'medium' | 'high' | 'critical'; reportedBy?: string },
): Promise<string> {
  const id = uuidv7();
  const [row] = await queryRows<{ next: number }>(
    db,
    sql`select coalesce(max(number), 0)::int + 1 as next from breakdowns where company_id = ${companyId}`,
  );
  await db.insert(breakdowns).values({
    id,
    companyId,
    number: row!.next,
    machineId,
    problem: b.problem,
    priority: b.priority ?? 'high',
    reportedBy: b.reportedBy ?? 'Tom Example',
  });
  return id;
}
