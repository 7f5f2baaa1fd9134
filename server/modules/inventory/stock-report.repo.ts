// The stock balance report's one query: a single pass over the company's ledger rows up to the period's end, grouped
// by item; the items with movement are kept once, and both the page (formatted for 50 rows, not for every item) and
// the company-wide totals are read from them, so the report costs one pass however many items it lists.
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
}

/** The page's rows and the totals over every item of the report. */
export interface TReport {
  rows: TReportRow[];
  total: number;
  openingValueTotal: string;
  closingValueTotal: string;
}

/** Each row of the query: a page row (or, for a page past the end, nulls) with the totals alongside. */
type TQueryRow = { [K in keyof TReportRow]: TReportRow[K] | null } & {
  total: number;
  opening_value_total: string;
  closing_value_total: string;
};

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
): Promise<TReport> {
  const underLocation = query.locationPath
    ? sql`and l.location_id in (select id from locations where company_id = ${query.companyId}
                                  and path like ${`${query.locationPath}%`})`
    : sql``;
  const inCategory = query.category ? sql`and i.category = ${query.category}` : sql``;
  // For this transaction only: enough memory to group every item in a hash, no JIT compilation (tens of
  // milliseconds for a query that runs once), and no parallel workers (on two cores the partial sums' hand-over cost
  // more than the workers saved: 0.81 against 0.65 s at a million rows). random_page_cost 1.1 prices an index page
  // read as what it is here, one more page of a mostly cached index rather than a seek on a spinning disk: with it the
  // planner chooses, on its own, to read the ledger pass from the (company, item, created_at) index that carries
  // quantity_micro (migration 0030), in item order, when the visibility map says the table's pages are all visible,
  // and the table itself when they are not (a freshly loaded ledger) or when a location filter needs location_id.
  await tx.execute(
    sql`select set_config('work_mem', '64MB', true), set_config('jit', 'off', true),
               set_config('max_parallel_workers_per_gather', '0', true), set_config('random_page_cost', '1.1', true)`,
  );
  const rows = await queryRows<TQueryRow>(
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
    ), listed as materialized (
      -- Closing is what was there plus what came in less what went out: three sums per row, not four.
      select i.id, i.part_number, i.unit_cost, s.opening, s.received, s.issued,
             s.opening + s.received - s.issued as closing
        from summed s
        join items i on i.company_id = ${query.companyId} and i.id = s.item_id
       where (s.opening <> 0 or s.received <> 0 or s.issued <> 0)
         ${inCategory}
    ), totals as (
      select count(*)::int as total,
             (coalesce(sum(opening * unit_cost), 0) * 0.000001)::numeric(24, 4)::text as opening_value_total,
             (coalesce(sum(closing * unit_cost), 0) * 0.000001)::numeric(24, 4)::text as closing_value_total
        from listed
    ), page as (
      select * from listed order by part_number limit ${query.limit} offset ${query.offset}
    )
    select i.id as item_id, i.part_number, i.name, i.category, i.unit_of_measure,
           (p.opening * 0.000001)::text as opening, (p.received * 0.000001)::text as received,
           (p.issued * 0.000001)::text as issued, (p.closing * 0.000001)::text as closing,
           (p.closing * 0.000001 * i.unit_cost)::numeric(24, 4)::text as closing_value,
           t.total, t.opening_value_total, t.closing_value_total
      from totals t
      left join page p on true
      left join items i on i.company_id = ${query.companyId} and i.id = p.id
     order by p.part_number`,
  );
  const totals = rows[0]!; // totals is one row, whatever the page holds
  return {
    rows: rows.filter((r) => r.item_id !== null) as TReportRow[],
    total: totals.total,
    openingValueTotal: totals.opening_value_total,
    closingValueTotal: totals.closing_value_total,
  };
}
