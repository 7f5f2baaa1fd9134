// The production report's volume: N completed work orders of the volume assemblies V01..V20 (made through the API
// by build-shop.ts), their completion times spread evenly over the last year, written with set-based SQL as the
// database owner (the API would take hours). Each row is what a completed shop-floor run leaves (decisions 048 and
// 049), with every constraint and trigger in force:
//   - the work order: completed, quantity 1..10, good and scrap (every ninth scraps one), created, released, started
//     and completed times in that order, a due date that about one in five misses;
//   - its reservation per component, fully consumed and given back at completion;
//   - one finished run per step (who, when, good and scrap, a reason for scrap), the cycle split between the steps;
//   - one consumption per BOM line at its step, each with its 'build-consume' posting (transaction and ledger row);
//   - one output into the finished-goods bin with its 'build-output' posting;
//   - before the year, one receipt per component covering it all; balances and on hand as the sums of the ledger,
//     each ledger row's balance after as its running sum; the work-order counter past the last number.
// Not written: the audit trail's entries for these moves (the report does not read them). V01..V20 are not
// lot-tracked, so there are no output lots or genealogy (the measured TOP run has both).
import { sql } from 'drizzle-orm';
import type { TDb } from '../server/db/client.ts';

export interface TVolume {
  workOrders: number;
  ledgerRows: number;
  seconds: number;
}

/** Writes `count` completed work orders for the company; `userId`/`userName` ran them. */
export async function generateCompletedWorkOrders(
  db: TDb,
  companyId: string,
  user: { id: string; name: string },
  count: number,
): Promise<TVolume> {
  const started = performance.now();
  const run = (query: ReturnType<typeof sql>) => db.execute(query);
  // The volume assemblies with their released revision, and the two bins.
  await run(sql`
    create temporary table bench_asm as
    select row_number() over (order by i.part_number) - 1 as k, a.id as assembly_id, a.item_id, i.unit_cost,
           r.id as revision_id
      from assemblies a
      join items i on i.company_id = a.company_id and i.id = a.item_id
      join assembly_revisions r on r.company_id = a.company_id and r.assembly_id = a.id and r.status = 'released'
     where a.company_id = ${companyId} and i.part_number like 'V%'`);
  const [{ n: assemblies }] = (
    (await db.execute(sql`select count(*)::int as n from bench_asm`)) as unknown as { rows: [{ n: number }] }
  ).rows;
  if (assemblies === 0) throw new Error('no volume assemblies (V..) to generate work orders for');
  const bins = (await db.execute(
    sql`select code, id from locations where company_id = ${companyId} and code in ('STORES', 'FINISHED')`,
  )) as unknown as { rows: Array<{ code: string; id: string }> };
  const bin = (code: string) => bins.rows.find((b) => b.code === code)!.id;
  const stores = bin('STORES');
  const finished = bin('FINISHED');

  // The work orders: numbers after the company's last, completion times spread over the last 365 days.
  await run(sql`
    create temporary table bench_wo as
    select n, gen_random_uuid() as id, a.assembly_id, a.item_id, a.unit_cost, a.revision_id,
           base.last + n as number, (1 + (n * 7) % 10)::numeric as quantity,
           case when n % 9 = 0 and (1 + (n * 7) % 10) > 1 then 1 else 0 end::numeric as scrap,
           now() - interval '365 days' + n * (interval '365 days' / ${count}) as completed_at,
           (20 + (n * 13) % 100) * interval '1 minute' as cycle,
           (2 + n % 46) * interval '1 hour' as wait,
           n % 10 - 2 as late_days
      from generate_series(1, ${count}) as n
      join bench_asm a on a.k = n % ${assemblies}
     cross join (select coalesce(max(number), 0) as last from work_orders where company_id = ${companyId}) base`);
  await run(sql`
    insert into work_orders (id, company_id, number, order_line_id, assembly_id, revision_id, quantity, status, due_on,
                             output_location_id, good_quantity, scrap_quantity, created_at, created_by, released_at,
                             started_at, completed_at, cancelled_at, updated_at)
    select id, ${companyId}, number, null, assembly_id, revision_id, quantity, 'completed',
           (completed_at - late_days * interval '1 day')::date, ${finished}, quantity - scrap, scrap,
           completed_at - cycle - wait - interval '1 day', ${user.name}, completed_at - cycle - wait,
           completed_at - cycle, completed_at, null, completed_at
      from bench_wo`);

  // Steps: each run takes its share of the cycle, one after the other; the last step scraps what was scrapped.
  await run(sql`
    create temporary table bench_run as
    select gen_random_uuid() as id, w.id as work_order_id, w.number, w.quantity, w.scrap, s.id as step_id,
           s.position, c.steps,
           w.completed_at - w.cycle + (s.position - 1) * (w.cycle / c.steps) as started_at,
           w.completed_at - w.cycle + s.position * (w.cycle / c.steps) - interval '1 minute' as finished_at
      from bench_wo w
      join assembly_steps s on s.company_id = ${companyId} and s.revision_id = w.revision_id
      join (select revision_id, count(*)::int as steps from assembly_steps where company_id = ${companyId}
             group by revision_id) c on c.revision_id = w.revision_id`);
  await run(sql`
    insert into work_order_step_runs (id, company_id, work_order_id, step_id, status, started_by, started_by_name,
                                      started_at, paused_at, paused_minutes, finished_by, finished_by_name,
                                      finished_at, good_quantity, scrap_quantity, scrap_reason)
    select id, ${companyId}, work_order_id, step_id, 'finished', ${user.id}, ${user.name}, started_at, null,
           case when number % 4 = 0 then 5 else 0 end, ${user.id}, ${user.name}, finished_at,
           case when position = steps then quantity - scrap else quantity end,
           case when position = steps then scrap else 0 end,
           case when position = steps and scrap > 0 then 'Bench scrap' end
      from bench_run`);

  // Consumptions: each BOM line at its step (a line without one at the first), what it reserved, all of it.
  await run(sql`
    create temporary table bench_use as
    select gen_random_uuid() as id, gen_random_uuid() as transaction_id, w.id as work_order_id, w.number,
           r.id as step_run_id, l.id as bom_line_id, l.component_item_id as item_id, i.unit_cost,
           ceil(l.quantity * w.quantity * (1 + l.scrap_percent / 100) * 1000000) / 1000000 as quantity,
           r.started_at + interval '1 minute' + l.position * interval '1 second' as at,
           w.completed_at - w.cycle - w.wait as released_at, w.completed_at
      from bench_wo w
      join bom_lines l on l.company_id = ${companyId} and l.revision_id = w.revision_id
      join items i on i.company_id = ${companyId} and i.id = l.component_item_id
      join bench_run r on r.work_order_id = w.id
       and r.position = coalesce((select s.position from assembly_steps s
                                   where s.company_id = ${companyId} and s.id = l.step_id), 1)`);
  await run(sql`
    insert into work_order_reservations (id, company_id, work_order_id, item_id, quantity, consumed, created_at,
                                         released_at)
    select gen_random_uuid(), ${companyId}, work_order_id, item_id, sum(quantity), sum(quantity), min(released_at),
           min(completed_at)
      from bench_use group by work_order_id, item_id`);

  // Outputs: the good units into the finished-goods bin a minute before completion; scrap with its reason.
  await run(sql`
    create temporary table bench_out as
    select gen_random_uuid() as output_id, gen_random_uuid() as transaction_id, gen_random_uuid() as key, w.*
      from bench_wo w`);

  // The ledger: a receipt per component before the year, then every consumption and output in time order.
  await run(sql`
    create temporary table bench_ledger as
    select gen_random_uuid() as id, gen_random_uuid() as transaction_id, item_id, ${stores}::uuid as location_id,
           sum(quantity) + 1000 as delta, min(unit_cost) as unit_cost,
           now() - interval '370 days' as at, 'receive' as kind, 'PO-BENCH' as reference,
           'bench-receipt:' || item_id as key
      from bench_use group by item_id
    union all
    select gen_random_uuid(), transaction_id, item_id, ${stores}::uuid, -quantity, unit_cost, at, 'build-consume',
           'WO-' || lpad(number::text, 6, '0'), 'build-consume:' || id
      from bench_use
    union all
    select gen_random_uuid(), transaction_id, item_id, ${finished}::uuid, quantity - scrap, unit_cost,
           completed_at - interval '1 minute', 'build-output', 'WO-' || lpad(number::text, 6, '0'),
           'build-output:' || key
      from bench_out where quantity > scrap`);
  await run(sql`
    insert into stock_transactions (id, company_id, kind, reason, reference, idempotency_key, posted_by,
                                    posted_by_name, posted_at)
    select transaction_id, ${companyId}, kind, '', reference, key, ${user.id}, ${user.name}, at from bench_ledger`);
  await run(sql`
    insert into stock_ledger (id, company_id, transaction_id, line_no, item_id, location_id, lot_id, quantity_delta,
                              unit_cost, balance_after, created_at)
    select id, ${companyId}, transaction_id, 1, item_id, location_id, null, delta, unit_cost,
           sum(delta) over (partition by item_id, location_id order by at, id), at
      from bench_ledger`);
  await run(sql`
    insert into work_order_consumptions (id, company_id, work_order_id, step_run_id, bom_line_id, item_id, lot_id,
                                         location_id, quantity, transaction_id, created_at, created_by)
    select id, ${companyId}, work_order_id, step_run_id, bom_line_id, item_id, null, ${stores}, quantity,
           transaction_id, at, ${user.name}
      from bench_use`);
  await run(sql`
    insert into work_order_outputs (id, company_id, work_order_id, lot_id, location_id, good_quantity, scrap_quantity,
                                    scrap_reason, transaction_id, idempotency_key, created_at, created_by)
    select output_id, ${companyId}, id, null, ${finished}, quantity - scrap, scrap,
           case when scrap > 0 then 'Bench scrap' end, transaction_id, key::text,
           completed_at - interval '1 minute', ${user.name}
      from bench_out`);
  // Balances and on hand: the sums of the ledger (these items had none before).
  await run(sql`
    insert into stock_balances (id, company_id, item_id, location_id, lot_id, quantity)
    select gen_random_uuid(), ${companyId}, item_id, location_id, null, sum(delta)
      from bench_ledger group by item_id, location_id`);
  await run(sql`
    update items i set on_hand = i.on_hand + s.total
      from (select item_id, sum(delta) as total from bench_ledger group by item_id) s
     where i.company_id = ${companyId} and i.id = s.item_id`);
  await run(sql`
    insert into company_counters (company_id, name, next_value)
    select ${companyId}, 'work_order', max(number) + 1 from work_orders where company_id = ${companyId}
    on conflict (company_id, name) do update set next_value = excluded.next_value`);
  // As the ledger's own tests check: every balance the sum of its rows, and its last row's balance after.
  const [{ off }] = (
    (await db.execute(sql`
      select count(*)::int as off from stock_balances b
       where b.company_id = ${companyId}
         and b.quantity is distinct from (
           select l.balance_after from stock_ledger l
            where l.company_id = b.company_id and l.item_id = b.item_id and l.location_id = b.location_id
              and l.lot_id is not distinct from b.lot_id
            order by l.created_at desc, l.id desc limit 1)`)) as unknown as { rows: [{ off: number }] }
  ).rows;
  if (off !== 0) throw new Error(`${off} balances differ from their ledger's last balance after`);
  const [{ n: ledgerRows }] = (
    (await db.execute(sql`select count(*)::int as n from bench_ledger`)) as unknown as {
      rows: [{ n: number }];
    }
  ).rows;
  for (const table of ['bench_ledger', 'bench_out', 'bench_use', 'bench_run', 'bench_wo', 'bench_asm'])
    await db.execute(sql.raw(`drop table ${table}`));
  return { workOrders: count, ledgerRows, seconds: (performance.now() - started) / 1000 };
}
