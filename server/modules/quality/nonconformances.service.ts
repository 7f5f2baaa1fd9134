// Nonconformances (decisions 070, 073): opened by anyone in the company (or by a failed inspection, through
// openNonconformanceWithin in the inspection's own transaction), investigated while not closed, dispositioned by an
// admin (nc-dispositions.service.ts: the stock posts in the same transaction) and closed by someone other than the
// opener — the service says so, and a CHECK in the database holds it whatever the service does.
import { v7 as uuidv7 } from 'uuid';
import { compareDecimal, fromScaled, normalizeDecimal, toScaled } from '#common/decimal.ts';
import { AppError } from '#common/errors.ts';
import { QUANTITY_SCALE } from '#common/schemas/inventory-setup.ts';
import {
  NC_MESSAGES as M,
  ncNumberText,
  type TNcDetail,
  type TNcInvestigation,
  type TNcListQuery,
  type TNcOpen,
  type TNcPage,
} from '#common/schemas/nonconformances.ts';
import { workOrderNumberText } from '#common/work-order-status.ts';
import type { TDb } from '../../db/client.ts';
import type { TTenant } from '../../db/tenant.ts';
import { changedFields, recordAudit } from '../audit/audit.ts';
import { takeNextNumber } from '../companies/counters.repo.ts';
import { assertWholeQuantity } from '../inventory/whole-units.ts';
import { lockLot } from './holds.repo.ts';
import { ncDetailOf, ncNotFound, summaryOf } from './nc-views.ts';
import * as repo from './nonconformances.repo.ts';

/** What openNonconformanceWithin takes: what is wrong, with what, and where it came from. */
export interface TNcOpenWithin {
  inspectionId?: string | null;
  itemId: string;
  lotId?: string | null;
  workOrderId?: string | null;
  supplierId?: string | null;
  /** A positive decimal text in the item's unit. */
  quantity: string;
  description: string;
}

/**
 * Opens a nonconformance inside the caller's transaction `tx` (of `tenant.run`): numbered from the company's
 * 'nonconformance' counter (so a rolled-back caller gives its number back), audited, opened by the tenant's user.
 * The ids are the caller's to have checked as the company's (the composite foreign keys refuse another company's
 * anyway). A failed inspection opens one (h2's inspections service); the route below opens one by hand.
 */
export async function openNonconformanceWithin(
  tx: TDb,
  tenant: TTenant,
  input: TNcOpenWithin,
): Promise<{ id: string; number: number }> {
  const { companyId } = tenant;
  // A lot's NCs are opened under its lock, which its dispositions and releases take too: a last disposition of another
  // NC on it cannot release it while this one is being opened (decision 073).
  if (input.lotId) await lockLot(tx, companyId, input.lotId);
  const id = uuidv7();
  const number = await takeNextNumber(tx, companyId, 'nonconformance');
  const quantity = normalizeDecimal(input.quantity);
  await repo.insertNc(tx, {
    id,
    companyId,
    number,
    inspectionId: input.inspectionId ?? null,
    itemId: input.itemId,
    lotId: input.lotId ?? null,
    workOrderId: input.workOrderId ?? null,
    supplierId: input.supplierId ?? null,
    quantity,
    description: input.description,
    openedBy: tenant.userId,
    openedByName: tenant.actor.name,
  });
  const refs = await repo.refsOf(tx, companyId, {
    itemId: input.itemId,
    ...(input.lotId ? { lotId: input.lotId } : {}),
    ...(input.workOrderId ? { workOrderId: input.workOrderId } : {}),
    ...(input.supplierId ? { supplierId: input.supplierId } : {}),
  });
  await recordAudit(tx, companyId, tenant.actor, {
    entityType: 'nonconformance',
    entityId: id,
    entityLabel: ncNumberText(number),
    action: 'opened',
    after: {
      ...(input.inspectionId ? { inspection: input.inspectionId } : {}),
      item: refs.part_number ?? input.itemId,
      ...(refs.lot_number ? { lot: refs.lot_number } : {}),
      ...(refs.work_order_number !== null
        ? { workOrder: workOrderNumberText(Number(refs.work_order_number)) }
        : {}),
      ...(refs.supplier_name ? { supplier: refs.supplier_name } : {}),
      quantity,
      description: input.description,
      status: 'open',
    },
  });
  return { id, number };
}

/** GET /api/v1/nonconformances: a filter naming another company's item, lot or supplier is 404 naming it. */
export async function listNonconformances(tenant: TTenant, query: TNcListQuery): Promise<TNcPage> {
  return tenant.run(async (tx) => {
    if (query.itemId || query.lotId || query.supplierId) {
      const found = await repo.filterRefsFound(tx, tenant.companyId, query);
      const missing = (field: string, message: string) =>
        new AppError('NOT_FOUND', message, { [field]: message });
      if (query.itemId && !found.item) throw missing('itemId', M.itemNotFound);
      if (query.lotId && !found.lot) throw missing('lotId', M.lotNotFound);
      if (query.supplierId && !found.supplier) throw missing('supplierId', M.supplierNotFound);
    }
    const { rows, total } = await repo.listNcs(tx, tenant.companyId, query);
    return { items: rows.map(summaryOf), total, page: query.page, pageSize: query.pageSize };
  });
}

/** GET /api/v1/nonconformances/:id */
export async function getNonconformance(tenant: TTenant, id: string): Promise<TNcDetail> {
  return tenant.run((tx) => ncDetailOf(tx, tenant.companyId, id));
}

/**
 * POST /api/v1/nonconformances: opened by hand. Every id in the body is looked up as the company's (another
 * company's id is "no such …", naming the field); a lot must be the item's; the lot's supplier is named when the
 * opener names none.
 */
export async function openNonconformance(tenant: TTenant, input: TNcOpen): Promise<TNcDetail> {
  const { companyId } = tenant;
  return tenant.run(async (tx) => {
    const refs = await repo.refsOf(tx, companyId, input);
    const missing = (field: string, message: string) =>
      new AppError('NOT_FOUND', message, { [field]: message });
    if (refs.part_number === null) throw missing('itemId', M.itemNotFound);
    if (input.lotId && refs.lot_number === null) throw missing('lotId', M.lotNotFound);
    if (input.workOrderId && refs.work_order_number === null)
      throw missing('workOrderId', M.workOrderNotFound);
    if (input.supplierId && refs.supplier_name === null) throw missing('supplierId', M.supplierNotFound);
    assertWholeQuantity('quantity', input.quantity, {
      partNumber: refs.part_number,
      unitOfMeasure: refs.unit_of_measure ?? '',
    });
    // Not above what came into the lot: the goods may since be shipped or built into something (decision 073,
    // 2026-11-30), so what the lot holds now is no limit, but a lot cannot have more bad units than it ever had.
    if (
      input.lotId &&
      refs.lot_number !== null &&
      compareDecimal(input.quantity, refs.lot_taken_in ?? '0') > 0
    ) {
      const message = M.overLotTakenIn(normalizeDecimal(refs.lot_taken_in ?? '0'), refs.lot_number);
      throw new AppError('CONFLICT', message, { quantity: message });
    }
    const { id } = await openNonconformanceWithin(tx, tenant, {
      itemId: input.itemId,
      lotId: input.lotId ?? null,
      workOrderId: input.workOrderId ?? null,
      supplierId: input.supplierId ?? refs.lot_supplier_id ?? null,
      quantity: input.quantity,
      description: input.description,
    });
    return ncDetailOf(tx, companyId, id);
  });
}

/** PATCH /api/v1/nonconformances/:id: the investigation's text, while not closed (anyone in the company). */
export async function editNonconformance(
  tenant: TTenant,
  id: string,
  input: TNcInvestigation,
): Promise<TNcDetail> {
  const { companyId } = tenant;
  return tenant.run(async (tx) => {
    const row = await repo.lockNc(tx, companyId, id);
    if (!row) throw ncNotFound();
    if (row.status === 'closed') throw new AppError('CONFLICT', M.closed);
    const before = {
      description: row.description,
      containment: row.containment,
      rootCause: row.rootCause,
      correctiveAction: row.correctiveAction,
      preventiveAction: row.preventiveAction,
    };
    const after = { ...before, ...input };
    const change = changedFields(before, after);
    if (Object.keys(change.after).length > 0) {
      await repo.updateNc(tx, companyId, id, input);
      await recordAudit(tx, companyId, tenant.actor, {
        entityType: 'nonconformance',
        entityId: id,
        entityLabel: ncNumberText(row.number),
        action: 'updated',
        ...change,
      });
    }
    return ncDetailOf(tx, companyId, id);
  });
}

/** POST /api/v1/nonconformances/:id/close: by someone other than the opener, once dispositioned. */
export async function closeNonconformance(tenant: TTenant, id: string): Promise<TNcDetail> {
  const { companyId } = tenant;
  return tenant.run(async (tx) => {
    const row = await repo.lockNc(tx, companyId, id);
    if (!row) throw ncNotFound();
    if (row.status === 'closed') throw new AppError('CONFLICT', M.closed);
    if (row.status !== 'dispositioned') {
      const left =
        toScaled(row.quantity, QUANTITY_SCALE) - toScaled(row.dispositionQuantity ?? '0', QUANTITY_SCALE);
      throw new AppError('CONFLICT', M.notDispositioned(fromScaled(left, QUANTITY_SCALE)));
    }
    if (row.openedBy === tenant.userId) throw new AppError('CONFLICT', M.ownClose);
    await repo.updateNc(tx, companyId, id, {
      status: 'closed',
      closedBy: tenant.userId,
      closedByName: tenant.actor.name,
      closedAt: new Date(),
    });
    await recordAudit(tx, companyId, tenant.actor, {
      entityType: 'nonconformance',
      entityId: id,
      entityLabel: ncNumberText(row.number),
      action: 'closed',
      before: { status: row.status },
      after: { status: 'closed' },
    });
    return ncDetailOf(tx, companyId, id);
  });
}
