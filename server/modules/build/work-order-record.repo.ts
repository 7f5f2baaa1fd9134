// What a completed work order did (decision 064), read for its page: scrap per reason, consumption against the plan
// per component, and each step's minutes against standard. Company_id in every where and join.
import { sql } from 'drizzle-orm';
import { queryRows, type TDb } from '../../db/client.ts';

/** Scrap per reason and defect code: at its outputs (step_title null) and at its steps' finishes, largest first. */
export async function scrapOf(tx: TDb, companyId: string, workOrderId: string) {
  return queryRows<{
    reason: string;
    defect_code: string | null;
    quantity: string;
    step_title: string | null;
  }>(
    tx,
    sql`select x.reason, case when d.id is null then null else d.code || ' — ' || d.name end as defect_code,
               x.quantity::text as quantity, x.step_title
          from (select coalesce(o.scrap_reason, '') as reason, o.scrap_defect_code_id as code_id,
                       sum(o.scrap_quantity) as quantity, null::text as step_title, 0 as position
                  from work_order_outputs o
                 where o.company_id = ${companyId} and o.work_order_id = ${workOrderId} and o.scrap_quantity > 0
                 group by coalesce(o.scrap_reason, ''), o.scrap_defect_code_id
                union all
                select coalesce(r.scrap_reason, ''), r.scrap_defect_code_id, r.scrap_quantity, s.title, s.position
                  from work_order_step_runs r
                  join assembly_steps s on s.company_id = r.company_id and s.id = r.step_id
                 where r.company_id = ${companyId} and r.work_order_id = ${workOrderId} and r.scrap_quantity > 0) x
          left join defect_codes d on d.company_id = ${companyId} and d.id = x.code_id
         order by x.position, x.quantity desc, x.reason, defect_code`,
  );
}

export interface TUsageRow {
  item_id: string;
  part_number: string;
  name: string;
  unit_of_measure: string;
  planned: string;
  consumed: string;
  consumed_cost: string;
  reasons: string[] | null;
}

/**
 * Each component the work order reserved: planned (what release reserved), consumed and its ledger cost, and the
 * reasons given — on its consumptions (more than planned, settled at completion) and on the reservation (less).
 */
export async function usageOf(tx: TDb, companyId: string, workOrderId: string): Promise<TUsageRow[]> {
  return queryRows<TUsageRow>(
    tx,
    sql`select r.item_id, i.part_number, i.name, i.unit_of_measure, r.quantity::text as planned,
               coalesce(c.quantity, 0)::text as consumed, coalesce(c.cost, 0)::text as consumed_cost,
               array_remove(array_cat(coalesce(c.reasons, '{}'::text[]), array[r.short_reason]), null) as reasons
          from work_order_reservations r
          join items i on i.company_id = r.company_id and i.id = r.item_id
          left join (select item_id, sum(quantity) as quantity, round(sum(quantity * unit_cost), 4) as cost,
                            array_agg(distinct reason) filter (where reason is not null) as reasons
                       from work_order_consumptions
                      where company_id = ${companyId} and work_order_id = ${workOrderId}
                      group by item_id) c on c.item_id = r.item_id
         where r.company_id = ${companyId} and r.work_order_id = ${workOrderId}
         order by i.part_number`,
  );
}

/**
 * Each step of the revision: the minutes its run took, pauses left out (as migration 0043 counts them), against
 * its setup once plus run × `made` units.
 */
export async function stepMinutesOf(
  tx: TDb,
  companyId: string,
  workOrderId: string,
  revisionId: string,
  made: string,
) {
  return queryRows<{ step_id: string; position: number; title: string; actual: string; standard: string }>(
    tx,
    sql`select s.id as step_id, s.position, s.title,
               coalesce(work_order_run_minutes(r.status, r.started_at, r.finished_at, r.paused_minutes), 0)::text
                 as actual,
               round(s.setup_minutes + s.run_minutes * ${made}::numeric, 3)::text as standard
          from assembly_steps s
          left join work_order_step_runs r
            on r.company_id = s.company_id and r.work_order_id = ${workOrderId} and r.step_id = s.id
         where s.company_id = ${companyId} and s.revision_id = ${revisionId}
         order by s.position`,
  );
}
