// Completion of a work order on the floor (decisions 049, 064): every step finished, some output, no open required QC
// check — and never silently short. While a planned component is not fully consumed, completion answers 409
// UNCONSUMED listing each open line, unless the request resolves it: `consume` takes what is left (backflush's
// rules), `used` records what was actually used (more than consumed takes the difference), `return` takes nothing
// more. Then the work order's cost is settled and it moves to completed (applyMove gives back what is left of the
// reservation) — all in one transaction, so a refusal anywhere leaves everything as it was.
import { compareDecimal, fromScaled, normalizeDecimal, toScaled } from '#common/decimal.ts';
import { AppError } from '#common/errors.ts';
import { QUANTITY_SCALE } from '#common/schemas/inventory-setup.ts';
import {
  SHOP_FLOOR_MESSAGES as M,
  type TComplete,
  type TFloor,
  type TResolution,
  type TUnconsumedDetails,
} from '#common/schemas/shop-floor.ts';
import type { TDb } from '../../db/client.ts';
import type { TTenant } from '../../db/tenant.ts';
import { recordAudit } from '../audit/audit.ts';
import { recipeOf } from './released-recipe.ts';
import * as repo from './shop-floor.repo.ts';
import { lotsText, placesText, takeWhatIsLeft } from './shop-floor-backflush.ts';
import { checksOpenError, openRequiredChecks } from './shop-floor-checks.ts';
import { assertInProgress, lockedWorkOrder, woLabel } from './shop-floor-steps.service.ts';
import { setShortReason } from './shop-floor-stock.repo.ts';
import { floorOf } from './shop-floor-view.ts';
import { settleWorkOrderCost } from './work-order-cost.ts';
import { applyMove } from './work-order-moves.service.ts';
import { type TWorkOrderLine, type TWorkOrderPlan, workOrderPlan } from './work-order-plan.ts';
import type { TWorkOrderRow } from './work-orders.repo.ts';

const scaled = (v: string) => toScaled(v, QUANTITY_SCALE);
const text = (v: bigint) => fromScaled(v, QUANTITY_SCALE);
const conflict = (message: string, field: string) => new AppError('CONFLICT', message, { [field]: message });
const invalid = (field: string, message: string) => new AppError('VALIDATION', message, { [field]: message });

/** A component still open: planned, consumed and left of its reservation, and its lines in plan order. */
interface TOpenItem {
  itemId: string;
  partNumber: string;
  unit: string;
  planned: string;
  consumed: string;
  left: string;
  lines: TWorkOrderLine[];
}

/** The components whose plan is not fully consumed, in BOM order. */
function openItems(plan: TWorkOrderPlan): TOpenItem[] {
  const open = new Map<string, TOpenItem>();
  for (const line of plan.lines) {
    const r = plan.reservations.get(line.item_id);
    if (!r?.open) continue;
    const left = scaled(r.quantity) - scaled(r.consumed);
    if (left <= 0n) continue;
    const item = open.get(line.item_id) ?? {
      itemId: line.item_id,
      partNumber: line.part_number,
      unit: line.unit_of_measure,
      planned: normalizeDecimal(r.quantity),
      consumed: normalizeDecimal(r.consumed),
      left: text(left),
      lines: [],
    };
    item.lines.push(line);
    open.set(line.item_id, item);
  }
  return [...open.values()];
}

/** Refuses (400 naming `resolutions.N…`) a resolution of a line that is not open, twice, or missing what it needs. */
function checkResolutions(resolutions: readonly TResolution[], open: ReadonlyMap<string, TOpenItem>): void {
  const seen = new Set<string>();
  resolutions.forEach((r, n) => {
    const at = `resolutions.${n}`;
    const item = open.get(r.itemId);
    if (!item) throw invalid(`${at}.itemId`, M.resolutionNotOpen);
    if (seen.has(r.itemId)) throw invalid(`${at}.itemId`, M.resolutionTwice);
    seen.add(r.itemId);
    const reason = r.reason?.trim();
    if (r.action === 'return' && !reason) throw invalid(`${at}.reason`, M.returnReasonNeeded);
    if (r.action !== 'used') return;
    if (r.quantity === undefined) throw invalid(`${at}.quantity`, M.usedQuantityNeeded);
    if (compareDecimal(r.quantity, item.consumed) < 0)
      throw invalid(`${at}.quantity`, M.usedBelowConsumed(item.consumed, item.unit));
    if (compareDecimal(r.quantity, item.planned) !== 0 && !reason)
      throw invalid(`${at}.reason`, M.resolutionReasonNeeded);
  });
}

/** The 409 listing the open lines no resolution covers, with each in `details` for the screen to resolve. */
function unconsumed(items: readonly TOpenItem[]): AppError {
  const details: TUnconsumedDetails = {
    lines: items.map((i) => ({
      itemId: i.itemId,
      partNumber: i.partNumber,
      planned: i.planned,
      consumed: i.consumed,
      left: i.left,
      unit: i.unit,
    })),
  };
  const message = M.unconsumed(items.map((i) => `${i.partNumber} ${i.left} ${i.unit} left`));
  return new AppError('UNCONSUMED', message, { resolutions: message }, { details });
}

/** Carries out resolution `n` on the locked work order, with its audit entries. */
async function resolve(
  tx: TDb,
  tenant: TTenant,
  wo: TWorkOrderRow,
  plan: TWorkOrderPlan,
  n: number,
  r: TResolution,
  item: TOpenItem,
) {
  const reservation = plan.reservations.get(item.itemId)!;
  const reason = r.reason?.trim() || null;
  const field = `resolutions.${n}`;
  // What more is taken: what is left of each line (consume), or what was used beyond what is consumed (used).
  const takes =
    r.action === 'consume'
      ? item.lines.filter((l) => l.left !== '0').map((l) => ({ line: l, quantity: l.left }))
      : r.action === 'used' && compareDecimal(r.quantity!, item.consumed) > 0
        ? [{ line: item.lines[0]!, quantity: text(scaled(r.quantity!) - scaled(item.consumed)) }]
        : [];
  for (const take of takes) {
    const picks = await takeWhatIsLeft(tx, tenant, {
      wo,
      line: take.line,
      reservation,
      quantity: take.quantity,
      bomLineId: item.lines.length === 1 || r.action === 'consume' ? take.line.id : null,
      stepRunId: null,
      source: 'completion',
      reason,
      postingKey: `build-complete:${wo.id}:${take.line.id}`,
      field,
    });
    await recordAudit(tx, tenant.companyId, tenant.actor, {
      entityType: 'work-order',
      entityId: wo.id,
      entityLabel: woLabel(wo),
      action: 'component-consumed',
      after: {
        component: item.partNumber,
        lot: lotsText(picks),
        location: placesText(picks),
        quantity: take.quantity,
        source: 'completion',
        reason,
      },
    });
  }
  const used =
    r.action === 'consume'
      ? item.planned
      : r.action === 'used'
        ? normalizeDecimal(r.quantity!)
        : item.consumed;
  if (reason && compareDecimal(used, item.planned) < 0)
    await setShortReason(tx, tenant.companyId, reservation.id, reason);
  await recordAudit(tx, tenant.companyId, tenant.actor, {
    entityType: 'work-order',
    entityId: wo.id,
    entityLabel: woLabel(wo),
    action: 'component-resolved',
    after: {
      component: item.partNumber,
      resolution: r.action,
      quantity: `${used} of ${item.planned} ${item.unit} used`,
      reason,
    },
  });
}

/** POST /api/v1/work-orders/:id/complete: the checks, the open lines resolved, the cost settled, then done. */
export async function completeWorkOrder(tenant: TTenant, id: string, input: TComplete): Promise<TFloor> {
  const { companyId } = tenant;
  const resolutions = input.resolutions ?? [];
  return tenant.run(async (tx) => {
    const wo = await lockedWorkOrder(tx, companyId, id);
    assertInProgress(wo);
    const runRows = await repo.stepRunsOf(tx, companyId, id);
    const runs = new Map(runRows.map((r) => [r.step_id, r.status]));
    const { steps } = await recipeOf(tx, companyId, wo.revisionId);
    const open = steps.filter((s) => runs.get(s.id) !== 'finished');
    if (open.length > 0) throw conflict(M.stepsOpen(open.map((s) => `${s.position}. ${s.title}`)), 'status');
    if (scaled(wo.goodQuantity) + scaled(wo.scrapQuantity) === 0n) throw conflict(M.noOutput, 'status');
    const checks = await openRequiredChecks(tx, companyId, wo, steps);
    if (checks.length > 0) throw checksOpenError(checks, false);

    const plan = await workOrderPlan(tx, companyId, wo, { steps });
    const items = openItems(plan);
    const byItem = new Map(items.map((i) => [i.itemId, i]));
    checkResolutions(resolutions, byItem);
    const covered = new Set(resolutions.map((r) => r.itemId));
    const uncovered = items.filter((i) => !covered.has(i.itemId));
    if (uncovered.length > 0) throw unconsumed(uncovered);
    for (const [n, r] of resolutions.entries())
      await resolve(tx, tenant, wo, plan, n, r, byItem.get(r.itemId)!);

    await settleWorkOrderCost(tx, tenant, wo.id);
    await applyMove(tx, tenant, wo, 'completed');
    // Completing changes no step run, step or BOM line: the view reuses them.
    return floorOf(tx, companyId, id, { steps, planLines: plan.lines, runs: runRows });
  });
}
