// The reads and writes behind a built lot's cost (decision 064), inside the caller's tenant transaction; company_id
// in every where and join.
import { sql } from 'drizzle-orm';
import { queryRows, type TDb } from '../../db/client.ts';
import type { TStandardMinutes } from './output-cost.ts';
import { blendedRateQuery } from './rollup.repo.ts';

/**
 * What an output or a settlement prices labor with, in one read: the revision's steps' setup and run minutes summed
 * (0 and 0 without steps), the company's blended labor rate (null without one) and the time recorded on the work
 * order's steps (decision 085): the sum of its ended entries' own costs, null when none has ended. A running clock
 * counts once it stops.
 */
export async function laborBasis(
  tx: TDb,
  companyId: string,
  wo: { id: string; revisionId: string },
): Promise<{ minutes: TStandardMinutes; rate: string | null; recorded: string | null }> {
  const [row] = await queryRows<{ setup: string; run: string; rate: string | null; recorded: string | null }>(
    tx,
    sql`select coalesce(sum(setup_minutes), 0)::text as setup, coalesce(sum(run_minutes), 0)::text as run,
               (${blendedRateQuery(companyId)}) as rate,
               (${recordedLaborQuery(companyId, wo.id)}) as recorded
          from assembly_steps where company_id = ${companyId} and revision_id = ${wo.revisionId}`,
  );
  return {
    minutes: { setup: row?.setup ?? '0', run: row?.run ?? '0' },
    rate: row?.rate ?? null,
    recorded: row?.recorded ?? null,
  };
}

/** The summed cost of the ended time entries on the work order's step runs, as text; null when there is none. */
const recordedLaborQuery = (companyId: string, workOrderId: string) =>
  sql`select sum(te.cost)::text from time_entries te
        join work_order_step_runs r on r.company_id = te.company_id and r.id = te.step_run_id
       where r.company_id = ${companyId} and r.work_order_id = ${workOrderId} and te.ended_at is not null`;

/**
 * The completed work orders among those whose step runs are `stepRunIds`, oldest number first (the order their rows
 * are locked in, so two corrections touching the same work orders queue up rather than deadlock).
 */
export async function completedWorkOrdersOfRuns(
  tx: TDb,
  companyId: string,
  stepRunIds: readonly string[],
): Promise<string[]> {
  if (stepRunIds.length === 0) return [];
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`select distinct wo.id, wo.number from work_order_step_runs r
          join work_orders wo on wo.company_id = r.company_id and wo.id = r.work_order_id
         where r.company_id = ${companyId} and r.id in (${sql.join(
           stepRunIds.map((id) => sql`${id}`),
           sql`, `,
         )}) and wo.status = 'completed'
         order by wo.number`,
  );
  return rows.map((r) => r.id);
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

/** The work order's labor so far (set: recorded or standard, laborOf) and the value its output carried (added to). */
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
