// Where a consumption is "Taken from" when the operator has not chosen (decision 064, "Floor defaults"): the location
// the stock of the scanned part points to. The server works out each component's `defaultLocation` (its default
// location when that holds some, else the one holding most); a scanned lot is taken from where that lot lies.
// Before anything is scanned, the field shows the location of the part expected next, so it is never empty.
import { compareDecimal, isDecimal } from '#common/decimal.ts';
import { QUANTITY_SCALE } from '#common/schemas/inventory-setup.ts';
import type { TScanResult } from '#common/schemas/scan.ts';
import type { TFloor } from '#common/schemas/shop-floor.ts';

export type TComponent = TFloor['components'][number];
export type TPlace = { id: string; code: string };

/** Whether the component has a BOM line at `stepId` (a line with no step is the first step's). */
function isAtStep(floor: TFloor, component: TComponent, stepId: string | undefined): boolean {
  if (stepId === undefined) return false;
  const first = floor.steps[0]?.id;
  return component.stepIds.some((id) => id === stepId || (id === null && stepId === first));
}

/**
 * The component the operator is expected to scan next: a scanned one with some of its plan left, at the step in hand
 * first; else any with a default location. Null when the work order has nothing to point at.
 */
export function expectedComponent(floor: TFloor, stepId: string | undefined): TComponent | null {
  const placed = floor.components.filter((c) => c.defaultLocation !== null);
  const open = placed.filter((c) => c.consumption === 'scan' && compareDecimal(c.left, '0') > 0);
  return open.find((c) => isAtStep(floor, c, stepId)) ?? open[0] ?? placed[0] ?? null;
}

/** "Taken from" before a scan: where the part expected next lies. */
export function presetPlace(floor: TFloor, stepId: string | undefined): TPlace | null {
  return expectedComponent(floor, stepId)?.defaultLocation ?? null;
}

/** The component a typed part number names (any case), without asking the server; null when it names none. */
export function componentByPartNumber(floor: TFloor, code: string): TComponent | null {
  const text = code.trim().toLowerCase();
  return floor.components.find((c) => c.partNumber.toLowerCase() === text) ?? null;
}

/** The work order's component a looked-up code is (an item's or a lot's label, a lot number); null for others. */
export function componentOfLookup(floor: TFloor, result: TScanResult): TComponent | null {
  if (result.kind !== 'item' && result.kind !== 'lot') return null;
  return floor.components.find((c) => c.itemId === result.item.id) ?? null;
}

/**
 * Where a looked-up code is taken from: a lot from where it lies (its component's default location when the lot is
 * there, else where most of it is); an item from its component's default location.
 */
export function placeOfLookup(component: TComponent, result: TScanResult): TPlace | null {
  if (result.kind !== 'lot') return component.defaultLocation;
  const held = result.balances.filter(
    (b) => b.lotId === result.lot.id && compareDecimal(b.quantity, '0') > 0,
  );
  const usual = held.find((b) => b.locationId === component.defaultLocation?.id);
  const most = held.reduce<(typeof held)[number] | undefined>(
    (best, b) => (!best || compareDecimal(b.quantity, best.quantity) > 0 ? b : best),
    undefined,
  );
  const pick = usual ?? most;
  return pick ? { id: pick.locationId, code: pick.locationCode } : component.defaultLocation;
}

/** Whether consuming `quantity` of `component` passes what is left of its plan (the server then asks why). */
export function passesPlan(component: TComponent, quantity: string): boolean {
  const text = quantity.trim();
  // Not a quantity yet: the contract's own check names it.
  return isDecimal(text, QUANTITY_SCALE) && compareDecimal(text, component.left, QUANTITY_SCALE) > 0;
}
