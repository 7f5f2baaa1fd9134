// Recording a corrective action after MIL-STD-105E 4.8 discontinued acceptance sampling (decisions 070, 077): an
// admin, as for a disposition, writes down what the supplier (or, for final inspection, the shop) did; the pair's next
// lot is then inspected tightened with the count of rejections started afresh. Refused while inspection is not
// discontinued: there is nothing to resume, and an action recorded early would wipe out a stretch's rejections.
import { v7 as uuidv7 } from 'uuid';
import { AppError } from '#common/errors.ts';
import {
  CORRECTIVE_ACTION_MESSAGES as M,
  type TCorrectiveAction,
  type TCorrectiveActionParsed,
} from '#common/schemas/corrective-actions.ts';
import type { TTenant } from '../../db/tenant.ts';
import { recordAudit } from '../audit/audit.ts';
import { supplierList } from '../suppliers/suppliers.service.ts';
import * as repo from './corrective-actions.repo.ts';
import { correctiveActionOf } from './inspection-dto.ts';
import { switchingStateOf } from './inspection-sampling.ts';

const notFound = (field: string, message: string) => new AppError('NOT_FOUND', message, { [field]: message });

/** POST /api/v1/sampling-corrective-actions (admins): see the module comment. */
export async function recordCorrectiveAction(
  tenant: TTenant,
  input: TCorrectiveActionParsed,
): Promise<TCorrectiveAction> {
  const { companyId } = tenant;
  return tenant.run(async (tx) => {
    // Locked first: two admins recording at once queue here, and the second finds inspection resumed.
    const item = await repo.lockItem(tx, companyId, input.itemId);
    if (!item) throw notFound('itemId', M.itemNotFound);
    const supplier = input.supplierId ? await supplierList.find(tx, companyId, input.supplierId) : null;
    if (input.supplierId && !supplier) throw notFound('supplierId', M.supplierNotFound);
    const pair = { itemId: item.id, stage: input.stage, supplierId: input.supplierId };
    const { state } = await switchingStateOf(tx, companyId, pair);
    const what =
      input.stage === 'final'
        ? `${item.part_number} at final inspection`
        : `${item.part_number} from ${supplier ? supplier.code : 'no supplier'}`;
    if (!state.discontinued) throw new AppError('CONFLICT', M.notDiscontinued(what));
    const row = await repo.insertCorrectiveAction(tx, {
      id: uuidv7(),
      companyId,
      ...pair,
      action: input.action,
      reference: input.reference,
      recordedBy: tenant.actor.name,
    });
    const recorded = correctiveActionOf({
      id: row.id,
      item_id: row.itemId,
      stage: input.stage,
      supplier_id: row.supplierId,
      action: row.action,
      reference: row.reference,
      recorded_by: row.recordedBy,
      recorded_at: row.recordedAt,
      since_last_lot: true,
    });
    await recordAudit(tx, companyId, tenant.actor, {
      entityType: 'corrective-action',
      entityId: row.id,
      entityLabel: what,
      action: 'recorded',
      after: {
        item: item.part_number,
        stage: input.stage,
        supplier: supplier ? supplier.code : null,
        action: input.action,
        reference: input.reference,
      },
    });
    return recorded;
  });
}
