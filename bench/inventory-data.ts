// The inventory benchmark's data: one company with N items, a location tree of 1,222 places, a lot for every tenth
// item and ten ledger rows per item (or BENCH_LEDGER_ROWS_PER_ITEM: 100 for the 10,000,000-row run) spread over a
// year (receipts, then issues, repeating every ten rows), each with its transaction, and the
// balances as the sums of those rows — written with set-based SQL as the database owner, so that 1,000,000 ledger
// rows take seconds rather than the hours a million API calls would.
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { TDb } from '../server/db/client.ts';
import { locations } from '../server/modules/inventory/inventory.tables.ts';

/**
 * Ten ledger rows per item by default: two receipts (home bin and a second bin), then eight issues alternating between
 * them; a multiple of ten repeats that pattern, so balances stay positive at any length.
 */
export const LEDGER_ROWS_PER_ITEM = Number(process.env.BENCH_LEDGER_ROWS_PER_ITEM ?? 10);

export interface TBenchData {
  /** Part numbers P-000001 …, for lookups. */
  partNumber: (n: number) => string;
  /** An area (its subtree holds a tenth of the stock) and a bin, for filters. */
  areaId: string;
  items: number;
  ledgerRows: number;
}

const NAMES = [
  'Hex screw',
  'Ball bearing',
  'O-ring',
  'Bracket',
  'Hose fitting',
  'Flat washer',
  'Spring pin',
  'Gasket',
  'Valve body',
  'Shaft',
];
const SIZES = ['M4', 'M5', 'M6', 'M8', 'M10', 'M12', '1/4', '3/8', '1/2', '3/4', '10 mm', '20 mm'];
const MATERIALS = ['steel', 'stainless', 'brass', 'nylon', 'aluminium'];

export async function generateInventory(db: TDb, companyId: string, itemCount: number): Promise<TBenchData> {
  // The location tree: 2 sites > 10 areas each > 10 shelves each > 5 bins each.
  const rows: (typeof locations.$inferInsert)[] = [];
  const bins: string[] = [];
  let firstArea = '';
  for (let s = 1; s <= 2; s++) {
    const site = { id: uuidv7(), code: `SITE${s}` };
    rows.push(place(companyId, site.id, null, 'site', site.code, `/${site.id}/`, 0, site.code));
    for (let a = 1; a <= 10; a++) {
      const area = { id: uuidv7(), code: `S${s}A${a}` };
      if (!firstArea) firstArea = area.id;
      const areaPath = `/${site.id}/${area.id}/`;
      rows.push(
        place(companyId, area.id, site.id, 'area', area.code, areaPath, 1, `${site.code} / ${area.code}`),
      );
      for (let h = 1; h <= 10; h++) {
        const shelf = { id: uuidv7(), code: `S${s}A${a}H${h}` };
        const shelfPath = `${areaPath}${shelf.id}/`;
        rows.push(
          place(
            companyId,
            shelf.id,
            area.id,
            'shelf',
            shelf.code,
            shelfPath,
            2,
            `${site.code} / ${area.code} / ${shelf.code}`,
          ),
        );
        for (let b = 1; b <= 5; b++) {
          const bin = { id: uuidv7(), code: `S${s}A${a}H${h}B${b}` };
          bins.push(bin.id);
          rows.push(
            place(
              companyId,
              bin.id,
              shelf.id,
              'bin',
              bin.code,
              `${shelfPath}${bin.id}/`,
              3,
              `${site.code} / ${area.code} / ${shelf.code} / ${bin.code}`,
            ),
          );
        }
      }
    }
  }
  for (let i = 0; i < rows.length; i += 500) await db.insert(locations).values(rows.slice(i, i + 500));

  await db.execute(sql`create temporary table bench_bins (n int primary key, id uuid not null)`);
  await db.execute(sql`insert into bench_bins select ordinality - 1, id::uuid
                         from unnest(${`{${bins.join(',')}}`}::text[]) with ordinality as b(id)`);
  const binCount = bins.length;

  // Items: names from a few word lists, so searches find some but not all; every seventh below its reorder point.
  await db.execute(sql`
    create temporary table bench_items as
    select i as n, gen_random_uuid() as id,
           (select id from bench_bins where n = i % ${binCount}) as home,
           (select id from bench_bins where n = (i * 7 + 13) % ${binCount}) as second,
           case when i % 10 = 0 then gen_random_uuid() end as lot
      from generate_series(1, ${itemCount}) as i`);
  await db.execute(sql`
    insert into items (id, company_id, part_number, name, unit_of_measure, category, unit_cost, reorder_point,
                       default_location_id, lot_tracked, active)
    select b.id, ${companyId}, 'P-' || lpad(b.n::text, 6, '0'),
           (${`{${NAMES.join(',')}}`}::text[])[1 + b.n % 10] || ' ' || (${`{${SIZES.join(',')}}`}::text[])[1 + (b.n / 10) % 12]
             || ' ' || (${`{${MATERIALS.join(',')}}`}::text[])[1 + (b.n / 120) % 5],
           'ea', 'Category ' || (1 + b.n % 20), round(((b.n % 500) / 10.0 + 0.1)::numeric, 2),
           case when b.n % 7 = 0 then 500 else b.n % 50 end, b.home, b.lot is not null, true
      from bench_items b`);
  await db.execute(sql`
    insert into lots (id, company_id, item_id, lot_number)
    select b.lot, ${companyId}, b.id, 'L' || lpad(b.n::text, 6, '0') from bench_items b where b.lot is not null`);

  // Ten rows per item (or more), row k of every item at the same moment: k = 0 and 1 (mod 10) receive 100 and 50, then
  // issues of 1-5.
  // The rows of one posting moment are a year apart over k, so "this month" holds a twelfth of the history.
  await db.execute(sql`
    create temporary table bench_ledger as
    select ordered.id, ordered.id as transaction_id, b.id as item_id, b.lot as lot_id, k,
           case when k = 0 or k % 2 = 0 then b.home else b.second end as location_id,
           case when k % 10 = 0 then 100 when k % 10 = 1 then 50 else -(1 + (b.n + k) % 5) end as delta,
           now() - interval '365 days'
             + (k * ${itemCount} + b.n) * (interval '365 days' / ${LEDGER_ROWS_PER_ITEM * itemCount}::int) as at
      from bench_items b cross join generate_series(0, ${LEDGER_ROWS_PER_ITEM - 1}) as k
      -- Ids in posting order, as uuidv7 ids of real postings are (their time part here is 1970, so none can clash):
      -- the keys' indexes are then written at their right edge instead of at random pages.
      cross join lateral (
        select ('00000000-0000-7000-8' || lpad(to_hex(k::bigint * ${itemCount} + b.n), 15, '0'))::uuid as id
      ) ordered`);
  // Foreign-key checks and triggers off for the bulk load, as pg_restore loads a dump: the rows are consistent by
  // construction, and at 10,000,000 ledger rows four key checks a row took most of the load.
  await db.execute(sql`set local session_replication_role = replica`);
  // And the two tables' secondary indexes built after the load, in one sorted pass each, rather than row by row.
  const secondary = (
    (await db.execute(sql`
      select i.indexname, i.indexdef from pg_indexes i
       where i.schemaname = 'public' and i.tablename in ('stock_transactions', 'stock_ledger')
         and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`)) as unknown as {
      rows: { indexname: string; indexdef: string }[];
    }
  ).rows;
  for (const index of secondary) await db.execute(sql.raw(`drop index "${index.indexname}"`));
  await db.execute(sql`
    insert into stock_transactions (id, company_id, kind, reason, reference, idempotency_key, posted_by_name, posted_at)
    select transaction_id, ${companyId}, case when delta > 0 then 'receive' else 'issue' end, '',
           case when delta > 0 then 'PO-' || k else 'Job ' || k end, 'bench-' || id, 'Benchmark', at
      from bench_ledger`);
  await db.execute(sql`
    insert into stock_ledger (id, company_id, transaction_id, line_no, item_id, location_id, lot_id, quantity_delta,
                              unit_cost, balance_after, created_at)
    select l.id, ${companyId}, l.transaction_id, 1, l.item_id, l.location_id, l.lot_id, l.delta, 1,
           sum(l.delta) over (partition by l.item_id, l.location_id order by l.k), l.at
      from bench_ledger l`);
  for (const index of secondary) await db.execute(sql.raw(index.indexdef));
  await db.execute(sql`set local session_replication_role = origin`);
  await db.execute(sql`
    insert into stock_balances (id, company_id, item_id, location_id, lot_id, quantity)
    select gen_random_uuid(), ${companyId}, item_id, location_id, lot_id, sum(delta)
      from bench_ledger group by item_id, location_id, lot_id`);
  await db.execute(sql`
    update items i set on_hand = s.total
      from (select item_id, sum(delta) as total from bench_ledger group by item_id) s
     where i.company_id = ${companyId} and i.id = s.item_id`);
  for (const table of ['bench_ledger', 'bench_items', 'bench_bins'])
    await db.execute(sql.raw(`drop table ${table}`));
  for (const table of ['items', 'lots', 'locations', 'stock_balances', 'stock_transactions', 'stock_ledger'])
    await db.execute(sql.raw(`analyze ${table}`));
  return {
    partNumber: (n) => `P-${String(n).padStart(6, '0')}`,
    areaId: firstArea,
    items: itemCount,
    ledgerRows: itemCount * LEDGER_ROWS_PER_ITEM,
  };
}

function place(
  companyId: string,
  id: string,
  parentId: string | null,
  kind: string,
  code: string,
  path: string,
  depth: number,
  fullCode: string,
): typeof locations.$inferInsert {
  return { id, companyId, parentId, kind, code, name: code, path, depth, fullCode };
}
