// Queries of the shop-floor run (decision 049), inside the tenant's transaction; company_id in every where and join.
// Step runs change only by conditional updates (`where status = …`), so two operators acting on one step at once
// change it once: the second waits for the first's row lock, re-reads the row and matches nothing.
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { queryRows, type TDb } from '../../db/client.ts';

export interface TStepRunRow {
  id: string;
  step_id: string;
  status: string;
  started_by_name: string;
  started_at: Date | string;
  paused_at: Date | string | null;
  paused_minutes: string;
  finished_by_name: string | null;
  finished_at: Date | string | null;
  good_quantity: string | null;
  scrap_quantity: string | null;
  scrap_reason: string | null;
  /** The defect code the step's scrap was recorded under (decision 076), when one was. */
  scrap_code_id: string | null;
  scrap_code: string | null;
  scrap_code_name: string | null;
}

const runColumns = sql`r.id, r.step_id, r.status, r.started_by_name, r.started_at, r.paused_at,
  r.paused_minutes::text as paused_minutes, r.finished_by_name, r.finished_at, r.good_quantity::text as good_quantity,
  r.scrap_quantity::text as scrap_quantity, r.scrap_reason,
  d.id as scrap_code_id, d.code as scrap_code, d.name as scrap_code_name`;

export async function stepRunsOf(tx: TDb, companyId: string, workOrderId: string): Promise<TStepRunRow[]> {
  return queryRows<TStepRunRow>(
    tx,
    sql`select ${runColumns} from work_order_step_runs r
          left join defect_codes d on d.company_id = r.company_id and d.id = r.scrap_defect_code_id
         where r.company_id = ${companyId} and r.work_order_id = ${workOrderId}`,
  );
}

export async function insertStepRun(
  tx: TDb,
  row: { companyId: string; workOrderId: string; stepId: string; userId: string; name: string },
): Promise<{ id: string; startedAt: Date } | null> {
  // The unique (work order, step) key makes a second start at the same moment insert nothing.
  const [inserted] = await queryRows<{ id: string; started_at: string | Date }>(
    tx,
    sql`insert into work_order_step_runs (id, company_id, work_order_id, step_id, status, started_by, started_by_name)
        values (${uuidv7()}, ${row.companyId}, ${row.workOrderId}, ${row.stepId}, 'running', ${row.userId}, ${row.name})
        on conflict (company_id, work_order_id, step_id) do nothing
        returning id, started_at`,
  );
  return inserted ? { id: inserted.id, startedAt: new Date(inserted.started_at) } : null;
}

/** Minutes since paused_at, exact to the column's 3 decimals (numeric, never a float). */
const pausedSince = sql`coalesce(round(extract(epoch from (now() - paused_at)) / 60, 3), 0)`;
const whereRun = (companyId: string, workOrderId: string, stepId: string) =>
  sql`company_id = ${companyId} and work_order_id = ${workOrderId} and step_id = ${stepId}`;

export async function pauseStepRun(tx: TDb, companyId: string, workOrderId: string, stepId: string) {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`update work_order_step_runs set status = 'paused', paused_at = now()
         where ${whereRun(companyId, workOrderId, stepId)} and status = 'running' returning id`,
  );
  return rows.length > 0;
}

export async function resumeStepRun(tx: TDb, companyId: string, workOrderId: string, stepId: string) {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`update work_order_step_runs
           set status = 'running', paused_minutes = paused_minutes + ${pausedSince}, paused_at = null
         where ${whereRun(companyId, workOrderId, stepId)} and status = 'paused' returning id`,
  );
  return rows.length > 0;
}

/** Finishes the run unless it is finished already (a paused run's pause is counted); false when nothing changed. */
export async function finishStepRun(
  tx: TDb,
  companyId: string,
  workOrderId: string,
  stepId: string,
  done: {
    userId: string;
    name: string;
    good: string;
    scrap: string;
    reason: string | null;
    defectCodeId: string | null;
  },
): Promise<{ id: string; minutes: string; finishedAt: Date } | null> {
  // The run's working minutes as migration 0043 counts them for the work order's actual time.
  const [row] = await queryRows<{ id: string; minutes: string; finished_at: string | Date }>(
    tx,
    sql`update work_order_step_runs
           set status = 'finished', paused_minutes = paused_minutes + ${pausedSince}, paused_at = null,
               finished_by = ${done.userId}, finished_by_name = ${done.name}, finished_at = now(),
               good_quantity = ${done.good}, scrap_quantity = ${done.scrap}, scrap_reason = ${done.reason},
               scrap_defect_code_id = ${done.defectCodeId}
         where ${whereRun(companyId, workOrderId, stepId)} and status <> 'finished'
         returning id, finished_at, work_order_run_minutes(status, started_at, finished_at, paused_minutes)::text as minutes`,
  );
  return row ? { id: row.id, minutes: row.minutes, finishedAt: new Date(row.finished_at) } : null;
}

/** The work order's open reservation of an item, locked: two consumptions of one item queue up and re-check. */
export async function lockReservation(tx: TDb, companyId: string, workOrderId: string, itemId: string) {
  const [row] = await queryRows<{ id: string; quantity: string; consumed: string }>(
    tx,
    sql`select id, quantity::text as quantity, consumed::text as consumed from work_order_reservations
         where company_id = ${companyId} and work_order_id = ${workOrderId} and item_id = ${itemId}
           and released_at is null
           for update`,
  );
  return row ?? null;
}

/** The consumption a posting made (a retried idempotency key finds it and compares). */
export async function consumptionOfTransaction(tx: TDb, companyId: string, transactionId: string) {
  const [row] = await queryRows<{
    id: string;
    work_order_id: string;
    item_id: string;
    lot_id: string | null;
    location_id: string;
    quantity: string;
    step_id: string | null;
  }>(
    tx,
    sql`select c.id, c.work_order_id, c.item_id, c.lot_id, c.location_id, c.quantity::text as quantity, r.step_id
          from work_order_consumptions c
          left join work_order_step_runs r on r.company_id = c.company_id and r.id = c.step_run_id
         where c.company_id = ${companyId} and c.transaction_id = ${transactionId}`,
  );
  return row ?? null;
}

/** The output recorded under a client's idempotency key, if any. */
export async function outputByKey(tx: TDb, companyId: string, idempotencyKey: string) {
  const [row] = await queryRows<{
    id: string;
    work_order_id: string;
    location_id: string | null;
    good_quantity: string;
    scrap_quantity: string;
    scrap_reason: string | null;
    transaction_id: string | null;
  }>(
    tx,
    sql`select id, work_order_id, location_id, good_quantity::text as good_quantity,
               scrap_quantity::text as scrap_quantity, scrap_reason, transaction_id
          from work_order_outputs where company_id = ${companyId} and idempotency_key = ${idempotencyKey}`,
  );
  return row ?? null;
}

/** Makes the lot `lotNumber` of the item unless that number is taken (then null: the caller tries the next). */
export async function insertLotIfFree(tx: TDb, companyId: string, itemId: string, lotNumber: string) {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into lots (id, company_id, item_id, lot_number) values (${uuidv7()}, ${companyId}, ${itemId}, ${lotNumber})
        on conflict do nothing returning id`,
  );
  return row?.id ?? null;
}

/** How many output lots the work order has made: the next one's suffix starts after it. */
export async function outputLotCount(tx: TDb, companyId: string, workOrderId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from work_order_outputs
         where company_id = ${companyId} and work_order_id = ${workOrderId} and lot_id is not null`,
  );
  return Number(row?.n ?? 0);
}

/** Each lot the work order has consumed so far, with how much of it in all: an output lot's genealogy. */
export async function consumedLots(tx: TDb, companyId: string, workOrderId: string) {
  return queryRows<{ lot_id: string; quantity: string }>(
    tx,
    sql`select lot_id, sum(quantity)::text as quantity from work_order_consumptions
         where company_id = ${companyId} and work_order_id = ${workOrderId} and lot_id is not null
         group by lot_id order by lot_id`,
  );
}

export async function insertGenealogy(
  tx: TDb,
  companyId: string,
  parentLotId: string,
  transactionId: string,
  children: ReadonlyArray<{ lot_id: string; quantity: string }>,
): Promise<void> {
  for (const child of children) {
    if (child.lot_id === parentLotId) continue;
    await tx.execute(
      sql`insert into lot_genealogy (id, company_id, parent_lot_id, child_lot_id, quantity, transaction_id)
          values (${uuidv7()}, ${companyId}, ${parentLotId}, ${child.lot_id}, ${child.quantity}, ${transactionId})`,
    );
  }
}

/** The work order's total output so far, in the work order's row (locked by the caller). */
export async function addOutputTotals(
  tx: TDb,
  companyId: string,
  workOrderId: string,
  output: { good: string; scrap: string; labor: string; carried: string },
) {
  // The output's quantities, the standard labor of every unit made so far (set) and the value its good units carried.
  await tx.execute(
    sql`update work_orders set good_quantity = good_quantity + ${output.good}::numeric,
               scrap_quantity = scrap_quantity + ${output.scrap}::numeric, labor_cost = ${output.labor}::numeric,
               output_value = output_value + ${output.carried}::numeric, updated_at = now()
         where company_id = ${companyId} and id = ${workOrderId}`,
  );
}
