// What is left to consume of each BOM line of a work order, and where backflush takes it from (decision 064), as
// pure arithmetic: exact BigInt on the ledger's six decimals, never floats. The service reads the rows; this decides.
import { fromScaled, toScaled } from '#common/decimal.ts';
import { QUANTITY_SCALE } from '#common/schemas/inventory-setup.ts';
import { roundRequirement } from '#common/units.ts';

const scaled = (v: string) => toScaled(v, QUANTITY_SCALE);
const text = (v: bigint) => fromScaled(v, QUANTITY_SCALE);
const max0 = (v: bigint) => (v > 0n ? v : 0n);
const min = (a: bigint, b: bigint) => (a < b ? a : b);
/** Larger quantities first (a sort's comparator on bigints). */
const mostFirst = (a: bigint, b: bigint) => (b > a ? 1 : b < a ? -1 : 0);

/** A BOM line of the work order's revision, with the step it belongs to (a line with no step is the first's). */
export interface TPlanLine {
  id: string;
  itemId: string;
  /** The step's position (1-based); lines are attributed in step order, then line order. */
  stepPosition: number;
  position: number;
  quantity: string;
  scrapPercent: string;
  unitOfMeasure: string;
}

/**
 * A line's requirement for `woQuantity` units: quantity × units × (1 + scrap % / 100), up to the ledger's six
 * decimals, then up to a whole number for a whole unit (4 ea + 5 % for 3 is 12.6, so 13).
 */
export function lineRequirement(line: TPlanLine, woQuantity: string): string {
  // quantity (scale 6) × units (scale 6) × (100 000 + scrap at scale 3) is the requirement at scale 17.
  const exact = scaled(line.quantity) * scaled(woQuantity) * (100_000n + toScaled(line.scrapPercent, 3));
  const divisor = 10n ** 11n;
  const up = (exact + divisor - 1n) / divisor;
  return roundRequirement(text(up), line.unitOfMeasure);
}

/** One line's plan: its requirement and what is left of it once the item's consumption is counted against it. */
export interface TLinePlan {
  lineId: string;
  itemId: string;
  required: string;
  left: string;
}

/**
 * Each line's requirement and what is left of it. An item's lines share its plan (`planned`, the reservation's
 * quantity: the last line takes what the others leave of it, so they add up to it) and its consumption, which is
 * counted against its lines in step order: 3 scanned of a line of 4 leaves 1; a second line of the item keeps its
 * own until the first is covered.
 */
export function linePlans(
  lines: readonly TPlanLine[],
  woQuantity: string,
  items: ReadonlyMap<string, { planned: string; consumed: string }>,
): TLinePlan[] {
  const ordered = [...lines].sort((a, b) => a.stepPosition - b.stepPosition || a.position - b.position);
  const byItem = new Map<string, TPlanLine[]>();
  for (const l of ordered) byItem.set(l.itemId, [...(byItem.get(l.itemId) ?? []), l]);
  const plans: TLinePlan[] = [];
  for (const [itemId, own] of byItem) {
    const item = items.get(itemId);
    const required = own.map((l) => scaled(lineRequirement(l, woQuantity)));
    if (item && own.length > 0) {
      const others = required.slice(0, -1).reduce((a, b) => a + b, 0n);
      required[required.length - 1] = max0(scaled(item.planned) - others);
    }
    let unclaimed = scaled(item?.consumed ?? '0');
    own.forEach((l, i) => {
      const need = required[i]!;
      const claimed = min(need, unclaimed);
      unclaimed -= claimed;
      plans.push({ lineId: l.id, itemId, required: text(need), left: text(need - claimed) });
    });
  }
  const order = new Map(ordered.map((l, i) => [l.id, i]));
  return plans.sort((a, b) => order.get(a.lineId)! - order.get(b.lineId)!);
}

/** A balance of the item that can be taken: where, which lot, and the lot's place in first-expired-first-in order. */
export interface TStockRow {
  locationId: string;
  locationCode: string;
  lotId: string | null;
  lotNumber: string | null;
  /** Lots in first-expired, first-received order, equal when both tie; null for stock without a lot. */
  lotRank: number | null;
  quantity: string;
}

export interface TPick {
  locationId: string;
  locationCode: string;
  lotId: string | null;
  lotNumber: string | null;
  quantity: string;
}

export type TPickResult =
  | { ok: true; picks: TPick[] }
  | { ok: false; short: string }
  | { ok: false; tie: string[] };

const pickOf = (r: TStockRow, quantity: bigint): TPick => ({
  locationId: r.locationId,
  locationCode: r.locationCode,
  lotId: r.lotId,
  lotNumber: r.lotNumber,
  quantity: text(quantity),
});

/** `need` from `rows`: all at the default location when it holds enough, else the locations holding most first. */
function fromLocations(rows: readonly TStockRow[], need: bigint, defaultLocationId: string | null): TPick[] {
  const home = rows.find((r) => r.locationId === defaultLocationId);
  if (home && scaled(home.quantity) >= need) return [pickOf(home, need)];
  const picks: TPick[] = [];
  const most = [...rows].sort(
    (a, b) =>
      mostFirst(scaled(a.quantity), scaled(b.quantity)) || a.locationCode.localeCompare(b.locationCode),
  );
  let rest = need;
  for (const r of most) {
    if (rest === 0n) break;
    const take = min(rest, scaled(r.quantity));
    if (take > 0n) picks.push(pickOf(r, take));
    rest -= take;
  }
  return picks;
}

/**
 * Where `need` of an item is taken by backflush. Without lots: the locations' rule above. With lots: lots first
 * expired, then first received, each lot by the locations' rule; two lots equal on both when only part of them is
 * taken is a tie the operator settles by scanning. Never more than on hand: short stock says how much is missing.
 */
export function pickStock(
  rows: readonly TStockRow[],
  need: string,
  options: { lotTracked: boolean; defaultLocationId: string | null },
): TPickResult {
  const usable = rows.filter((r) => (r.lotId !== null) === options.lotTracked && scaled(r.quantity) > 0n);
  let rest = scaled(need);
  const total = usable.reduce((sum, r) => sum + scaled(r.quantity), 0n);
  if (total < rest) return { ok: false, short: text(rest - total) };
  if (!options.lotTracked) return { ok: true, picks: fromLocations(usable, rest, options.defaultLocationId) };

  const ranks = [...new Set(usable.map((r) => r.lotRank ?? 0))].sort((a, b) => a - b);
  const picks: TPick[] = [];
  for (const rank of ranks) {
    if (rest === 0n) break;
    const group = usable.filter((r) => (r.lotRank ?? 0) === rank);
    const held = group.reduce((sum, r) => sum + scaled(r.quantity), 0n);
    const lots = [...new Set(group.map((r) => r.lotNumber ?? ''))].sort();
    if (held > rest && lots.length > 1) return { ok: false, tie: lots };
    if (held <= rest) {
      picks.push(...group.map((r) => pickOf(r, scaled(r.quantity))));
      rest -= held;
    } else {
      picks.push(...fromLocations(group, rest, options.defaultLocationId));
      rest = 0n;
    }
  }
  return { ok: true, picks };
}

/**
 * Where "Taken from" points for an item: its default location when that holds some, else the location holding
 * most (every lot counted; the code decides a tie); null when nothing is on hand.
 */
export function takenFrom(
  rows: readonly Pick<TStockRow, 'locationId' | 'locationCode' | 'quantity'>[],
  defaultLocationId: string | null,
): { id: string; code: string } | null {
  const held = new Map<string, { code: string; quantity: bigint }>();
  for (const r of rows) {
    const at = held.get(r.locationId) ?? { code: r.locationCode, quantity: 0n };
    held.set(r.locationId, { code: at.code, quantity: at.quantity + scaled(r.quantity) });
  }
  const places = [...held].filter(([, p]) => p.quantity > 0n);
  const home = places.find(([id]) => id === defaultLocationId);
  const best =
    home ??
    places.sort(([, a], [, b]) => mostFirst(a.quantity, b.quantity) || a.code.localeCompare(b.code))[0];
  return best ? { id: best[0], code: best[1].code } : null;
}
