// What a work order tree holds (decision 064, planning through every level): the work order asked for and, under
// it, one for each sub-assembly whose available stock does not cover what its parent needs, recursively. Available
// is on hand less what open reservations hold and less what planned work orders already count on taking from stock
// (they reserve nothing until released); what one node of the tree takes from stock is no longer available to the
// nodes after it (shallower levels first, then BOM order). The
// requirements are a release's own (componentsOf: scrap, whole units), so the tree builds what its parents will
// reserve. Reads only.
import { fromScaled, normalizeDecimal, toScaled } from '#common/decimal.ts';
import type { TWorkOrderProposalNode } from '#common/schemas/work-orders.ts';
import { roundRequirement } from '#common/units.ts';
import type { TDb } from '../../db/client.ts';
import { countedOnByPlanned } from './work-order-tree.repo.ts';
import * as repo from './work-orders.repo.ts';

/** A node of the plan: the contract's node and the revision its work order is made to (null: from stock only). */
export interface TPlanNode extends TWorkOrderProposalNode {
  revisionId: string | null;
}

/** What the tree is asked to build: an assembly to its current released revision. */
export interface TPlanRoot {
  assemblyId: string;
  itemId: string;
  partNumber: string;
  name: string;
  unitOfMeasure: string;
  revisionId: string;
  quantity: string;
}

const Q = 6;
const scaled = (v: string) => toScaled(v, Q);
const text = (v: bigint) => normalizeDecimal(fromScaled(v, Q));
/** componentsOf reads one work order's own reservation too; a tree being planned has none. */
const NO_WORK_ORDER = '00000000-0000-0000-0000-000000000000';
/** Deeper than any real BOM; releasing refuses a loop (decision 044), so reaching it is a bug, not a user's error. */
const MAX_DEPTH = 64;

/** The tree for `root`, parents before children, depth first in BOM order (as the dialog lists it). */
export async function planTree(tx: TDb, companyId: string, root: TPlanRoot): Promise<TPlanNode[]> {
  const top: TPlanNode = {
    key: root.itemId,
    parentKey: null,
    depth: 0,
    assemblyId: root.assemblyId,
    itemId: root.itemId,
    partNumber: root.partNumber,
    name: root.name,
    unitOfMeasure: root.unitOfMeasure,
    needed: normalizeDecimal(root.quantity),
    fromStock: '0',
    quantity: normalizeDecimal(root.quantity),
    revisionId: root.revisionId,
  };
  const childrenOf = new Map<string, TPlanNode[]>();
  const free = new Map<string, bigint>();
  const revisions = new Map<string, string | null>();
  const revisionOf = async (assemblyId: string) => {
    if (!revisions.has(assemblyId))
      revisions.set(assemblyId, (await repo.currentReleasedRevision(tx, companyId, assemblyId))?.id ?? null);
    return revisions.get(assemblyId) ?? null;
  };

  // Level by level, so a sub-assembly used at two depths gives its stock to the shallower use first.
  let level = [top];
  for (let depth = 1; level.length > 0; depth++) {
    if (depth > MAX_DEPTH) throw new Error(`BOM deeper than ${MAX_DEPTH} levels under ${root.partNumber}`);
    const next: TPlanNode[] = [];
    for (const parent of level) {
      const rows = await repo.componentsOf(
        tx,
        companyId,
        parent.revisionId as string,
        parent.quantity,
        NO_WORK_ORDER,
      );
      const children: TPlanNode[] = [];
      for (const row of rows) {
        if (!row.assembly_id) continue;
        // A sub-assembly never released can only come from stock: its release line says so if it is short.
        const revisionId = await revisionOf(row.assembly_id);
        if (!revisionId) continue;
        const available =
          free.get(row.item_id) ??
          positive(
            scaled(row.on_hand) -
              scaled(row.open_reserved) -
              scaled(await countedOnByPlanned(tx, companyId, row.item_id)),
          );
        const needed = scaled(row.required);
        const fromStock = available < needed ? available : needed;
        free.set(row.item_id, available - fromStock);
        const quantity = roundRequirement(text(needed - fromStock), row.unit_of_measure);
        const node: TPlanNode = {
          key: `${parent.key}/${row.item_id}`,
          parentKey: parent.key,
          depth,
          assemblyId: row.assembly_id,
          itemId: row.item_id,
          partNumber: row.part_number,
          name: row.name,
          unitOfMeasure: row.unit_of_measure,
          needed: text(needed),
          fromStock: text(fromStock),
          quantity: normalizeDecimal(quantity),
          revisionId,
        };
        children.push(node);
        if (scaled(quantity) > 0n) next.push(node);
      }
      childrenOf.set(parent.key, children);
    }
    level = next;
  }

  const ordered: TPlanNode[] = [];
  const visit = (node: TPlanNode) => {
    ordered.push(node);
    for (const child of childrenOf.get(node.key) ?? []) visit(child);
  };
  visit(top);
  return ordered;
}

const positive = (v: bigint) => (v > 0n ? v : 0n);

/** What the contract shows of a node. */
export function proposalNode({ revisionId: _revision, ...node }: TPlanNode): TWorkOrderProposalNode {
  return node;
}
