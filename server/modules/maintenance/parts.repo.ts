// The parts issued to a breakdown or a PM occurrence, as the screens show them (part number and name, lot, place),
// oldest first; company_id in every where and join (decision 033).
import { and, asc, eq } from 'drizzle-orm';
import { normalizeDecimal } from '#common/decimal.ts';
import type { TIssuedPart } from '#common/schemas/maintenance-parts.ts';
import type { TDb } from '../../db/client.ts';
import { items, locations } from '../inventory/inventory.tables.ts';
import { lots } from '../inventory/stock.tables.ts';
import { maintenanceParts } from './breakdowns.tables.ts';
import type { TMaintenanceTarget } from './parts-issue.ts';

/** The parts issued to `target`, in the order they were written. */
export async function partsOf(
  tx: TDb,
  companyId: string,
  target: TMaintenanceTarget,
): Promise<TIssuedPart[]> {
  const of =
    'occurrenceId' in target
      ? eq(maintenanceParts.occurrenceId, target.occurrenceId)
      : eq(maintenanceParts.breakdownId, target.breakdownId);
  const rows = await tx
    .select({
      part: maintenanceParts,
      partNumber: items.partNumber,
      itemName: items.name,
      locationCode: locations.fullCode,
      lotNumber: lots.lotNumber,
    })
    .from(maintenanceParts)
    .innerJoin(
      items,
      and(eq(items.companyId, maintenanceParts.companyId), eq(items.id, maintenanceParts.itemId)),
    )
    .innerJoin(
      locations,
      and(eq(locations.companyId, maintenanceParts.companyId), eq(locations.id, maintenanceParts.locationId)),
    )
    .leftJoin(lots, and(eq(lots.companyId, maintenanceParts.companyId), eq(lots.id, maintenanceParts.lotId)))
    .where(and(eq(maintenanceParts.companyId, companyId), of))
    .orderBy(asc(maintenanceParts.createdAt), asc(maintenanceParts.id));
  return rows.map(({ part, partNumber, itemName, locationCode, lotNumber }) => ({
    id: part.id,
    itemId: part.itemId,
    partNumber,
    itemName,
    lotId: part.lotId,
    lotNumber: lotNumber ?? null,
    locationId: part.locationId,
    locationCode,
    quantity: normalizeDecimal(part.quantity),
    transactionId: part.transactionId,
    createdAt: part.createdAt.toISOString(),
    createdBy: part.createdBy,
  }));
}
