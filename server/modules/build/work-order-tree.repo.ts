// The reads behind planning a work order tree (decision 064), inside a tenant transaction; company_id in every where
// and join. Work orders themselves are written through work-orders.repo.ts.
import { sql } from 'drizzle-orm';
import { WHOLE_UNITS } from '#common/units.ts';
import { queryRows, type TDb } from '../../db/client.ts';

/** Each item's default location among `itemIds`, when it names an active one: where a new work order puts away. */
export async function defaultLocationsOf(
  tx: TDb,
  companyId: string,
  itemIds: readonly string[],
): Promise<Map<string, { id: string; fullCode: string }>> {
  if (itemIds.length === 0) return new Map();
  const rows = await queryRows<{ item_id: string; id: string; full_code: string }>(
    tx,
    sql`select i.id as item_id, l.id, l.full_code
          from items i
          join locations l on l.company_id = i.company_id and l.id = i.default_location_id
         where i.company_id = ${companyId} and l.active
           and i.id in (${sql.join(
             itemIds.map((id) => sql`${id}`),
             sql`, `,
           )})`,
  );
  return new Map(rows.map((r) => [r.item_id, { id: r.id, fullCode: r.full_code }]));
}

/** Whether the revision has a BOM line of `itemId`: a work order made for a parent builds something it uses. */
export async function revisionUses(
  tx: TDb,
  companyId: string,
  revisionId: string,
  itemId: string,
): Promise<boolean> {
  const [row] = await queryRows<{ uses: boolean }>(
    tx,
    sql`select exists (select 1 from bom_lines
                        where company_id = ${companyId} and revision_id = ${revisionId}
                          and component_item_id = ${itemId}) as uses`,
  );
  return Boolean(row?.uses);
}

/**
 * What planned work orders count on taking from stock of `itemId` (decision 064): each planned work order using it
 * needs its BOM lines' requirement (scrap, whole units rounded up per line as a release reserves them) less what its
 * open child work orders will bring, never below 0. A planned work order reserves nothing, so without this two
 * plans made one after the other would both count on the same sub-assemblies on the shelf.
 */
export async function countedOnByPlanned(tx: TDb, companyId: string, itemId: string): Promise<string> {
  const whole = sql.join(
    [...WHOLE_UNITS].map((u) => sql`${u}`),
    sql`, `,
  );
  const exact = sql`l.quantity * w.quantity * (1 + l.scrap_percent / 100)`;
  const [row] = await queryRows<{ counted: string }>(
    tx,
    sql`with need as (
          select w.id, sum(case when c.unit_of_measure in (${whole}) then ceil(${exact}) else ${exact} end) as need
            from work_orders w
            join bom_lines l on l.company_id = w.company_id and l.revision_id = w.revision_id
            join items c on c.company_id = l.company_id and c.id = l.component_item_id
           where w.company_id = ${companyId} and w.status = 'planned' and l.component_item_id = ${itemId}
           group by w.id),
        coming as (
          select k.parent_work_order_id as id,
                 sum(greatest(k.quantity - k.good_quantity - k.scrap_quantity, 0)) as coming
            from work_orders k
            join assemblies a on a.company_id = k.company_id and a.id = k.assembly_id
           where k.company_id = ${companyId} and a.item_id = ${itemId}
             and k.parent_work_order_id in (select id from need)
             and k.status in ('planned', 'released', 'in_progress', 'paused')
           group by k.parent_work_order_id)
        select coalesce(sum(greatest(n.need - coalesce(g.coming, 0), 0)), 0)::text as counted
          from need n left join coming g on g.id = n.id`,
  );
  return row?.counted ?? '0';
}
