// The stock balance report's one query. Each item's totals at the period's start and end come from the stock
// snapshots standing for those instants plus the ledger lines between each snapshot and its instant (decision 095),
// or, under a location (snapshots are per item, not per place), from a single pass over the ledger up to the period's
// end, grouped by item. The items with movement are kept once, and both the page (formatted for 50 rows, not for
// every item) and the company-wide totals are read from them.
import { type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { tuneForReport } from '../../db/report-settings.ts';
import { linesBetween } from './stock-snapshots.repo.ts';

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
    /** The snapshots standing for `from` and `until` (held by the transaction); unused under a location. */
    snapshots: { from: Date; until: Date } | null;
    limit: number;
    offset: number;
  },
): Promise<TReport> {
  const inCategory = query.category ? sql`and i.category = ${query.category}` : sql``;
  // With random_page_cost 1.1 the planner reads the lines by time from the index that carries item and quantity
  // (migration 0065), and the ledger pass from the (company, item, created_at) index that carries quantity_micro
  // (migration 0030), in item order, when the visibility map says the table's pages are all visible, and the table
  // itself when they are not (a freshly loaded ledger) or when a location filter needs location_id.
  await tuneForReport(tx, { indexPagesCached: true });
  const summed =
    query.snapshots && !query.locationPath
      ? fromSnapshots(query.companyId, query.from, query.until, query.snapshots)
      : fromLedger(query);
  const rows = await queryRows<TQueryRow>(
    tx,
    sql`
    with summed as (${summed}
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

/**
 * Each item's received and issued totals at `instant`, from the snapshot of `takenAt`: its totals plus the lines
 * between it and the instant (less them, when the snapshot is the later one).
 */
function totalsAt(companyId: string, instant: Date, takenAt: Date): SQL {
  const later = takenAt.getTime() > instant.getTime();
  const lines = later ? linesBetween(companyId, instant, takenAt) : linesBetween(companyId, takenAt, instant);
  const sign = later ? -1 : 1;
  return sql`
    select coalesce(s.item_id, e.item_id) as item_id,
           coalesce(s.received_micro, 0) + ${sign}::int * coalesce(e.received, 0) as received,
           coalesce(s.issued_micro, 0) + ${sign}::int * coalesce(e.issued, 0) as issued
      from (select item_id, received_micro, issued_micro from stock_snapshots
             where company_id = ${companyId} and taken_at = ${takenAt}) s
      full join (${lines}) e on e.item_id = s.item_id`;
}

/**
 * Opening, received and issued per item (millionths of the unit) from the totals at the period's start and end: every
 * item with a line before the end has end totals, so the start's are joined to them.
 */
function fromSnapshots(
  companyId: string,
  from: Date,
  until: Date,
  snapshots: { from: Date; until: Date },
): SQL {
  return sql`
      select u.item_id,
             coalesce(f.received, 0) - coalesce(f.issued, 0) as opening,
             u.received - coalesce(f.received, 0) as received,
             u.issued - coalesce(f.issued, 0) as issued
        from (${totalsAt(companyId, until, snapshots.until)}) u
        left join (${totalsAt(companyId, from, snapshots.from)}) f on f.item_id = u.item_id`;
}

/** The same sums from one pass over the ledger up to the period's end, under a location. */
function fromLedger(query: {
  companyId: string;
  from: Date;
  until: Date;
  locationPath?: string | null;
}): SQL {
  const underLocation = query.locationPath
    ? sql`and l.location_id in (select id from locations where company_id = ${query.companyId}
                                  and path like ${`${query.locationPath}%`})`
    : sql``;
  return sql`
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
       group by l.item_id`;
}
