// The cost roll-up of a revision and where an item is used (decision 044): reads only.
import { normalizeDecimal } from '#common/decimal.ts';
import { AppError } from '#common/errors.ts';
import { BUILD_MESSAGES, type TRollUp, type TWhereUsed } from '#common/schemas/build.ts';
import type { TTenant } from '../../db/tenant.ts';
import { findItemRow } from '../inventory/items.repo.ts';
import * as assembliesRepo from './assemblies.repo.ts';
import { costTotals, rollUp } from './bom-graph.ts';
import * as repo from './rollup.repo.ts';

/** GET /api/v1/assembly-revisions/:id/cost: material and standard labor per unit, through every level. */
export async function revisionCost(tenant: TTenant, id: string): Promise<TRollUp> {
  return tenant.run(async (tx) => {
    const revision = await assembliesRepo.findRevision(tx, tenant.companyId, id);
    if (!revision) throw new AppError('NOT_FOUND', BUILD_MESSAGES.revisionNotFound);
    const tree = await repo.treeBelow(tx, tenant.companyId, id);
    const rate = await repo.blendedLaborRate(tx, tenant.companyId);
    const totals = rollUp(id, tree);
    return { revisionId: id, rows: totals.rows, ...costTotals(totals, rate) };
  });
}

/** GET /api/v1/items/:id/where-used: the assemblies that use the item, directly (depth 1) or through others. */
export async function whereUsed(tenant: TTenant, itemId: string): Promise<TWhereUsed> {
  return tenant.run(async (tx) => {
    if (!(await findItemRow(tx, tenant.companyId, itemId)))
      throw new AppError('NOT_FOUND', BUILD_MESSAGES.itemNotFound);
    const rows = await repo.whereUsed(tx, tenant.companyId, itemId);
    return {
      itemId,
      rows: rows.map((r) => ({
        assemblyId: r.assembly_id,
        itemId: r.item_id,
        partNumber: r.part_number,
        name: r.name,
        revisionNumber: Number(r.number),
        revisionStatus: r.status,
        quantity: normalizeDecimal(r.quantity),
        depth: Number(r.depth),
      })),
    };
  });
}
