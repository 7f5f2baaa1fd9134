// The reads behind "Can we build it?" (decision 047): the lines of released revisions and of every sub-assembly's
// highest released revision below them, and each item named with its stock on hand, what open reservations hold and
// what work orders under way will still put out that nobody awaits.
import { sql } from 'drizzle-orm';
import { queryRows, type TDb } from '../../db/client.ts';
import type { TExplosionInput, TExplosionItem, TExplosionLine } from './explosion.ts';

const list = (ids: readonly string[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** Every assembly's highest released revision (never a draft: work is built only to a frozen recipe), as `rel`. */
const releasedRevisions = (companyId: string) => sql`rel as (
  select a.item_id,
         (select r.id from assembly_revisions r
           where r.company_id = a.company_id and r.assembly_id = a.id and r.status = 'released'
           order by r.number desc limit 1) as revision_id
    from assemblies a
   where a.company_id = ${companyId})`;

/**
 * The input of `explode` for `revisionIds`: their lines and those of the released revisions below them, and every
 * item the lines name. `union` (not `union all`) ends the walk even on a loop.
 */
export async function explosionInput(
  tx: TDb,
  companyId: string,
  revisionIds: readonly string[],
): Promise<TExplosionInput> {
  if (revisionIds.length === 0) return { lines: [], items: [] };
  const lines = await queryRows<TExplosionLine>(
    tx,
    sql`with recursive ${releasedRevisions(companyId)},
      revs (revision_id) as (
        select x::uuid from unnest(array[${list(revisionIds)}]::uuid[]) as x
        union
        select c.revision_id
          from revs v
          join bom_lines l on l.company_id = ${companyId} and l.revision_id = v.revision_id
          join rel c on c.item_id = l.component_item_id
         where c.revision_id is not null)
      select l.revision_id, l.component_item_id, l.quantity::text as quantity,
             l.scrap_percent::text as scrap_percent
        from revs v
        join bom_lines l on l.company_id = ${companyId} and l.revision_id = v.revision_id
       order by l.revision_id, l.position`,
  );
  const itemIds = [...new Set(lines.map((l) => l.component_item_id))];
  if (itemIds.length === 0) return { lines, items: [] };
  const items = await queryRows<TExplosionItem>(
    tx,
    sql`with ${releasedRevisions(companyId)},
      held as (
        select w.item_id, sum(greatest(w.quantity - w.awaiting - w.consumed, 0)) as reserved,
               sum(w.awaiting) as awaited
          from work_order_reservations w
         where w.company_id = ${companyId} and w.released_at is null and w.item_id in (${list(itemIds)})
         group by w.item_id),
      coming as (
        select a.item_id, sum(greatest(o.quantity - o.good_quantity - o.scrap_quantity, 0)) as quantity
          from work_orders o
          join assemblies a on a.company_id = o.company_id and a.id = o.assembly_id
         where o.company_id = ${companyId} and o.status in ('released', 'in_progress', 'paused')
           and a.item_id in (${list(itemIds)})
         group by a.item_id)
      select i.id, i.part_number, i.name, i.unit_of_measure, c.revision_id,
             exists (select 1 from assemblies a where a.company_id = i.company_id and a.item_id = i.id) as is_assembly,
             -- Stock in a lot on hold cannot be used (decision 070): it is not on hand for building.
             (i.on_hand - coalesce((select sum(b.quantity) from stock_balances b
                                      join lots t on t.company_id = b.company_id and t.id = b.lot_id
                                     where b.company_id = i.company_id and b.item_id = i.id and t.on_hold), 0))::text
               as on_hand,
             coalesce(h.reserved, 0)::text as reserved,
             greatest(coalesce(g.quantity, 0) - coalesce(h.awaited, 0), 0)::text as incoming
        from items i
        left join rel c on c.item_id = i.id
        left join held h on h.item_id = i.id
        left join coming g on g.item_id = i.id
       where i.company_id = ${companyId} and i.id in (${list(itemIds)})`,
  );
  return { lines, items };
}
