// Whole units of what a work order makes (decision 064): a step's good and scrap and an output's good and scrap are
// counts of the assembly, so an assembly counted in whole units (ea, pcs…) takes whole numbers only. Scrap posts
// nothing to stock, so the posting engine's own check cannot see it: this one looks at the typed fields first.
import type { TDb } from '../../db/client.ts';
import { assertWholeQuantity } from '../inventory/whole-units.ts';
import { findSummary, type TWorkOrderRow } from './work-orders.repo.ts';

/**
 * Refuses (400 naming `goodQuantity` or `scrapQuantity`) a good or scrap quantity that is not whole when the work
 * order's assembly is counted in whole units. `input` is a step's finish or an output as the request typed it.
 */
export async function assertWholeOfAssembly(
  tx: TDb,
  wo: TWorkOrderRow,
  input: { goodQuantity: string; scrapQuantity: string },
): Promise<void> {
  const summary = await findSummary(tx, wo.companyId, wo.id);
  if (!summary) return;
  const item = { partNumber: summary.part_number, unitOfMeasure: summary.unit_of_measure };
  assertWholeQuantity('goodQuantity', input.goodQuantity, item);
  assertWholeQuantity('scrapQuantity', input.scrapQuantity, item);
}
