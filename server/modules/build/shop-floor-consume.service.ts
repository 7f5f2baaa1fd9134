// Consuming a component at a work order by what the operator scanned (decision 049). Refused, saying what was
// expected, when the scan is not one of the work order's components, when a lot-tracked part is scanned without its
// lot, or more than the location (and lot) holds. More than is left of the plan is allowed with a reason (decision
// 064: 400 naming `reason` without one), until the work order is completed — also after every step is finished. The
// stock moves by a 'build-consume' posting of the ledger's engine in the same transaction as the consumption row
// (costed at its posting line), the reservation's consumed and the work order's material cost, under the client's
// idempotency key (decision 036: the same request again answers the first consumption; the same key for another
// request is 422).
import { compareDecimal, fromScaled, normalizeDecimal, toScaled } from '#common/decimal.ts';
import { AppError } from '#common/errors.ts';
import { QUANTITY_SCALE } from '#common/schemas/inventory-setup.ts';
import { SHOP_FLOOR_MESSAGES as M, type TConsume, type TFloorAction } from '#common/schemas/shop-floor.ts';
import type { TDb } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { TTenant } from '../../db/tenant.ts';
import { recordAudit } from '../audit/audit.ts';
import { findItemRow } from '../inventory/items.repo.ts';
import { findLocation } from '../inventory/locations.repo.ts';
import { findTransactionByKey } from '../inventory/stock.repo.ts';
import { recordConsumption } from './consumption-record.ts';
import { floorComponents } from './floor-view.repo.ts';
import { recipeOf } from './released-recipe.ts';
import type { TStepRunRow } from './shop-floor.repo.ts';
import * as repo from './shop-floor.repo.ts';
import { resolveScanned, type TScanned } from './shop-floor-scan.ts';
import { lockedWorkOrder, statusWord, woLabel } from './shop-floor-steps.service.ts';
import { planLinesOf, type TPlanLineRow } from './shop-floor-stock.repo.ts';
import { floorOf } from './shop-floor-view.ts';
import type { TRevisionSteps } from './work-order-plan.ts';
import type { TWorkOrderRow } from './work-orders.repo.ts';

/** A consumption's posting key, namespaced so it never meets a stock posting's or a borrowing's key. */
export const consumeKey = (key: string) => `build-consume:${key}`;

export const KEY_REUSED =
  'This idempotency key was already used for a different request. That first one stands and nothing else was ' +
  'posted: send a new key for a new consumption or output.';
const keyReused = () => new AppError('IDEMPOTENCY_KEY_REUSED', KEY_REUSED);

/** a − b, never below 0: what is left of a plan. */
const leftOf = (a: string, b: string) => {
  const left = toScaled(a, QUANTITY_SCALE) - toScaled(b, QUANTITY_SCALE);
  return fromScaled(left > 0n ? left : 0n, QUANTITY_SCALE);
};

/**
 * Refuses unless components can be consumed: while the work order is in progress or paused (every step may be
 * finished already), not before its first step starts and not once it is completed or cancelled.
 */
function assertConsumable(wo: TWorkOrderRow): void {
  if (wo.status === 'in_progress' || wo.status === 'paused') return;
  const message =
    wo.status === 'planned' || wo.status === 'released'
      ? M.notInProgress(statusWord(wo.status))
      : M.notConsumable(statusWord(wo.status));
  throw new AppError('CONFLICT', message, { status: message });
}

/** The posting engine's refusal on its line ("line.quantity") said on this request's fields. */
function onRequestFields(error: unknown): unknown {
  if (!(error instanceof AppError) || !error.fieldErrors) return error;
  const rename: Record<string, string> = { quantity: 'quantity', locationId: 'locationId' };
  const fields: Record<string, string> = {};
  for (const [path, message] of Object.entries(error.fieldErrors)) {
    const field = path.replace(/^line\./, '');
    fields[rename[field] ?? 'code'] = message;
  }
  return new AppError(error.code, error.message, fields);
}

/** What the work order's revision and run hold for a consumption, read once: the floor view answers with it too. */
interface TRunContext {
  steps: TRevisionSteps;
  planLines: TPlanLineRow[];
  runs: TStepRunRow[];
}

/** The step a consumption is recorded at: the one named, else the one running now (if exactly one is open). */
function stepRunFor(context: TRunContext, stepId: string | undefined) {
  if (stepId === undefined) {
    const open = context.runs.filter((r) => r.status !== 'finished');
    return open.length === 1 ? open[0]! : null;
  }
  if (!context.steps.some((s) => s.id === stepId))
    throw new AppError('NOT_FOUND', M.stepNotFound, { stepId: M.stepNotFound });
  const run = context.runs.find((r) => r.step_id === stepId);
  if (!run) throw new AppError('CONFLICT', M.notStarted, { stepId: M.notStarted });
  return run;
}

/** The BOM line a consumption answers: the item's only line, or its line at this step (null: not known). */
function bomLineFor(context: TRunContext, itemId: string, stepId: string | null) {
  const lines = context.planLines.filter((l) => l.item_id === itemId);
  if (lines.length === 1) return lines[0]!.id;
  if (stepId === null) return null;
  const first = context.steps[0]?.id === stepId;
  return lines.find((l) => l.step_id === stepId || (first && l.step_id === null))?.id ?? null;
}

/** Whether the consumption a retried key made is the one `input` asks for. */
function isSameConsumption(
  first: NonNullable<Awaited<ReturnType<typeof repo.consumptionOfTransaction>>>,
  workOrderId: string,
  scanned: TScanned,
  input: TConsume,
) {
  return (
    first.work_order_id === workOrderId &&
    first.item_id === scanned.itemId &&
    first.lot_id === scanned.lotId &&
    first.location_id === input.locationId &&
    normalizeDecimal(first.quantity) === normalizeDecimal(input.quantity) &&
    (input.stepId === undefined || first.step_id === input.stepId)
  );
}

/** The consumption an earlier request with this key made, when it is this request's; 422 when it is another's. */
async function retried(tx: TDb, tenant: TTenant, id: string, input: TConsume): Promise<TFloorAction | null> {
  const posting = await findTransactionByKey(tx, tenant.companyId, consumeKey(input.idempotencyKey));
  if (!posting) return null;
  const first = await repo.consumptionOfTransaction(tx, tenant.companyId, posting.id);
  if (!first || first.work_order_id !== id) throw keyReused();
  const scanned = await resolveScanned(tx, tenant.companyId, input.code, new Set([first.item_id]));
  if (!isSameConsumption(first, id, scanned, input)) throw keyReused();
  return { recordId: first.id, transactionId: posting.id, floor: await floorOf(tx, tenant.companyId, id) };
}

async function consumeOnce(tx: TDb, tenant: TTenant, id: string, input: TConsume): Promise<TFloorAction> {
  const { companyId } = tenant;
  const wo = await lockedWorkOrder(tx, companyId, id);
  const again = await retried(tx, tenant, id, input);
  if (again) return again;
  assertConsumable(wo);
  const components = await floorComponents(tx, companyId, wo.id);
  const expected = components.map((c) => c.part_number);
  const scanned = await resolveScanned(tx, companyId, input.code, new Set(components.map((c) => c.item_id)));
  const component = components.find((c) => c.item_id === scanned.itemId);
  if (!component) {
    const part = (await findItemRow(tx, companyId, scanned.itemId))?.partNumber ?? '';
    const message = scanned.lotNumber
      ? M.wrongLot(scanned.lotNumber, part, expected)
      : M.wrongItem(part, expected);
    throw new AppError('BAD_REQUEST', message, { code: message });
  }
  if (component.lot_tracked && scanned.lotId === null) {
    const message = M.lotNeeded(component.part_number);
    throw new AppError('BAD_REQUEST', message, { code: message });
  }
  const location = await findLocation(tx, companyId, input.locationId);
  if (!location) throw new AppError('NOT_FOUND', M.locationNotFound, { locationId: M.locationNotFound });
  const context: TRunContext = {
    steps: (await recipeOf(tx, companyId, wo.revisionId)).steps,
    planLines: await planLinesOf(tx, companyId, wo.revisionId),
    runs: await repo.stepRunsOf(tx, companyId, id),
  };
  const run = stepRunFor(context, input.stepId);

  const quantity = normalizeDecimal(input.quantity);
  const reservation = await repo.lockReservation(tx, companyId, id, scanned.itemId);
  if (!reservation) throw new AppError('CONFLICT', M.notConsumable(statusWord(wo.status)));
  // Past the plan is the line's usage variance: allowed while the stock is there, never without a word why.
  const reason = input.reason?.trim() || null;
  const left = leftOf(reservation.quantity, reservation.consumed);
  if (compareDecimal(quantity, left) > 0 && !reason)
    throw new AppError('BAD_REQUEST', M.overPlanReason, { reason: M.overPlanReason });

  let recorded: Awaited<ReturnType<typeof recordConsumption>>;
  try {
    recorded = await recordConsumption(tx, tenant, {
      wo,
      itemId: scanned.itemId,
      reservationId: reservation.id,
      picks: [{ locationId: location.id, lotId: scanned.lotId, quantity }],
      stepRunId: run?.id ?? null,
      bomLineId: bomLineFor(context, scanned.itemId, run?.step_id ?? null),
      source: 'scan',
      reason,
      postingKey: consumeKey(input.idempotencyKey),
      field: () => 'line',
    });
  } catch (error) {
    throw onRequestFields(error);
  }
  const { transactionId } = recorded;
  const recordId = recorded.recordIds[0]!;
  await recordAudit(tx, companyId, tenant.actor, {
    entityType: 'work-order',
    entityId: wo.id,
    entityLabel: woLabel(wo),
    action: 'component-consumed',
    after: {
      component: component.part_number,
      lot: scanned.lotNumber,
      location: location.fullCode,
      quantity,
      source: 'scan',
      reason,
    },
  });
  // A consumption changes no step run: the view reuses what was read above.
  return { recordId, transactionId, floor: await floorOf(tx, companyId, id, context) };
}

/** POST /api/v1/work-orders/:id/consumptions. */
export async function consume(tenant: TTenant, id: string, input: TConsume): Promise<TFloorAction> {
  try {
    return await tenant.run((tx) => consumeOnce(tx, tenant, id, input));
  } catch (error) {
    // The same key sent twice at once: the second waited on the key's unique index, and answers the first's.
    if (!isUniqueViolation(error)) throw error;
    const first = await tenant.run((tx) => retried(tx, tenant, id, input));
    if (first) return first;
    throw error;
  }
}
