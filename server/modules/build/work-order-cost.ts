// A built lot is valued at what it took (decision 064): each output's good units carry the work order's cost not yet
// carried (output-cost.ts does the arithmetic), the assembly item's unit cost becomes their moving average, and
// completion settles what no output carried. Everything runs in the caller's tenant transaction, after it has locked
// the work order's row, so two outputs of one work order are priced one after the other.
import { fromScaled, normalizeDecimal, toScaled } from '#common/decimal.ts';
import { workOrderNumberText } from '#common/work-order-status.ts';
import type { TDb } from '../../db/client.ts';
import type { TTenant } from '../../db/tenant.ts';
import { recordAudit } from '../audit/audit.ts';
import {
  laborOf,
  movingAverage,
  outputCost,
  settlement,
  spreadOverOnHand,
  type TOutputCost,
} from './output-cost.ts';
import * as repo from './work-order-cost.repo.ts';
import { lockWorkOrder, type TWorkOrderRow } from './work-orders.repo.ts';

const plus = (a: string, b: string) => fromScaled(toScaled(a, 6) + toScaled(b, 6), 6);
const minus = (a: string, b: string) => fromScaled(toScaled(a, 6) - toScaled(b, 6), 6);
const money = (v: string) => normalizeDecimal(v, 4);
const woLabel = (wo: TWorkOrderRow) => workOrderNumberText(Number(wo.number));

/** What an output of `good` and `scrap` carries, priced from the locked work order's row as it stands. */
export async function priceOutput(
  tx: TDb,
  companyId: string,
  wo: TWorkOrderRow,
  good: string,
  scrap: string,
): Promise<TOutputCost> {
  return outputCost({
    quantity: wo.quantity,
    madeBefore: plus(wo.goodQuantity, wo.scrapQuantity),
    good,
    scrap,
    materialCost: wo.materialCost,
    outputValue: wo.outputValue,
    ...(await repo.laborBasis(tx, companyId, wo)),
  });
}

/** Who changes a cost: the company and the actor the audit trail names (a tenant, or an admin's system route). */
export type TCostActor = Pick<TTenant, 'companyId' | 'actor'>;

/** Sets the item's unit cost and writes it in the item's audit trail, naming the work order that moved it. */
async function averageItem(
  tx: TDb,
  tenant: TCostActor,
  wo: TWorkOrderRow,
  item: repo.TCostedItem,
  unitCost: string,
): Promise<{ before: string; after: string }> {
  const before = money(item.unit_cost);
  const after = money(unitCost);
  if (before === after) return { before, after };
  await repo.setItemCost(tx, tenant.companyId, item.id, after);
  await recordAudit(tx, tenant.companyId, tenant.actor, {
    entityType: 'item',
    entityId: item.id,
    entityLabel: item.part_number,
    action: 'cost-averaged',
    before: { unitCost: before },
    after: { unitCost: after, workOrder: woLabel(wo) },
  });
  return { before, after };
}

/**
 * Books a priced output's good units, AFTER its build-output posting, into the assembly item's moving average (the
 * caller has added the output's labor and value to the work order with its totals: repo.addOutputTotals). The posting's update of the item's on hand already holds the item's
 * row lock, so locking it here waits on nobody; locking it before the posting instead would take the item before the
 * balance, the reverse of every posting's order (balance, then item), and could deadlock with a shipment of the same
 * item. On hand less this output's good units is what was there before it. Returns the item's cost before and after.
 */
export async function bookOutputCost(
  tx: TDb,
  tenant: TTenant,
  wo: TWorkOrderRow,
  good: string,
  cost: TOutputCost,
): Promise<{ before: string; after: string } | null> {
  if (cost.unitCost === null) return null;
  const item = await repo.lockAssemblyItem(tx, tenant.companyId, wo.assemblyId);
  const onHandBefore = minus(item.on_hand, good);
  return averageItem(tx, tenant, wo, item, movingAverage(onHandBefore, item.unit_cost, good, cost.unitCost));
}

/**
 * Completion's settlement: what no output carried — a component consumed after the last output, the labor of units
 * made since, what rounding to unit costs left — is added to the built item's average (spread over what is on hand,
 * when anything is) and to the work order's output value, so the work order's whole cost ends in stock value. Called
 * in the completion's transaction, after its resolutions consumed what they consume and before the move.
 */
export async function settleWorkOrderCost(tx: TDb, tenant: TTenant, workOrderId: string): Promise<void> {
  const { companyId } = tenant;
  const wo = await lockWorkOrder(tx, companyId, workOrderId);
  if (!wo) return;
  const { labor, rest } = settlement({
    made: plus(wo.goodQuantity, wo.scrapQuantity),
    materialCost: wo.materialCost,
    outputValue: wo.outputValue,
    ...(await repo.laborBasis(tx, companyId, wo)),
  });
  if (rest === '0' && labor === money(wo.laborCost)) return;
  // Nothing good came of it: what it took is lost to scrap, not spread over stock that did not come from it.
  if (toScaled(wo.goodQuantity, 6) === 0n) {
    await repo.addWorkOrderCost(tx, companyId, wo.id, { labor, carried: '0' });
    await recordAudit(tx, companyId, tenant.actor, {
      entityType: 'work-order',
      entityId: wo.id,
      entityLabel: woLabel(wo),
      action: 'cost-settled',
      before: { laborCost: money(wo.laborCost) },
      after: { materialCost: money(wo.materialCost), laborCost: labor, writtenOff: rest },
    });
    return;
  }
  const item = await repo.lockAssemblyItem(tx, companyId, wo.assemblyId);
  const average = await averageItem(
    tx,
    tenant,
    wo,
    item,
    spreadOverOnHand(item.on_hand, item.unit_cost, rest),
  );
  await repo.addWorkOrderCost(tx, companyId, wo.id, { labor, carried: rest });
  await recordAudit(tx, companyId, tenant.actor, {
    entityType: 'work-order',
    entityId: wo.id,
    entityLabel: woLabel(wo),
    action: 'cost-settled',
    before: { laborCost: money(wo.laborCost), outputValue: money(wo.outputValue) },
    after: {
      materialCost: money(wo.materialCost),
      laborCost: labor,
      settled: rest,
      outputValue: money(plus(wo.outputValue, rest)),
      onHand: normalizeDecimal(item.on_hand),
      unitCost: average.after,
    },
  });
}

/**
 * Time recorded or corrected after a work order was completed (decision 085): an entry added to, edited on or
 * deleted from one of its steps, or re-priced by a back-dated rate. Its labor is read again (laborOf: recorded, else
 * standard) and the difference from the labor it was settled with goes where the settlement put the rest: into the
 * built item's average (spread over what is on hand, as completion settles late material) and the work order's
 * output value, or written off when nothing good came of it. In the caller's transaction, audited 'labor-recosted'.
 * Work orders not yet completed need nothing: their next output or their settlement reads the labor as it stands.
 */
export async function recostCompletedLabor(
  tx: TDb,
  who: TCostActor,
  stepRunIds: ReadonlyArray<string | null>,
): Promise<void> {
  const { companyId } = who;
  const runs = [...new Set(stepRunIds.filter((id): id is string => id !== null))];
  for (const id of await repo.completedWorkOrdersOfRuns(tx, companyId, runs)) {
    const wo = await lockWorkOrder(tx, companyId, id);
    if (wo?.status !== 'completed') continue;
    const labor = laborOf(await repo.laborBasis(tx, companyId, wo), plus(wo.goodQuantity, wo.scrapQuantity));
    const delta = minus(labor, wo.laborCost);
    if (toScaled(delta, 6) === 0n) continue;
    const before = { laborCost: money(wo.laborCost), outputValue: money(wo.outputValue) };
    if (toScaled(wo.goodQuantity, 6) === 0n) {
      await repo.addWorkOrderCost(tx, companyId, wo.id, { labor, carried: '0' });
      await recordAudit(tx, companyId, who.actor, {
        entityType: 'work-order',
        entityId: wo.id,
        entityLabel: woLabel(wo),
        action: 'labor-recosted',
        before,
        after: { laborCost: labor, writtenOff: money(delta) },
      });
      continue;
    }
    const item = await repo.lockAssemblyItem(tx, companyId, wo.assemblyId);
    const average = await averageItem(
      tx,
      who,
      wo,
      item,
      spreadOverOnHand(item.on_hand, item.unit_cost, delta),
    );
    await repo.addWorkOrderCost(tx, companyId, wo.id, { labor, carried: delta });
    await recordAudit(tx, companyId, who.actor, {
      entityType: 'work-order',
      entityId: wo.id,
      entityLabel: woLabel(wo),
      action: 'labor-recosted',
      before,
      after: {
        laborCost: labor,
        outputValue: money(plus(wo.outputValue, delta)),
        onHand: normalizeDecimal(item.on_hand),
        unitCost: average.after,
      },
    });
  }
}
