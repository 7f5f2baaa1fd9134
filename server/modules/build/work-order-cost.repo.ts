// The reads and writes behind a built lot's cost (decision 064), inside the caller's tenant transaction; company_id
// in every where and join.
import { sql } from 'drizzle-orm';
import { queryRows, type TDb } from '../../db/client.ts';
import type { TStandardMinutes } from './output-cost.ts';
import { blendedRateQuery } from './rollup.repo.ts';

/**
 * What an output or a settlement prices labor with, in one read: the revision's steps' setup and run minutes summed
 * (0 and 0 without steps) and the company's blended labor rate (null without one).
 */
export async function laborBasis(
  tx: TDb,
  companyId: string,
  revisionId: string,
): Promise<{ minutes: TStandardMinutes; rate: string | null }> {
  const [row] = await queryRows<{ setup: string; run: string; rate: string | null }>(
    tx,
    sql`select coalesce(sum(setup_minutes), 0)::text as setup, coalesce(sum(run_minutes), 0)::text as run,
               (${blendedRateQuery(companyId)}) as rate
          from assembly_steps where company_id = ${companyId} and revision_id = ${revisionId}`,
  );
  return { minutes: { setup: row?.setup ?? '0', run: row?.run ?? '0' }, rate: row?.rate ?? null };
}

export interface TCostedItem {
  id: string;
  part_number: string;
  on_hand: string;
  unit_cost: string;
}

/**
 * The assembly's item with its on hand and unit cost, its row locked for the rest of the transaction: the average
 * is read and written by one transaction at a time.
 */
export async function lockAssemblyItem(tx: TDb, companyId: string, assemblyId: string): Promise<TCostedItem> {
  const [row] = await queryRows<TCostedItem>(
    tx,
    sql`select i.id, i.part_number, i.on_hand::text as on_hand, i.unit_cost::text as unit_cost
          from assemblies a
          join items i on i.company_id = a.company_id and i.id = a.item_id
         where a.company_id = ${companyId} and a.id = ${assemblyId}
           for update of i`,
  );
  return row!;
}

export async function setItemCost(
  tx: TDb,
  companyId: string,
  itemId: string,
  unitCost: string,
): Promise<void> {
  await tx.execute(
    sql`update items set unit_cost = ${unitCost}::numeric, updated_at = now()
         where company_id = ${companyId} and id = ${itemId}`,
  );
}

/** The work order's standard labor so far (set) and the value its output carried (added to). */
export async function addWorkOrderCost(
  tx: TDb,
  companyId: string,
  workOrderId: string,
  cost: { labor: string; carried: string },
): Promise<void> {
  await tx.execute(
    sql`update work_orders set labor_cost = ${cost.labor}::numeric,
               output_value = output_value + ${cost.carried}::numeric, updated_at = now()
         where company_id = ${companyId} and id = ${workOrderId}`,
  );
}

/**
 * An output's row with the unit cost its good units carried. The row is history (no UPDATE, migration 0038), so the
 * cost is written with it.
 */
export async function insertCostedOutput(
  tx: TDb,
  row: {
    id: string;
    companyId: string;
    workOrderId: string;
    lotId: string | null;
    locationId: string | null;
    good: string;
    scrap: string;
    reason: string | null;
    defectCodeId: string | null;
    unitCost: string | null;
    transactionId: string | null;
    idempotencyKey: string;
    createdBy: string;
  },
): Promise<void> {
  await tx.execute(
    sql`insert into work_order_outputs (id, company_id, work_order_id, lot_id, location_id, good_quantity,
          scrap_quantity, scrap_reason, scrap_defect_code_id, unit_cost, transaction_id, idempotency_key, created_by)
        values (${row.id}, ${row.companyId}, ${row.workOrderId}, ${row.lotId}, ${row.locationId}, ${row.good},
          ${row.scrap}, ${row.reason}, ${row.defectCodeId}, ${row.unitCost}, ${row.transactionId},
          ${row.idempotencyKey}, ${row.createdBy})`,
  );
}
