// "Completion is blocked while a required QC check is open" (PRODUCT.md, Build; decision 044, "QC checks at a
// step"). The quality issue creates assembly_step_checks (step → check, required) and the results per (work order,
// step, check); until then no revision can carry a check, so no work order has one open. This is where completion
// asks (decision 049): when quality lands, this function reads the work order's revision's required step checks that
// have no passing result for the work order and returns their names, and completion refuses while any is returned.
import type { TDb } from '../../db/client.ts';
import type { TWorkOrderRow } from './work-orders.repo.ts';

/** The names of the work order's required QC checks still open: none while no QC check can exist. */
export async function openRequiredChecks(
  _tx: TDb,
  _companyId: string,
  _wo: TWorkOrderRow,
): Promise<string[]> {
  return [];
}
