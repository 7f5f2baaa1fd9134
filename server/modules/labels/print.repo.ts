// The records labels print, read inside withTenant: another company's ids are simply not found (RLS and the
// company in every where).
import { and, asc, eq, gt, inArray, like, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { escapeLike } from '../../db/like.ts';
import { assemblies } from '../build/build.tables.ts';
import { workOrders } from '../build/work-orders.tables.ts';
import { items, locations } from '../inventory/inventory.tables.ts';
import { lots, stockBalances } from '../inventory/stock.tables.ts';
import { jobs } from '../jobs/jobs.tables.ts';
import { machines } from '../maintenance/machines.tables.ts';

export interface TItemLabelRow {
  id: string;
  partNumber: string;
  name: string;
  unitOfMeasure: string;
  locationCode: string | null;
}

export async function itemsByIds(tx: TDb, companyId: string, ids: string[]): Promise<TItemLabelRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select({
      id: items.id,
      partNumber: items.partNumber,
      name: items.name,
      unitOfMeasure: items.unitOfMeasure,
      locationCode: locations.fullCode,
    })
    .from(items)
    .leftJoin(locations, eq(locations.id, items.defaultLocationId))
    .where(and(eq(items.companyId, companyId), inArray(items.id, ids)));
}

export async function lotsByIds(tx: TDb, companyId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ id: lots.id, lotNumber: lots.lotNumber, partNumber: items.partNumber, name: items.name })
    .from(lots)
    .innerJoin(items, eq(items.id, lots.itemId))
    .where(and(eq(lots.companyId, companyId), inArray(lots.id, ids)));
}

export async function locationsByIds(tx: TDb, companyId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ id: locations.id, name: locations.name, fullCode: locations.fullCode, path: locations.path })
    .from(locations)
    .where(and(eq(locations.companyId, companyId), inArray(locations.id, ids)));
}

/** Work orders as their labels and travellers need them: number, status, the assembly's item, quantity, put-away. */
export async function workOrdersByIds(tx: TDb, companyId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({
      id: workOrders.id,
      number: workOrders.number,
      status: workOrders.status,
      quantity: workOrders.quantity,
      partNumber: items.partNumber,
      name: items.name,
      unitOfMeasure: items.unitOfMeasure,
      outputLocationCode: locations.fullCode,
    })
    .from(workOrders)
    .innerJoin(
      assemblies,
      and(eq(assemblies.companyId, workOrders.companyId), eq(assemblies.id, workOrders.assemblyId)),
    )
    .innerJoin(items, and(eq(items.companyId, assemblies.companyId), eq(items.id, assemblies.itemId)))
    .leftJoin(
      locations,
      and(eq(locations.companyId, workOrders.companyId), eq(locations.id, workOrders.outputLocationId)),
    )
    .where(and(eq(workOrders.companyId, companyId), inArray(workOrders.id, ids)));
}

/** Machines as their labels need them: name, asset tag, make and model, where they stand. */
export async function machinesByIds(tx: TDb, companyId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({
      id: machines.id,
      name: machines.name,
      assetTag: machines.assetTag,
      make: machines.make,
      model: machines.model,
      locationCode: locations.fullCode,
    })
    .from(machines)
    .leftJoin(
      locations,
      and(eq(locations.companyId, machines.companyId), eq(locations.id, machines.locationId)),
    )
    .where(and(eq(machines.companyId, companyId), inArray(machines.id, ids)));
}

/** Jobs of the company by id: what a job's label prints (decision 083). */
export async function jobsByIds(tx: TDb, companyId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ id: jobs.id, number: jobs.number, name: jobs.name, customer: jobs.customer })
    .from(jobs)
    .where(and(eq(jobs.companyId, companyId), inArray(jobs.id, ids)));
}

/** Items with stock in a location subtree, by part number, each with its total quantity there (`limit` rows). */
export async function stockInSubtree(tx: TDb, companyId: string, path: string, limit: number) {
  const quantity = sql<string>`sum(${stockBalances.quantity})`;
  return tx
    .select({
      id: items.id,
      partNumber: items.partNumber,
      name: items.name,
      unitOfMeasure: items.unitOfMeasure,
      quantity,
    })
    .from(stockBalances)
    .innerJoin(locations, eq(locations.id, stockBalances.locationId))
    .innerJoin(items, eq(items.id, stockBalances.itemId))
    .where(
      and(
        eq(stockBalances.companyId, companyId),
        like(locations.path, `${escapeLike(path)}%`),
        gt(stockBalances.quantity, '0'),
      ),
    )
    .groupBy(items.id, items.partNumber, items.name, items.unitOfMeasure)
    .orderBy(asc(items.partNumber))
    .limit(limit);
}
