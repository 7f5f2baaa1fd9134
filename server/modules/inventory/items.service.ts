// The rules of SKU setup: part numbers unique per company in any case, the plan's SKU limit (also under
// concurrent requests), a default location of the company's own, lot tracking defaulting to the company setting,
// and every change in the audit trail.
import { v7 as uuidv7 } from 'uuid';
import { normalizeDecimal } from '#common/decimal.ts';
import { AppError } from '#common/errors.ts';
import { planLimitMessage, planLimitsOf } from '#common/plans.ts';
import {
  ITEM_MESSAGES,
  type TItem,
  type TItemInput,
  type TItemListQuery,
  type TItemPage,
  type TItemPatch,
} from '#common/schemas/inventory-setup.ts';
import type { TDb } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { TTenant } from '../../db/tenant.ts';
import { changedFields, recordAudit } from '../audit/audit.ts';
import * as companiesRepo from '../companies/companies.repo.ts';
import { receiptPlanOf } from '../quality/plan-in-force.repo.ts';
import * as repo from './items.repo.ts';
import { findLocation } from './locations.repo.ts';

const partNumberTaken = () =>
  new AppError('CONFLICT', ITEM_MESSAGES.partNumberTaken, { partNumber: ITEM_MESSAGES.partNumberTaken });
const notFound = () => new AppError('NOT_FOUND', ITEM_MESSAGES.notFound);

/** Refuses one more active SKU when the plan (as of now) is full. Call with lockSkuCount held. */
async function checkSkuSlot(tx: TDb, companyId: string): Promise<void> {
  const company = await companiesRepo.findCompany(tx, companyId);
  if (!company) throw notFound();
  const limits = planLimitsOf(company.planId, company.planStartedAt);
  const active = await repo.countActiveItems(tx, companyId);
  if (active >= limits.maxSkus) throw new AppError('LIMIT_REACHED', planLimitMessage(limits, 'SKUs', active));
}

/**
 * Refuses turning lot tracking off while the item's receipt plan is in force (decision 070): receipt inspection
 * holds the lot a receipt creates, so without lots the plan would silently hold nothing. Call with the item locked.
 */
async function checkLotsNotNeeded(tx: TDb, companyId: string, item: TItem): Promise<void> {
  const plan = await receiptPlanOf(tx, companyId, item.id);
  if (!plan) return;
  const message = ITEM_MESSAGES.lotsNeededByReceiptPlan(item.partNumber, plan.plan.name);
  throw new AppError('CONFLICT', message, { lotTracked: message });
}

async function checkLocation(tx: TDb, companyId: string, id: string | null | undefined): Promise<void> {
  if (!id) return;
  if (!(await findLocation(tx, companyId, id))) {
    throw new AppError('BAD_REQUEST', ITEM_MESSAGES.locationNotFound, {
      defaultLocationId: ITEM_MESSAGES.locationNotFound,
    });
  }
}

/** The fields of an item the trail records. */
function auditable(item: TItem) {
  const { id: _id, createdAt: _c, updatedAt: _u, defaultLocationPath: _p, ...fields } = item;
  return fields;
}

export async function listItems(tenant: TTenant, query: TItemListQuery): Promise<TItemPage> {
  const found = await tenant.run((tx) => repo.listItems(tx, tenant.companyId, query));
  return { ...found, page: query.page, pageSize: query.pageSize };
}

export async function getItem(tenant: TTenant, id: string): Promise<TItem> {
  const item = await tenant.run((tx) => repo.findItem(tx, tenant.companyId, id));
  if (!item) throw notFound();
  return item;
}

export async function createItem(tenant: TTenant, input: TItemInput): Promise<TItem> {
  try {
    return await tenant.run(async (tx) => {
      await repo.lockSkuCount(tx, tenant.companyId);
      await checkSkuSlot(tx, tenant.companyId);
      await checkLocation(tx, tenant.companyId, input.defaultLocationId);
      const settings = await companiesRepo.findLabelConfig(tx, tenant.companyId);
      const id = uuidv7();
      await repo.insertItem(tx, {
        id,
        companyId: tenant.companyId,
        partNumber: input.partNumber,
        name: input.name,
        description: input.description,
        unitOfMeasure: input.unitOfMeasure,
        category: input.category,
        unitCost: normalizeDecimal(input.unitCost, 4),
        reorderPoint: input.reorderPoint === null ? null : normalizeDecimal(input.reorderPoint),
        defaultLocationId: input.defaultLocationId,
        lotTracked: input.lotTracked ?? settings?.useLotNumbers ?? false,
      });
      const item = (await repo.findItem(tx, tenant.companyId, id))!;
      await recordAudit(tx, tenant.companyId, tenant.actor, {
        entityType: 'item',
        entityId: id,
        entityLabel: item.partNumber,
        action: 'created',
        after: auditable(item),
      });
      return item;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw partNumberTaken();
    throw error;
  }
}

export async function updateItem(tenant: TTenant, id: string, patch: TItemPatch): Promise<TItem> {
  try {
    return await tenant.run(async (tx) => {
      if (patch.active === true) await repo.lockSkuCount(tx, tenant.companyId);
      // Locked before the plan is read: a receipt plan's release reads the item for share and waits, or we wait.
      if (patch.lotTracked === false) await repo.lockItemRow(tx, tenant.companyId, id, 'update');
      const before = await repo.findItem(tx, tenant.companyId, id);
      if (!before) throw notFound();
      if (patch.active === true && !before.active) await checkSkuSlot(tx, tenant.companyId);
      if (patch.lotTracked === false && before.lotTracked)
        await checkLotsNotNeeded(tx, tenant.companyId, before);
      await checkLocation(tx, tenant.companyId, patch.defaultLocationId);
      await repo.updateItem(tx, tenant.companyId, id, {
        ...(patch.partNumber !== undefined ? { partNumber: patch.partNumber } : {}),
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.description !== undefined ? { description: patch.description } : {}),
        ...(patch.unitOfMeasure !== undefined ? { unitOfMeasure: patch.unitOfMeasure } : {}),
        ...(patch.category !== undefined ? { category: patch.category } : {}),
        ...(patch.unitCost !== undefined ? { unitCost: normalizeDecimal(patch.unitCost, 4) } : {}),
        ...(patch.reorderPoint !== undefined
          ? { reorderPoint: patch.reorderPoint === null ? null : normalizeDecimal(patch.reorderPoint) }
          : {}),
        ...(patch.defaultLocationId !== undefined ? { defaultLocationId: patch.defaultLocationId } : {}),
        ...(patch.lotTracked !== undefined ? { lotTracked: patch.lotTracked } : {}),
        ...(patch.active !== undefined ? { active: patch.active } : {}),
      });
      const after = (await repo.findItem(tx, tenant.companyId, id))!;
      const diff = changedFields(auditable(before), auditable(after));
      if (Object.keys(diff.after).length > 0) {
        await recordAudit(tx, tenant.companyId, tenant.actor, {
          entityType: 'item',
          entityId: id,
          entityLabel: after.partNumber,
          action: before.active === after.active ? 'updated' : after.active ? 'reactivated' : 'deactivated',
          ...diff,
        });
      }
      return after;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw partNumberTaken();
    throw error;
  }
}
