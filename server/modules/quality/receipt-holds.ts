// Receipt plans put new lots on hold (decision 070 "Holds"; decision 072): a receipt that creates a lot of an item
// whose receipt plan has a released version opens that lot's inspection and holds the lot, naming the plan, in the
// receipt's own transaction — so no moment exists when the new stock could be issued uninspected. The inspection's
// pass releases it (inspection-finish.service.ts). Only while the Quality area is on: with it off nobody could
// inspect or release the lot.
import { featureFlagsOf } from '#common/label-config.ts';
import { inspectionLabel } from '#common/schemas/inspections.ts';
import type { THeldForInspection } from '#common/schemas/stock.ts';
import type { TDb } from '../../db/client.ts';
import type { TTenant } from '../../db/tenant.ts';
import { findLabelConfig } from '../companies/companies.repo.ts';
import { receiptHoldsOf } from './holds.repo.ts';
import { holdLotWithin } from './holds.service.ts';
import { lotToInspect } from './inspections.repo.ts';
import { openInspectionWithin } from './inspections.service.ts';
import { receiptPlanOf } from './plan-in-force.repo.ts';

/** A lot a receipt has just created. */
export interface TNewLot {
  lotId: string;
  itemId: string;
  lotNumber: string;
}

/** The hold's reason, as the lot page, the scan card and a refused posting say it. */
export const receiptHoldReason = (planName: string) => `Awaiting receipt inspection (${planName})`;

/**
 * Holds each new lot whose item has a receipt plan in force, with its inspection opened; call after the receipt's
 * posting, inside its transaction. Returns the lots held.
 */
export async function holdNewLotsForInspection(
  tx: TDb,
  tenant: TTenant,
  newLots: readonly TNewLot[],
): Promise<THeldForInspection[]> {
  const held: THeldForInspection[] = [];
  let qualityOn: boolean | undefined;
  for (const { lotId, itemId, lotNumber } of newLots) {
    const inForce = await receiptPlanOf(tx, tenant.companyId, itemId);
    if (!inForce) continue;
    if (qualityOn === undefined) {
      const config = await findLabelConfig(tx, tenant.companyId);
      qualityOn = config ? featureFlagsOf(config).quality : false;
    }
    if (!qualityOn) return held;
    const lot = (await lotToInspect(tx, tenant.companyId, lotId))!;
    const inspection = await openInspectionWithin(tx, tenant, {
      inForce,
      itemId,
      lotId,
      workOrderId: null,
      stepId: null,
      machineId: null,
      supplierId: lot.supplier_id,
      lotSize: lot.on_hand,
    });
    const reason = receiptHoldReason(inForce.plan.name);
    await holdLotWithin(tx, tenant, lotId, reason, { inspectionId: inspection.id });
    held.push({
      lotId,
      lotNumber,
      reason,
      inspectionId: inspection.id,
      inspectionLabel: inspectionLabel(inspection.number),
    });
  }
  return held;
}

/**
 * What a receipt's answer said of the lots it held (`heldForInspection`), read back for a retry of its idempotency
 * key, so the retry answers exactly as the first time (decision 077) — whatever has become of the lots since.
 */
export async function heldByReceipt(
  tx: TDb,
  companyId: string,
  transactionId: string,
): Promise<THeldForInspection[]> {
  const rows = await receiptHoldsOf(tx, companyId, transactionId);
  return rows.map((r) => ({
    lotId: r.lot_id,
    lotNumber: r.lot_number,
    reason: r.reason,
    inspectionId: r.inspection_id,
    inspectionLabel: inspectionLabel(r.inspection_number),
  }));
}
