// The job cost report's drill-down (decision 084): one job's charges in the period by person and by work order, and
// the time entries and ledger lines behind them, a page at a time. Each reads the same rows as the report
// (job-cost-sql.ts), whose charges are each to the cent, so every row's money is a sum of the cents its job's figures
// add up (decision 084, "Rounding").
import { sql } from 'drizzle-orm';
import type { TTimeActivity } from '#common/schemas/time.ts';
import { queryRows, type TDb } from '../../db/client.ts';
import { chargedLines, laborEntries, type TChargeScope } from './job-cost-sql.ts';

type TJobScope = TChargeScope & { jobId: string };
type TPage = { limit: number; offset: number };
type TCounted<T> = T & { total_count: number };

export interface TPersonRow {
  user_id: string;
  name: string;
  entries: number;
  labor_hours: string;
  labor_cost: string;
}

/** The people who spent time on the job, most cost first. */
export async function peopleOf(tx: TDb, scope: TJobScope, page: TPage) {
  return queryRows<TCounted<TPersonRow>>(
    tx,
    sql`
    select le.user_id::text, trim(u.first_name || ' ' || u.last_name) as name, count(*)::int as entries, round(sum(le.seconds) / 3600, 2)::text as labor_hours,
           round(sum(le.cost), 2)::text as labor_cost, (count(*) over ())::int as total_count
      from (${laborEntries(scope)}) le
      join users u on u.company_id = ${scope.companyId} and u.id = le.user_id
     group by le.user_id, u.first_name, u.last_name
     order by sum(le.cost) desc, 2, le.user_id
     limit ${page.limit} offset ${page.offset}`,
  );
}

export interface TWorkOrderRow {
  work_order_id: string;
  number: number;
  part_number: string;
  status: string;
  labor_hours: string;
  labor_cost: string;
  material_consumed: string;
  total_cost: string;
}

/** The job's work orders, newest number first, each with the time on its steps and what it consumed. */
export async function workOrdersOf(tx: TDb, scope: TJobScope, page: TPage) {
  const c = scope.companyId;
  return queryRows<TCounted<TWorkOrderRow>>(
    tx,
    sql`
    with labor as (
      select r.work_order_id, sum(le.seconds) as seconds, sum(le.cost) as cost
        from (${laborEntries(scope)}) le
        join work_order_step_runs r on r.company_id = ${c} and r.id = le.step_run_id
       group by r.work_order_id
    ), material as (
      select cl.work_order_id, sum(cl.cost) as cost
        from (${chargedLines(scope)}) cl
       where cl.work_order_id is not null
       group by cl.work_order_id
    )
    select w.id::text as work_order_id, w.number, i.part_number, w.status,
           round(coalesce(l.seconds, 0) / 3600, 2)::text as labor_hours,
           round(coalesce(l.cost, 0), 2)::text as labor_cost,
           round(coalesce(m.cost, 0), 2)::text as material_consumed,
           -- The parts as shown, added: the row foots to the cent (decision 084, "Rounding").
           (round(coalesce(l.cost, 0), 2) + round(coalesce(m.cost, 0), 2))::text as total_cost,
           (count(*) over ())::int as total_count
      from work_orders w
      join assemblies a on a.company_id = w.company_id and a.id = w.assembly_id
      join items i on i.company_id = a.company_id and i.id = a.item_id
      left join labor l on l.work_order_id = w.id
      left join material m on m.work_order_id = w.id
     where w.company_id = ${c} and w.job_id = ${scope.jobId}
     order by w.number desc
     limit ${page.limit} offset ${page.offset}`,
  );
}

export interface TEntryRow {
  id: string;
  user_id: string;
  user_name: string;
  started_at: Date;
  ended_at: Date;
  hours: string;
  rate: string;
  cost: string;
  activity: TTimeActivity | null;
  source: string;
  work_order_number: number | null;
}

/** The job's ended entries, latest first; of one person or one work order's steps when asked. */
export async function entriesOf(
  tx: TDb,
  scope: TJobScope & { userId?: string | undefined; workOrderId?: string | undefined },
  page: TPage,
) {
  const c = scope.companyId;
  return queryRows<TCounted<TEntryRow>>(
    tx,
    sql`
    select le.id::text, le.user_id::text, trim(u.first_name || ' ' || u.last_name) as user_name, le.started_at, le.ended_at,
           round(le.seconds / 3600, 2)::text as hours, le.rate::text, le.cost::text, le.activity, le.source,
           w.number as work_order_number, (count(*) over ())::int as total_count
      from (${laborEntries(scope)}) le
      join users u on u.company_id = ${c} and u.id = le.user_id
      left join work_order_step_runs r on r.company_id = ${c} and r.id = le.step_run_id
      left join work_orders w on w.company_id = ${c} and w.id = r.work_order_id
     where true
       ${scope.userId ? sql`and le.user_id = ${scope.userId}` : sql``}
       ${scope.workOrderId ? sql`and r.work_order_id = ${scope.workOrderId}` : sql``}
     order by le.started_at desc, le.id
     limit ${page.limit} offset ${page.offset}`,
  );
}

export interface TLineRow {
  id: string;
  posted_at: Date;
  kind: string;
  category: 'issued' | 'consumed' | 'maintenance';
  reference: string;
  part_number: string;
  item_name: string;
  quantity: string;
  unit_cost: string;
  cost: string;
  work_order_number: number | null;
}

/** The ledger lines charged to the job, latest first; of one work order when asked. */
export async function linesOf(tx: TDb, scope: TJobScope & { workOrderId?: string | undefined }, page: TPage) {
  const c = scope.companyId;
  return queryRows<TCounted<TLineRow>>(
    tx,
    // The job's lines first (a few hundred, by its indexes), then their items: joined the other way round, a planner
    // without the items' statistics looked each item's every ledger line up (bench:time, 1.4 s).
    sql`
    with cl as materialized (${chargedLines(scope)})
    select cl.line_id::text as id, cl.posted_at, cl.kind, cl.category, cl.reference, i.part_number,
           i.name as item_name, cl.quantity_delta::text as quantity, cl.unit_cost::text, cl.cost::text as cost,
           w.number as work_order_number, (count(*) over ())::int as total_count
      from cl
      join items i on i.company_id = ${c} and i.id = cl.item_id
      left join work_orders w on w.company_id = ${c} and w.id = cl.work_order_id
     where true ${scope.workOrderId ? sql`and cl.work_order_id = ${scope.workOrderId}` : sql``}
     order by cl.posted_at desc, cl.id, cl.line_no
     limit ${page.limit} offset ${page.offset}`,
  );
}
