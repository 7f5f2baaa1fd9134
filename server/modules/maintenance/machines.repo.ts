// Queries of machines, their status history and meter readings, run inside a tenant transaction; company_id in every
// where and join (decision 033).
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { TMachineFilter } from '#common/schemas/machines.ts';
import type { TDb } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { locations } from '../inventory/inventory.tables.ts';
import { machineMeterReadings, machineStatusEvents, machines } from './machines.tables.ts';

export type TMachineRow = typeof machines.$inferSelect;
/** A machine with its location's code and name (null when not placed). */
export interface TMachineWithLocation {
  machine: TMachineRow;
  location: { id: string; fullCode: string; name: string } | null;
}

const withLocation = (tx: TDb) =>
  tx
    .select({
      machine: machines,
      location: { id: locations.id, fullCode: locations.fullCode, name: locations.name },
    })
    .from(machines)
    .leftJoin(
      locations,
      and(eq(locations.companyId, machines.companyId), eq(locations.id, machines.locationId)),
    );

function filterOf(companyId: string, filter: TMachineFilter): SQL {
  const conditions: SQL[] = [eq(machines.companyId, companyId)];
  if (filter.status) conditions.push(eq(machines.status, filter.status));
  if (filter.q) {
    const pattern = containsPattern(filter.q.toLowerCase());
    conditions.push(
      sql`(lower(${machines.name}) like ${pattern} or lower(${machines.assetTag}) like ${pattern}
        or lower(${machines.make}) like ${pattern} or lower(${machines.model}) like ${pattern}
        or lower(${machines.serial}) like ${pattern})`,
    );
  }
  return and(...conditions) as SQL;
}

/** A page of machines by name (then asset tag), with how many match in all. */
export async function listMachines(
  tx: TDb,
  companyId: string,
  filter: TMachineFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: TMachineWithLocation[]; total: number }> {
  const where = filterOf(companyId, filter);
  const rows = (await withLocation(tx)
    .where(where)
    .orderBy(sql`lower(${machines.name})`, sql`lower(${machines.assetTag})`, machines.id)
    .limit(page.limit)
    .offset(page.offset)) as TMachineWithLocation[];
  const [counted] = await tx.select({ n: sql<number>`count(*)::int` }).from(machines).where(where);
  return { rows, total: Number(counted?.n ?? 0) };
}

export async function findMachine(
  tx: TDb,
  companyId: string,
  id: string,
): Promise<TMachineWithLocation | null> {
  const [row] = (await withLocation(tx)
    .where(and(eq(machines.companyId, companyId), eq(machines.id, id)))
    .limit(1)) as TMachineWithLocation[];
  return row ?? null;
}

/** The machine whose asset tag this is, whatever its case (a typed or vendor-scanned tag); null when none. */
export async function findMachineIdByAssetTag(
  tx: TDb,
  companyId: string,
  tag: string,
): Promise<string | null> {
  const [row] = await tx
    .select({ id: machines.id })
    .from(machines)
    .where(and(eq(machines.companyId, companyId), sql`lower(${machines.assetTag}) = lower(${tag})`))
    .limit(1);
  return row?.id ?? null;
}

/** The machine's row locked until the transaction ends: status changes and readings of one machine queue up. */
export async function lockMachine(tx: TDb, companyId: string, id: string): Promise<TMachineRow | null> {
  const [row] = await tx
    .select()
    .from(machines)
    .where(and(eq(machines.companyId, companyId), eq(machines.id, id)))
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function insertMachine(tx: TDb, row: typeof machines.$inferInsert): Promise<void> {
  await tx.insert(machines).values(row);
}

export async function updateMachine(
  tx: TDb,
  companyId: string,
  id: string,
  set: Partial<typeof machines.$inferInsert>,
): Promise<void> {
  await tx
    .update(machines)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(machines.companyId, companyId), eq(machines.id, id)));
}

export async function insertStatusEvent(
  tx: TDb,
  row: typeof machineStatusEvents.$inferInsert,
): Promise<void> {
  await tx.insert(machineStatusEvents).values(row);
}

export async function insertMeterReading(
  tx: TDb,
  row: typeof machineMeterReadings.$inferInsert,
): Promise<void> {
  await tx.insert(machineMeterReadings).values(row);
}

/** The newest status changes of a machine, newest first. */
export async function statusEventsOf(tx: TDb, companyId: string, machineId: string, limit: number) {
  return tx
    .select()
    .from(machineStatusEvents)
    .where(and(eq(machineStatusEvents.companyId, companyId), eq(machineStatusEvents.machineId, machineId)))
    .orderBy(desc(machineStatusEvents.at), desc(machineStatusEvents.id))
    .limit(limit);
}

/** The newest meter readings of a machine, newest first. */
export async function meterReadingsOf(tx: TDb, companyId: string, machineId: string, limit: number) {
  return tx
    .select()
    .from(machineMeterReadings)
    .where(and(eq(machineMeterReadings.companyId, companyId), eq(machineMeterReadings.machineId, machineId)))
    .orderBy(desc(machineMeterReadings.readAt), desc(machineMeterReadings.id))
    .limit(limit);
}
