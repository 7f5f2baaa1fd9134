// The reads behind planning a work order tree (decision 064), inside a tenant transaction; company_id in every where
// and join. Work orders themselves are written through work-orders.repo.ts.
import { sql } from 'drizzle-orm';
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
