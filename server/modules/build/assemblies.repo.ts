// Queries of assemblies and their revisions, run inside a tenant transaction; company_id in every where and join.
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type TDb } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { items } from '../inventory/inventory.tables.ts';
import { machines } from '../maintenance/machines.tables.ts';
import { assemblies, assemblyRevisions, assemblySteps, bomLines } from './build.tables.ts';

export type TRevisionRow = typeof assemblyRevisions.$inferSelect;
export type TBomLineRow = typeof bomLines.$inferSelect;
export type TStepRow = typeof assemblySteps.$inferSelect;

/**
 * Serialises BOM changes of one company until the transaction ends, so two admins adding A→B and B→A at the same
 * moment cannot both pass the loop check (decision 044).
 */
export async function lockBoms(tx: TDb, companyId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`bom:${companyId}`}, 0))`);
}

/**
 * Every assembly's current revision (the highest released, else the draft) and draft, as a CTE body named `cur`:
 * item_id, assembly_id, current_id, draft_id.
 */
const currentRevisions = (companyId: string) => sql`cur as (
  select a.item_id, a.id as assembly_id,
         coalesce(
           (select r.id from assembly_revisions r
             where r.company_id = a.company_id and r.assembly_id = a.id and r.status = 'released'
             order by r.number desc limit 1),
           (select r.id from assembly_revisions r
             where r.company_id = a.company_id and r.assembly_id = a.id and r.status = 'draft')) as current_id,
         (select r.id from assembly_revisions r
           where r.company_id = a.company_id and r.assembly_id = a.id and r.status = 'draft') as draft_id
    from assemblies a
   where a.company_id = ${companyId})`;

interface TAssemblyListRow {
  id: string;
  item_id: string;
  part_number: string;
  name: string;
  released_number: number | null;
  draft_number: number | null;
  line_count: number;
  created_at: Date | string;
  total: number;
}

/** A page of assemblies by part number, searched by part number or name, with how many match. */
export async function listAssemblies(
  tx: TDb,
  companyId: string,
  q: string,
  page: { limit: number; offset: number },
) {
  const search = q ? sql`and i.search_text like ${containsPattern(q.toLowerCase())}` : sql``;
  const rows = await queryRows<TAssemblyListRow>(
    tx,
    sql`with ${currentRevisions(companyId)}
      select a.id, a.item_id, i.part_number, i.name, a.created_at,
             (select max(r.number) from assembly_revisions r
               where r.company_id = a.company_id and r.assembly_id = a.id and r.status = 'released') as released_number,
             (select r.number from assembly_revisions r
               where r.company_id = a.company_id and r.assembly_id = a.id and r.status = 'draft') as draft_number,
             (select count(*)::int from bom_lines l
               where l.company_id = a.company_id and l.revision_id = c.current_id) as line_count,
             count(*) over ()::int as total
        from assemblies a
        join items i on i.company_id = a.company_id and i.id = a.item_id
        join cur c on c.assembly_id = a.id
       where a.company_id = ${companyId} ${search}
       order by i.part_number_key, a.id
       limit ${page.limit} offset ${page.offset}`,
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page.offset > 0) {
    const [counted] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from assemblies a join items i on i.company_id = a.company_id and i.id = a.item_id
           where a.company_id = ${companyId} ${search}`,
    );
    total = counted?.n ?? 0;
  }
  return { rows, total };
}

export async function findAssembly(tx: TDb, companyId: string, id: string) {
  const [row] = await tx
    .select({ assembly: assemblies, item: items })
    .from(assemblies)
    .innerJoin(items, and(eq(items.companyId, assemblies.companyId), eq(items.id, assemblies.itemId)))
    .where(and(eq(assemblies.companyId, companyId), eq(assemblies.id, id)))
    .limit(1);
  return row ?? null;
}

export async function findAssemblyByItem(tx: TDb, companyId: string, itemId: string) {
  const [row] = await tx
    .select()
    .from(assemblies)
    .where(and(eq(assemblies.companyId, companyId), eq(assemblies.itemId, itemId)))
    .limit(1);
  return row ?? null;
}

export async function insertAssembly(tx: TDb, row: typeof assemblies.$inferInsert): Promise<void> {
  await tx.insert(assemblies).values(row);
}

export async function insertRevision(tx: TDb, row: typeof assemblyRevisions.$inferInsert): Promise<void> {
  await tx.insert(assemblyRevisions).values(row);
}

/** The assembly's revisions, newest first, with how many lines each has. */
export async function revisionsOf(tx: TDb, companyId: string, assemblyId: string) {
  return tx
    .select({
      revision: assemblyRevisions,
      lineCount: sql<number>`(select count(*)::int from bom_lines l
        where l.company_id = ${assemblyRevisions.companyId} and l.revision_id = ${assemblyRevisions.id})`,
    })
    .from(assemblyRevisions)
    .where(and(eq(assemblyRevisions.companyId, companyId), eq(assemblyRevisions.assemblyId, assemblyId)))
    .orderBy(desc(assemblyRevisions.number));
}

export async function findRevision(tx: TDb, companyId: string, id: string): Promise<TRevisionRow | null> {
  const [row] = await tx
    .select()
    .from(assemblyRevisions)
    .where(and(eq(assemblyRevisions.companyId, companyId), eq(assemblyRevisions.id, id)))
    .limit(1);
  return row ?? null;
}

/** The revision row locked for the rest of the transaction (a save and a release of one draft queue up). */
export async function lockRevision(tx: TDb, companyId: string, id: string): Promise<TRevisionRow | null> {
  const [row] = await tx
    .select()
    .from(assemblyRevisions)
    .where(and(eq(assemblyRevisions.companyId, companyId), eq(assemblyRevisions.id, id)))
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function markReleased(
  tx: TDb,
  companyId: string,
  id: string,
  at: Date,
  by: string,
): Promise<void> {
  await tx
    .update(assemblyRevisions)
    .set({ status: 'released', releasedAt: at, releasedBy: by })
    .where(and(eq(assemblyRevisions.companyId, companyId), eq(assemblyRevisions.id, id)));
}

/** The lines of a revision with their component items, in order. */
export async function linesOf(tx: TDb, companyId: string, revisionId: string) {
  return tx
    .select({ line: bomLines, item: items, assemblyId: assemblies.id })
    .from(bomLines)
    .innerJoin(items, and(eq(items.companyId, bomLines.companyId), eq(items.id, bomLines.componentItemId)))
    .leftJoin(
      assemblies,
      and(eq(assemblies.companyId, bomLines.companyId), eq(assemblies.itemId, bomLines.componentItemId)),
    )
    .where(and(eq(bomLines.companyId, companyId), eq(bomLines.revisionId, revisionId)))
    .orderBy(asc(bomLines.position));
}

export async function stepsOf(tx: TDb, companyId: string, revisionId: string): Promise<TStepRow[]> {
  return tx
    .select()
    .from(assemblySteps)
    .where(and(eq(assemblySteps.companyId, companyId), eq(assemblySteps.revisionId, revisionId)))
    .orderBy(asc(assemblySteps.position));
}

/** The company's machines among `ids` (a step's machine, shown and checked by id). */
export async function machinesAmong(
  tx: TDb,
  companyId: string,
  ids: string[],
): Promise<Array<{ id: string; name: string; assetTag: string }>> {
  if (ids.length === 0) return [];
  return tx
    .select({ id: machines.id, name: machines.name, assetTag: machines.assetTag })
    .from(machines)
    .where(and(eq(machines.companyId, companyId), inArray(machines.id, ids)));
}

export async function insertSteps(tx: TDb, rows: (typeof assemblySteps.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await tx.insert(assemblySteps).values(rows);
}

export async function insertLines(tx: TDb, rows: (typeof bomLines.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await tx.insert(bomLines).values(rows);
}

/**
 * The company's items among `ids` (id, part number, name, and whether it needs a lot: lot-tracked in a company that
 * uses lot numbers): what a body may name.
 */
export async function itemsAmong(tx: TDb, companyId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return queryRows<{ id: string; part_number: string; name: string; lot_tracked: boolean }>(
    tx,
    sql`select i.id, i.part_number, i.name, (i.lot_tracked and coalesce(s.use_lot_numbers, true)) as lot_tracked
          from items i
          left join company_settings s on s.company_id = i.company_id
         where i.company_id = ${companyId} and i.id in (${sql.join(
           ids.map((id) => sql`${id}`),
           sql`, `,
         )})`,
  );
}

/**
 * The BOM edges (assembly item → component item) reachable downwards from `itemIds`, through every assembly's
 * current and draft revisions: the graph the loop check walks.
 */
export async function edgesBelow(tx: TDb, companyId: string, itemIds: string[]) {
  if (itemIds.length === 0) return [];
  return queryRows<{ parent: string; child: string }>(
    tx,
    sql`with recursive ${currentRevisions(companyId)},
      edges as (
        select distinct c.item_id as parent, l.component_item_id as child
          from cur c
          join bom_lines l on l.company_id = ${companyId} and l.revision_id in (c.current_id, c.draft_id)),
      walk (item) as (
        select x::uuid from unnest(array[${sql.join(
          itemIds.map((id) => sql`${id}`),
          sql`, `,
        )}]::uuid[]) as x
        union
        select e.child from walk w join edges e on e.parent = w.item)
      select e.parent, e.child from edges e where e.parent in (select item from walk)`,
  );
}

/** Part numbers of `ids`. */
export async function partNumbers(tx: TDb, companyId: string, ids: string[]): Promise<Map<string, string>> {
  const rows = await itemsAmong(tx, companyId, ids);
  return new Map(rows.map((r) => [r.id, r.part_number]));
}

export { currentRevisions };
