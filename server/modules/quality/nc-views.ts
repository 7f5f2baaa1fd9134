// A nonconformance as the API answers it (decision 073): its summary in the list, and its detail — with its
// dispositions and what each posted or made, and, while its lot is held, what the lot's release waits for.
import { fromScaled, normalizeDecimal, toScaled } from '#common/decimal.ts';
import { AppError } from '#common/errors.ts';
import { QUANTITY_SCALE } from '#common/schemas/inventory-setup.ts';
import {
  NC_MESSAGES as M,
  ncNumberText,
  type TNcDetail,
  type TNcDisposition,
  type TNcDispositionEntry,
  type TNcStatus,
  type TNcSummary,
} from '#common/schemas/nonconformances.ts';
import type { TDb } from '../../db/client.ts';
import { iso, isoOrNull } from '../../db/instants.ts';
import { lotHoldFacts } from './lot-hold-facts.ts';
import { dispositionsOf, type TDispositionRow } from './nc-dispositions.repo.ts';
import * as repo from './nonconformances.repo.ts';

const q = (v: string | null) => (v === null ? null : normalizeDecimal(v));

export const ncNotFound = () => new AppError('NOT_FOUND', M.notFound);

/** A list row as the API answers it. */
export function summaryOf(r: repo.TNcSummaryRow): TNcSummary {
  return {
    id: r.id,
    number: Number(r.number),
    numberText: ncNumberText(Number(r.number)),
    status: r.status as TNcStatus,
    itemId: r.item_id,
    partNumber: r.part_number,
    itemName: r.item_name,
    unitOfMeasure: r.unit_of_measure,
    lotId: r.lot_id,
    lotNumber: r.lot_number,
    supplierId: r.supplier_id,
    supplierName: r.supplier_name,
    quantity: normalizeDecimal(r.quantity),
    description: r.description,
    decidedQuantity: q(r.decided) ?? '0',
    undecidedQuantity: fromScaled(
      toScaled(r.quantity, QUANTITY_SCALE) - toScaled(r.decided ?? '0', QUANTITY_SCALE),
      QUANTITY_SCALE,
    ),
    dispositions: (r.kinds ? r.kinds.split(',') : []) as TNcDisposition[],
    openedByName: r.opened_by_name,
    openedAt: iso(r.opened_at),
  };
}

/** One disposition as the detail shows it, with what its posting wrote. */
async function dispositionEntryOf(
  tx: TDb,
  companyId: string,
  d: TDispositionRow,
): Promise<TNcDispositionEntry> {
  const lines = d.transaction_id ? await repo.postingLinesOf(tx, companyId, d.transaction_id) : [];
  return {
    id: d.id,
    disposition: d.disposition as TNcDisposition,
    quantity: normalizeDecimal(d.quantity),
    note: d.note,
    supplierName: d.supplier_name,
    dispositionedBy: d.created_by,
    dispositionedAt: iso(d.created_at),
    transactionId: d.transaction_id,
    postingLines: lines.map((l) => ({
      locationCode: l.location_code,
      lotNumber: l.lot_number,
      quantityDelta: normalizeDecimal(l.quantity_delta),
      unitCost: normalizeDecimal(l.unit_cost, 4),
    })),
    reworkWorkOrderId: d.rework_work_order_id,
    reworkWorkOrderNumber: d.rework_work_order_number === null ? null : Number(d.rework_work_order_number),
    lotReleased: Boolean(d.lot_released),
  };
}

/** The nonconformance as GET /:id answers it, read inside `tx`. */
export async function ncDetailOf(tx: TDb, companyId: string, id: string): Promise<TNcDetail> {
  const r = await repo.findNcDetail(tx, companyId, id);
  if (!r) throw ncNotFound();
  const dispositions = await dispositionsOf(tx, companyId, id);
  const dispositionLog: TNcDispositionEntry[] = [];
  for (const d of dispositions) dispositionLog.push(await dispositionEntryOf(tx, companyId, d));
  const history = await repo.historyOf(tx, companyId, id);
  const facts = r.lot_id && r.lot_on_hold ? await lotHoldFacts(tx, companyId, r.lot_id) : null;
  return {
    ...summaryOf(r),
    inspectionId: r.inspection_id,
    inspectionNumber: r.inspection_number === null ? null : Number(r.inspection_number),
    workOrderId: r.work_order_id,
    workOrderNumber: r.work_order_number === null ? null : Number(r.work_order_number),
    lotOnHold: r.lot_id ? Boolean(r.lot_on_hold) : null,
    lotHold: facts && r.lot_hold_reason !== null ? { reason: r.lot_hold_reason, facts } : null,
    lotQuantity: r.lot_id ? q(r.lot_quantity) : null,
    containment: r.containment,
    rootCause: r.root_cause,
    correctiveAction: r.corrective_action,
    preventiveAction: r.preventive_action,
    openedBy: r.opened_by,
    closedByName: r.closed_by_name,
    closedAt: isoOrNull(r.closed_at),
    dispositionLog,
    history: history.map((h) => ({ action: h.action, actorName: h.actor_name, at: iso(h.created_at) })),
  };
}
