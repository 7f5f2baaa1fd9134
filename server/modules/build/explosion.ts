// "Can we build it?" as pure arithmetic (decision 047): explode assemblies through every level of their current
// released revisions, take sub-assemblies from stock, then from work orders already under way, before building them,
// and compare each part needed with what is available. Exact: BigInt at a fixed scale, never floats. Reused by the bench and reports.
//
// Whole units (decision 064): a component counted in whole things (ea, pcs…) is needed in whole numbers, rounded up
// per BOM line per parent demand — exactly what the work order for that demand reserves at release
// (work-orders.repo.ts componentsOf: each line rounded up, then the lines summed per item). A demand is one order
// line's quantity still to build (one work order), and a sub-assembly's "to build" summed over its parents (one
// work order for it); a planner who splits either into several work orders may need a little more, never less,
// since each work order rounds its own lines up. So 3 of an assembly whose line is 4 ea at 5 % need 13 ea, and 8 of
// a sub-assembly whose line is 2.1 ea need 17. A whole-unit sub-assembly is taken from stock and built in whole
// units too: its needs are whole sums, and only whole units of its stock count.
import { fromScaled, toScaled } from '#common/decimal.ts';
import { isWholeUnit } from '#common/units.ts';

/** Working scale: rounding happens once, at the end, to the ledger's 6 digits. */
const S = 12;
const ONE = 10n ** BigInt(S);
const HUNDRED = 100n * ONE;
/** Deeper than any real BOM; reaching it means a loop, which releasing refuses (decision 044). */
const MAX_DEPTH = 64;

const parse = (text: string) => toScaled(text, S);
const min = (a: bigint, b: bigint) => (a < b ? a : b);
/** Whole units only: a fraction of a part in stock (left by a count before decision 064) cannot be used. */
const floorWhole = (value: bigint) => (value / ONE) * ONE;
/** Rounded half away from zero to 6 digits, as text. */
function out(value: bigint): string {
  const step = 10n ** BigInt(S - 6);
  const rounded = (value >= 0n ? value + step / 2n : value - step / 2n) / step;
  return fromScaled(rounded, 6);
}

export interface TExplosionLine {
  revision_id: string;
  component_item_id: string;
  quantity: string;
  scrap_percent: string;
}

export interface TExplosionItem {
  id: string;
  part_number: string;
  name: string;
  unit_of_measure: string;
  /** The highest released revision of the item's assembly; null for a bought item or a never-released assembly. */
  revision_id: string | null;
  is_assembly: boolean;
  on_hand: string;
  /** What open reservations of work orders hold: the sum of greatest(quantity − awaiting − consumed, 0). */
  reserved: string;
  /**
   * What released, running and paused work orders of the item will still put out, less what open reservations
   * await of them: a sub-assembly coming that nobody has claimed. Their components are reserved already, so counting
   * this output as supply is what keeps them from being counted twice.
   */
  incoming: string;
}

export interface TExplosionInput {
  lines: readonly TExplosionLine[];
  items: readonly TExplosionItem[];
}

/** Build `quantity` of the assembly whose released revision is `revisionId` (the ordered assembly is never netted). */
export interface TDemand {
  revisionId: string;
  quantity: string;
}

export interface TComponentNeed {
  itemId: string;
  partNumber: string;
  name: string;
  unitOfMeasure: string;
  isAssembly: boolean;
  needed: string;
  available: string;
  missing: string;
}

export interface TSubAssemblyUse {
  itemId: string;
  partNumber: string;
  name: string;
  unitOfMeasure: string;
  needed: string;
  fromStock: string;
  /** Coming from work orders already released or running (not yet claimed by another work order). */
  fromWorkOrders: string;
  toBuild: string;
}

/** Available of an item: on hand less reserved, never below zero (reservations may outrun a count). */
export function availableOf(item: Pick<TExplosionItem, 'on_hand' | 'reserved'>): bigint {
  const left = parse(item.on_hand) - parse(item.reserved);
  return left > 0n ? left : 0n;
}

/**
 * The parts needed to build every demand and the sub-assemblies taken from stock or built. Gross needs are summed
 * over every parent before an item is netted (items are visited by their deepest level, as MRP's low-level codes
 * do), so a sub-assembly used on two lines takes its stock once and a part shared by two levels is counted once.
 */
export function explode(demands: readonly TDemand[], input: TExplosionInput) {
  const items = new Map(input.items.map((i) => [i.id, i]));
  const whole = (id: string) => isWholeUnit(items.get(id)?.unit_of_measure ?? '');
  const linesOf = new Map<string, TExplosionLine[]>();
  for (const l of input.lines) linesOf.set(l.revision_id, [...(linesOf.get(l.revision_id) ?? []), l]);
  /**
   * What line `l` needs for `quantity` of its parent: quantity × line quantity × (1 + scrap%/100), from the exact
   * product (scale 36) so that rounding a whole-unit need up never depends on digits cut off on the way.
   */
  const lineNeed = (l: TExplosionLine, quantity: bigint) => {
    const exact = quantity * parse(l.quantity) * (HUNDRED + parse(l.scrap_percent));
    const perScaled = HUNDRED * ONE; // exact ÷ this is the need at scale S
    if (!whole(l.component_item_id)) return exact / perScaled;
    const perWhole = perScaled * ONE;
    return ((exact + perWhole - 1n) / perWhole) * ONE;
  };

  // The deepest level at which each item is reached (longest path from the ordered assemblies).
  const level = new Map<string, number>();
  const reach = (revisionId: string, depth: number) => {
    if (depth > MAX_DEPTH)
      throw new Error(`BOM deeper than ${MAX_DEPTH} levels: a loop through ${revisionId}`);
    for (const l of linesOf.get(revisionId) ?? []) {
      if ((level.get(l.component_item_id) ?? 0) >= depth) continue;
      level.set(l.component_item_id, depth);
      const sub = items.get(l.component_item_id)?.revision_id;
      if (sub) reach(sub, depth + 1);
    }
  };
  const gross = new Map<string, bigint>();
  const add = (revisionId: string, quantity: bigint) => {
    for (const l of linesOf.get(revisionId) ?? []) {
      const id = l.component_item_id;
      gross.set(id, (gross.get(id) ?? 0n) + lineNeed(l, quantity));
    }
  };
  for (const d of demands) {
    reach(d.revisionId, 1);
    add(d.revisionId, parse(d.quantity));
  }

  const components: TComponentNeed[] = [];
  const subAssemblies: TSubAssemblyUse[] = [];
  const order = [...level.entries()].sort((a, b) => a[1] - b[1]).map(([id]) => id);
  for (const id of order) {
    const item = items.get(id);
    const needed = gross.get(id) ?? 0n;
    if (!item || needed === 0n) continue;
    const available = whole(id) ? floorWhole(availableOf(item)) : availableOf(item);
    const names = {
      itemId: id,
      partNumber: item.part_number,
      name: item.name,
      unitOfMeasure: item.unit_of_measure,
    };
    if (item.revision_id) {
      const fromStock = min(available, needed);
      const incoming = parse(item.incoming);
      const fromWorkOrders = min(whole(id) ? floorWhole(incoming) : incoming, needed - fromStock);
      const toBuild = needed - fromStock - fromWorkOrders;
      subAssemblies.push({
        ...names,
        needed: out(needed),
        fromStock: out(fromStock),
        fromWorkOrders: out(fromWorkOrders),
        toBuild: out(toBuild),
      });
      if (toBuild > 0n) add(item.revision_id, toBuild);
      continue;
    }
    const missing = needed > available ? needed - available : 0n;
    components.push({
      ...names,
      isAssembly: item.is_assembly,
      needed: out(needed),
      available: out(available),
      missing: out(missing),
    });
  }
  // Shortfalls first, then by part number: what stops the build is what one reads first.
  components.sort(
    (a, b) =>
      Number(b.missing !== '0') - Number(a.missing !== '0') || a.partNumber.localeCompare(b.partNumber),
  );
  subAssemblies.sort((a, b) => a.partNumber.localeCompare(b.partNumber));
  return { components, subAssemblies, canBuild: components.every((c) => c.missing === '0') };
}
