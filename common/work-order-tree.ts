// Work orders as a tree (decision 064): a sub-assembly's work order is made for the one that needs its output
// (`parentId`). Lists show each child right under its parent, indented; this puts rows in that order, for the order
// page (on the server) and a page of the work order list (in the browser); and it says which nodes of a proposed
// tree are made. Pure, so both sides use one rule.

/** A row that may have a parent among the rows. */
export interface TTreeRow {
  id: string;
  parentId: string | null;
}

/**
 * `rows` with each child right after its parent (depth first), its `depth` below the highest ancestor present. A row
 * whose parent is not among `rows` (another page, filtered out) stays where it was, at depth 0; siblings keep the
 * order they came in. Every row comes out once, even from a loop (which the database cannot hold, but a list must
 * never hang on).
 */
export function nestByParent<T extends TTreeRow>(rows: readonly T[]): Array<T & { depth: number }> {
  const present = new Set(rows.map((r) => r.id));
  const childrenOf = new Map<string, T[]>();
  for (const row of rows) {
    if (row.parentId === null || !present.has(row.parentId)) continue;
    childrenOf.set(row.parentId, [...(childrenOf.get(row.parentId) ?? []), row]);
  }
  const out: Array<T & { depth: number }> = [];
  const seen = new Set<string>();
  const visit = (row: T, depth: number) => {
    if (seen.has(row.id)) return;
    seen.add(row.id);
    out.push({ ...row, depth });
    for (const child of childrenOf.get(row.id) ?? []) visit(child, depth + 1);
  };
  for (const row of rows) if (row.parentId === null || !present.has(row.parentId)) visit(row, 0);
  // Rows only reachable through a loop: shown flat rather than lost.
  for (const row of rows) visit(row, 0);
  return out;
}

/** A node of a proposed tree (common/schemas/work-orders.ts): its key, its parent's, and what it would build. */
export interface TProposedNode {
  key: string;
  parentKey: string | null;
  quantity: string;
}

/**
 * The nodes of a proposal that become work orders: those with something to build, less each key left out and
 * everything under it. `nodes` lists parents before children, as the proposal does. The server makes exactly these;
 * the dialog counts them with the same rule.
 */
export function nodesToMake<T extends TProposedNode>(nodes: readonly T[], leaveOut: Iterable<string>): T[] {
  const out = new Set(leaveOut);
  const skipped = new Set<string>();
  return nodes.filter((n) => {
    const building = /[1-9]/.test(n.quantity) && !n.quantity.startsWith('-');
    if (!building || out.has(n.key) || (n.parentKey !== null && skipped.has(n.parentKey))) {
      skipped.add(n.key);
      return false;
    }
    return true;
  });
}
