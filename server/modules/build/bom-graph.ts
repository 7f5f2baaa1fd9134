// Pure BOM arithmetic and graph walks (decision 044): the loop a new line would make, and the cost roll-up. Exact:
// BigInt at a fixed scale, never floats.
import { fromScaled, toScaled } from '#common/decimal.ts';
import type { TRollUpRow } from '#common/schemas/build.ts';

/**
 * The loop that lines naming `components` would close in `assemblyItem`'s BOM, as item ids from the assembly back
 * to itself ([A, B, C, A]), or null. `edges` are parent → child links of the other BOMs (assemblies' current and
 * draft revisions).
 */
export function findLoop(
  assemblyItem: string,
  components: readonly string[],
  edges: readonly { parent: string; child: string }[],
): string[] | null {
  const children = new Map<string, string[]>();
  for (const e of edges) children.set(e.parent, [...(children.get(e.parent) ?? []), e.child]);
  for (const start of components) {
    if (start === assemblyItem) return [assemblyItem, assemblyItem];
    // Breadth first, so the loop named is a shortest one.
    const cameFrom = new Map<string, string | null>([[start, null]]);
    const queue = [start];
    while (queue.length > 0) {
      const at = queue.shift() as string;
      for (const next of children.get(at) ?? []) {
        if (next === assemblyItem) {
          const path = [at];
          for (let p = cameFrom.get(at); p; p = cameFrom.get(p)) path.unshift(p);
          return [assemblyItem, ...path, assemblyItem];
        }
        if (!cameFrom.has(next)) {
          cameFrom.set(next, at);
          queue.push(next);
        }
      }
    }
  }
  return null;
}

/** Working scale of the roll-up: enough that rounding happens once, at the end. */
const S = 12;
const ONE = 10n ** BigInt(S);
const HUNDRED = 100n * ONE;
const parse = (text: string) => toScaled(text, S);
const mul = (a: bigint, b: bigint) => (a * b) / ONE;
/** Rounded half away from zero to `scale` digits, as text. */
function out(value: bigint, scale: number): string {
  const step = 10n ** BigInt(S - scale);
  const half = step / 2n;
  const rounded = (value >= 0n ? value + half : value - half) / step;
  return fromScaled(rounded, scale);
}

export interface TRollUpInput {
  lines: { revision_id: string; component_item_id: string; quantity: string; scrap_percent: string }[];
  items: { id: string; part_number: string; name: string; unit_cost: string; current_id: string | null }[];
  minutes: { revision_id: string; run: string; setup: string }[];
}

/** Material and standard run minutes per unit of `revisionId`, with one row per line through every level. */
export function rollUp(revisionId: string, input: TRollUpInput) {
  const items = new Map(input.items.map((i) => [i.id, i]));
  const minutes = new Map(input.minutes.map((m) => [m.revision_id, m]));
  const linesOf = new Map<string, TRollUpInput['lines']>();
  for (const l of input.lines) linesOf.set(l.revision_id, [...(linesOf.get(l.revision_id) ?? []), l]);
  const rows: TRollUpRow[] = [];

  const walk = (rev: string, multiplier: bigint, depth: number, seen: Set<string>) => {
    let material = 0n;
    let run = mul(parse(minutes.get(rev)?.run ?? '0'), multiplier);
    for (const line of linesOf.get(rev) ?? []) {
      const item = items.get(line.component_item_id);
      if (!item) continue;
      const perUnit = mul(parse(line.quantity), ONE + (parse(line.scrap_percent) * ONE) / HUNDRED);
      const quantity = mul(multiplier, perUnit);
      const row: TRollUpRow = {
        depth,
        itemId: item.id,
        partNumber: item.part_number,
        name: item.name,
        isAssembly: item.current_id !== null,
        quantity: out(quantity, 6),
        unitCost: item.unit_cost,
        materialCost: '0',
      };
      rows.push(row);
      let lineMaterial: bigint;
      if (item.current_id && !seen.has(item.current_id)) {
        const sub = walk(item.current_id, quantity, depth + 1, new Set([...seen, item.current_id]));
        lineMaterial = sub.material;
        run += sub.run;
        row.unitCost = quantity === 0n ? '0' : out((sub.material * ONE) / quantity, 4);
      } else {
        lineMaterial = mul(quantity, parse(item.unit_cost));
      }
      row.materialCost = out(lineMaterial, 4);
      material += lineMaterial;
    }
    return { material, run };
  };

  const total = walk(revisionId, ONE, 1, new Set([revisionId]));
  return {
    rows,
    material: total.material,
    run: total.run,
    setup: parse(minutes.get(revisionId)?.setup ?? '0'),
  };
}

/** The money and minute totals of a roll-up, labor at `rate` $/hour when there is one. */
export function costTotals(totals: { material: bigint; run: bigint; setup: bigint }, rate: string | null) {
  const laborCost = rate === null ? null : (totals.run * parse(rate)) / (60n * ONE);
  return {
    materialCost: out(totals.material, 4),
    laborMinutes: out(totals.run, 3),
    setupMinutes: out(totals.setup, 3),
    laborRate: rate === null ? null : out(parse(rate), 4),
    laborCost: laborCost === null ? null : out(laborCost, 4),
    totalCost: out(totals.material + (laborCost ?? 0n), 4),
  };
}
