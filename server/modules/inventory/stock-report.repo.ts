// The stock balance report's one query: a single pass over the company's ledger rows up to the period's end, grouped
// by item, with the page's rows and the company-wide totals from the same aggregate (window functions), so the
// report costs one scan however many items it lists.
import { sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';

export interface TReportRow {
  item_id: string;
  part_number: string;
  name: string;
  category: string;
  unit_of_measure: string;
  opening: string;
  received: string;
  issued: string;
  closing: string;
  closing_value: string;
  total: number;
  opening_value_total: string;
  closing_value_total: string;
}

export async function balanceReport(
  tx: TDb,
  query: {
    companyId: string;
    /** Inclusive start and exclusive end, as instants. */
    from: Date;
    until: Date;
    category?: string | undefined;
    /** The location's path: only ledger rows under it count. */
    locationPath?: string | null;
    limit: number;
    offset: number;
  },
): Promise<TReportRow[]> {
  const underLocation = query.locationPath
    ? sql`and l.location_id in (select id from locations where company_id = ${query.companyId}
                                  and path like ${`${query.locationPath}%`})`
    : sql``;
  const inCategory = query.category ? sql`and i.category = ${query.category}` : sql``;
  // One grouping of up to every item: enough memory to hash it rather than sort it on disk, and no JIT compilation
  // (tens of milliseconds for a query that runs once), for this transaction only.
  await tx.execute(sql`select set_config('work_mem', '64MB', true), set_config('jit', 'off', true)`);
  return queryRows<TReportRow>(
    tx,
    sql`
    with summed as (
      -- Millionths of the unit (quantity_micro, exact integers): 128-bit integer sums, a fifth faster than numeric.
      select l.item_id,
             coalesce(sum(l.quantity_micro) filter (where l.created_at < ${query.from}), 0) as opening,
             coalesce(sum(l.quantity_micro) filter (where l.created_at >= ${query.from} and l.quantity_micro > 0), 0)
               as received,
             coalesce(-sum(l.quantity_micro) filter (where l.created_at >= ${query.from} and l.quantity_micro < 0), 0)
               as issued
        from stock_ledger l
       where l.company_id = ${query.companyId}
         and l.created_at < ${query.until}
         ${underLocation}
       group by l.item_id
    ), moved as (
      -- Closing is what was there plus what came in less what went out: three sums per row, not four.
      select item_id, opening * 0.000001 as opening, received * 0.000001 as received, issued * 0.000001 as issued,
             (opening + received - issued) * 0.000001 as closing
        from summed
    )
    select i.id as item_id, i.part_number, i.name, i.category, i.unit_of_measure,
           m.opening::text, m.received::text, m.issued::text, m.closing::text,
           (m.closing * i.unit_cost)::numeric(24, 4)::text as closing_value,
           count(*) over ()::int as total,
           (sum(m.opening * i.unit_cost) over ())::numeric(24, 4)::text as opening_value_total,
           (sum(m.closing * i.unit_cost) over ())::numeric(24, 4)::text as closing_value_total
      from moved m
      join items i on i.id = m.item_id
     where (m.opening <> 0 or m.received <> 0 or m.issued <> 0)
       ${inCategory}
     order by i.part_number
     limit ${query.limit} offset ${query.offset}`,
  );
}
