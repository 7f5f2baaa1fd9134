// The scheduler's queries: which companies have the Maintenance area on (a system read, before any tenant), and a
// company's open PM work near or past its date, with its plan and machine, inside that company's tenant transaction.
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { companies, companySettings } from '../companies/companies.tables.ts';
import { machines } from './machines.tables.ts';
import { maintenancePlans, maintenanceOccurrences as occ } from './plans.tables.ts';

/** A company the scheduler serves: its id and its time zone. */
export interface TSchedulerCompany {
  id: string;
  timeZone: string;
}

/** Every company whose Maintenance area is on (the owner's read: no tenant is known yet). */
export async function maintenanceCompanies(db: TDb): Promise<TSchedulerCompany[]> {
  return db
    .select({ id: companies.id, timeZone: companies.timezone })
    .from(companies)
    .innerJoin(companySettings, eq(companySettings.companyId, companies.id))
    .where(eq(companySettings.enableMaintenanceFeature, true))
    .orderBy(companies.id);
}

/** An open occurrence of an active plan on an active machine, with what its reminders say and need. */
export interface TOpenOccurrence {
  id: string;
  planTitle: string;
  machineName: string;
  assetTag: string;
  dueOn: string | null;
  dueReading: string | null;
  leadDays: number;
  graceDays: number;
  graceHours: string;
  meterReading: string;
}

/**
 * The company's open occurrences that may need a word today: dated ones whose reminder window (the longer of the
 * plan's lead time and the settings' days before due) has begun by `today`, and every meter-only one (its machine's
 * meter decides). Earliest due first.
 */
export async function openOccurrencesNear(
  tx: TDb,
  companyId: string,
  today: string,
  daysBefore: number,
): Promise<TOpenOccurrence[]> {
  return tx
    .select({
      id: occ.id,
      planTitle: maintenancePlans.title,
      machineName: machines.name,
      assetTag: machines.assetTag,
      dueOn: occ.dueOn,
      dueReading: occ.dueReading,
      leadDays: maintenancePlans.leadDays,
      graceDays: maintenancePlans.graceDays,
      graceHours: maintenancePlans.graceHours,
      meterReading: machines.meterReading,
    })
    .from(occ)
    .innerJoin(
      maintenancePlans,
      and(eq(maintenancePlans.companyId, occ.companyId), eq(maintenancePlans.id, occ.planId)),
    )
    .innerJoin(machines, and(eq(machines.companyId, occ.companyId), eq(machines.id, occ.machineId)))
    .where(
      and(
        eq(occ.companyId, companyId),
        eq(occ.status, 'open'),
        eq(maintenancePlans.active, true),
        eq(machines.active, true),
        or(
          isNull(occ.dueOn),
          sql`${occ.dueOn} - greatest(${maintenancePlans.leadDays}, ${daysBefore}::int) <= ${today}::date`,
        ),
      ),
    )
    .orderBy(sql`${occ.dueOn} nulls last`, occ.id);
}
