// The reads behind the cost roll-up and where-used (decision 044): a revision's BOM through every level at each
// sub-assembly's current revision, the blended labor rate, and the assemblies above an item.
import { sql } from 'drizzle-orm';
import { queryRows, type TDb } from '../../db/client.ts';
import { currentRevisions } from './assemblies.repo.ts';

export interface TTreeLine {
  revision_id: string;
  position: number;
  component_item_id: string;
  quantity: string;
  scrap_percent: string;
}

export interface TTreeItem {
  id: string;
  part_number: string;
  name: string;
  unit_cost: string;
  /** The item's assembly's current revision, null for a bought item. */
  current_id: string | null;
}

/**
 * The lines of `revisionId` and of the current revision of every sub-assembly below it, the items they name, and
 * each of those revisions' standard minutes. `union` (not `union all`) ends the walk even on a loop.
 */
export async function treeBelow(tx: TDb, companyId: string, revisionId: string) {
  const lines = await queryRows<TTreeLine>(
    tx,
    sql`with recursive ${currentRevisions(companyId)},
      revs (revision_id) as (
        select ${revisionId}::uuid
        union
        select c.current_id
          from revs v
          join bom_lines l on l.company_id = ${companyId} and l.revision_id = v.revision_id
          join cur c on c.item_id = l.component_item_id
         where c.current_id is not null)
      select l.revision_id, l.position, l.component_item_id, l.quantity::text as quantity,
             l.scrap_percent::text as scrap_percent
        from revs v
        join bom_lines l on l.company_id = ${companyId} and l.revision_id = v.revision_id
       order by l.revision_id, l.position`,
  );
  const itemIds = [...new Set(lines.map((l) => l.component_item_id))];
  const revisionIds = [...new Set([revisionId, ...lines.map((l) => l.revision_id)])];
  const itemRows =
    itemIds.length === 0
      ? []
      : await queryRows<TTreeItem>(
          tx,
          sql`with ${currentRevisions(companyId)}
            select i.id, i.part_number, i.name, i.unit_cost::text as unit_cost, c.current_id
              from items i left join cur c on c.item_id = i.id
             where i.company_id = ${companyId} and i.id in (${sql.join(
               itemIds.map((id) => sql`${id}`),
               sql`, `,
             )})`,
        );
  const minutes = await queryRows<{ revision_id: string; run: string; setup: string }>(
    tx,
    sql`select s.revision_id, sum(s.run_minutes)::text as run, sum(s.setup_minutes)::text as setup
          from assembly_steps s
         where s.company_id = ${companyId} and s.revision_id in (${sql.join(
           revisionIds.map((id) => sql`${id}`),
           sql`, `,
         )})
         group by s.revision_id`,
  );
  return { lines, items: itemRows, minutes };
}

/**
 * The company's blended labor rate: the mean of the current rates of its active people whose rate is above zero
 * (there is no single company rate; labor_rates keeps each person's history). Null when nobody has one.
 */
/**
 * The company's blended labor rate (decision 044) as a scalar query: the average of each active user's rate in force,
 * null when nobody has one above 0. A fragment, so the cost of an output reads it with the standard minutes at once.
 */
export const blendedRateQuery = (companyId: string) =>
  sql`select round(avg(x.rate), 4)::text as rate
        from (select distinct on (lr.user_id) lr.user_id, lr.rate
                from labor_rates lr
               where lr.company_id = ${companyId}
               order by lr.user_id, lr.effective_from desc) x
        join users u on u.id = x.user_id and u.company_id = ${companyId} and u.active
       where x.rate > 0`;

export async function blendedLaborRate(tx: TDb, companyId: string): Promise<string | null> {
  const [row] = await queryRows<{ rate: string | null }>(tx, blendedRateQuery(companyId));
  return row?.rate ?? null;
}

export interface TWhereUsedRow {
  assembly_id: string;
  item_id: string;
  part_number: string;
  name: string;
  number: number;
  status: 'draft' | 'released';
  quantity: string;
  depth: number;
}

/**
 * Every assembly whose current or draft revision has `itemId` on a line (depth 1), and the assemblies above those
 * (depth 2, 3, … with the quantity of the sub-assembly on their line), at most 20 levels.
 */
export async function whereUsed(tx: TDb, companyId: string, itemId: string): Promise<TWhereUsedRow[]> {
  return queryRows<TWhereUsedRow>(
    tx,
    sql`with recursive ${currentRevisions(companyId)},
      edges as (
        select c.item_id as parent, c.assembly_id, r.number, r.status, l.component_item_id as child,
               sum(l.quantity) as quantity
          from cur c
          join assembly_revisions r on r.company_id = ${companyId} and r.id in (c.current_id, c.draft_id)
          join bom_lines l on l.company_id = ${companyId} and l.revision_id = r.id
         group by c.item_id, c.assembly_id, r.number, r.status, l.component_item_id),
      up (parent, assembly_id, number, status, quantity, depth, path) as (
        select e.parent, e.assembly_id, e.number, e.status, e.quantity, 1, array[e.child, e.parent]
          from edges e where e.child = ${itemId}::uuid
        union all
        select e.parent, e.assembly_id, e.number, e.status, e.quantity, u.depth + 1, u.path || e.parent
          from up u join edges e on e.child = u.parent
         where u.depth < 20 and not e.parent = any(u.path))
      select distinct u.assembly_id, u.parent as item_id, i.part_number, i.name, u.number, u.status,
             u.quantity::text as quantity, u.depth
        from up u join items i on i.company_id = ${companyId} and i.id = u.parent
       order by u.depth, i.part_number, u.number desc`,
  );
}
