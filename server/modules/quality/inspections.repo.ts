// Queries of starting inspections (decision 072): what is inspected (a lot with what it holds, a work order and its
// step), which step plans a recipe's step links, the open inspection two inspectors meet, and a pair's finished
// acceptance-sampling lots for the switching rules. Inside the tenant's transaction; company_id in every where.
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type TDb } from '../../db/client.ts';
import { inspections } from './inspections.tables.ts';

export type TInspectionRow = typeof inspections.$inferSelect;

export interface TLotToInspect {
  id: string;
  lot_number: string;
  item_id: string;
  supplier_id: string | null;
  on_hold: boolean;
  /** What the lot holds now, over every location. */
  on_hand: string;
}

export async function lotToInspect(tx: TDb, companyId: string, lotId: string): Promise<TLotToInspect | null> {
  const [row] = await queryRows<TLotToInspect>(
    tx,
    sql`select l.id, l.lot_number, l.item_id, l.supplier_id, l.on_hold,
               coalesce((select sum(b.quantity) from stock_balances b
                          where b.company_id = l.company_id and b.lot_id = l.id), 0)::text as on_hand
          from lots l
         where l.company_id = ${companyId} and l.id = ${lotId}`,
  );
  return row ?? null;
}

export interface TWorkOrderToInspect {
  id: string;
  number: number;
  quantity: string;
  revision_id: string;
  item_id: string;
}

export async function workOrderToInspect(
  tx: TDb,
  companyId: string,
  workOrderId: string,
): Promise<TWorkOrderToInspect | null> {
  const [row] = await queryRows<TWorkOrderToInspect>(
    tx,
    sql`select w.id, w.number, w.quantity::text as quantity, w.revision_id, a.item_id
          from work_orders w
          join assemblies a on a.company_id = w.company_id and a.id = w.assembly_id
         where w.company_id = ${companyId} and w.id = ${workOrderId}`,
  );
  return row ?? null;
}

/** A step of the work order's revision, with its machine (decision 063). */
export async function stepOfRevision(tx: TDb, companyId: string, revisionId: string, stepId: string) {
  const [row] = await queryRows<{ id: string; title: string; machine_id: string | null }>(
    tx,
    sql`select id, title, machine_id from assembly_steps
         where company_id = ${companyId} and revision_id = ${revisionId} and id = ${stepId}`,
  );
  return row ?? null;
}

/** The plans a step is inspected with (assembly_step_checks), in the recipe's order. */
export async function stepPlanIds(tx: TDb, companyId: string, stepId: string): Promise<string[]> {
  const rows = await queryRows<{ plan_id: string }>(
    tx,
    sql`select plan_id from assembly_step_checks
         where company_id = ${companyId} and step_id = ${stepId}
         order by position, plan_id`,
  );
  return rows.map((r) => r.plan_id);
}

/** The open inspection of this plan for the lot, the work order's step or its output, if any. */
export async function findOpen(
  tx: TDb,
  companyId: string,
  key: { planId: string; lotId: string | null; workOrderId: string | null; stepId: string | null },
): Promise<string | null> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`select id from inspections
         where company_id = ${companyId} and plan_id = ${key.planId} and status = 'open'
           and lot_id is not distinct from ${key.lotId}
           and work_order_id is not distinct from ${key.workOrderId}
           and step_id is not distinct from ${key.stepId}
         limit 1`,
  );
  return row?.id ?? null;
}

/** The latest finished inspection of the plan on the lot (its number and verdict, and the lot's number), or null. */
export async function latestFinishedOfLot(
  tx: TDb,
  companyId: string,
  key: { planId: string; lotId: string },
): Promise<{ number: number; status: string; lot_number: string } | null> {
  const [row] = await queryRows<{ number: number; status: string; lot_number: string }>(
    tx,
    sql`select i.number, i.status, l.lot_number from inspections i
          join lots l on l.company_id = i.company_id and l.id = i.lot_id
         where i.company_id = ${companyId} and i.plan_id = ${key.planId} and i.lot_id = ${key.lotId}
           and i.status <> 'open'
         order by i.finished_at desc, i.number desc
         limit 1`,
  );
  return row ?? null;
}

/**
 * Inserts the inspection unless an open one of the same plan and lot (or work order and step) exists — the partial
 * unique indexes decide, so two inspectors starting at once get one row. Returns false when the other one won.
 */
export async function insertUnlessOpen(tx: TDb, row: typeof inspections.$inferInsert): Promise<boolean> {
  const inserted = await tx
    .insert(inspections)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: inspections.id });
  return inserted.length > 0;
}

/** One lot's original inspection as the switching rules read it, oldest first. */
export interface TSwitchingRow {
  severity: 'normal' | 'tightened' | 'reduced';
  status: 'passed' | 'failed';
  back_to_normal: boolean;
  /** A corrective action (105E 4.8) was recorded between the lot before it finished and this one (decision 077). */
  after_corrective_action: boolean;
}

/** Which pair a row belongs to: the item at the stage and, at receipt, the supplier (none being a pair of its own). */
export interface TSwitchingPair {
  itemId: string;
  stage: 'receipt' | 'final';
  supplierId: string | null;
}

/** The pair's condition on a table with `company_id`, `item_id`, `stage` and `supplier_id`, aliased `alias`. */
export function pairWhere(alias: string, companyId: string, pair: TSwitchingPair) {
  const a = sql.raw(alias);
  const supplier =
    pair.stage === 'receipt' ? sql`and ${a}.supplier_id is not distinct from ${pair.supplierId}` : sql``;
  return sql`${a}.company_id = ${companyId} and ${a}.item_id = ${pair.itemId} and ${a}.stage = ${pair.stage} ${supplier}`;
}

/**
 * The finished acceptance-sampling inspections of the item at this stage — for receipt, of lots from this supplier
 * (none: lots from no supplier) — in the order they finished, each saying whether a corrective action came before it.
 */
export async function switchingHistory(
  tx: TDb,
  companyId: string,
  pair: TSwitchingPair,
): Promise<TSwitchingRow[]> {
  return queryRows<TSwitchingRow>(
    tx,
    // A lot inspected again (resubmitted) counts once, by its first inspection (decision 069: the rules count
    // original inspection only); an inspection of no lot (a work order's output) counts on its own.
    sql`with originals as (
          select distinct on (coalesce(i.lot_id, i.id)) i.severity, i.status, i.back_to_normal, i.finished_at, i.number
            from inspections i
           where ${pairWhere('i', companyId, pair)} and i.status <> 'open' and i.severity is not null
           order by coalesce(i.lot_id, i.id), i.finished_at, i.number
        ), lots as (
          select o.*, lag(o.finished_at) over (order by o.finished_at, o.number) as previous_finished_at
            from originals o
        )
        select l.severity, l.status, l.back_to_normal,
               exists (select 1 from sampling_corrective_actions a
                        where ${pairWhere('a', companyId, pair)}
                          and a.recorded_at > coalesce(l.previous_finished_at, '-infinity'::timestamptz)
                          and a.recorded_at <= l.finished_at) as after_corrective_action
          from lots l
         order by l.finished_at, l.number`,
  );
}

/** Whether the company's Quality setting lets 105E switch to reduced inspection (off by default: 105E 4.7.3 d). */
export async function reducedInspectionAllowed(tx: TDb, companyId: string): Promise<boolean> {
  const [row] = await queryRows<{ allowed: boolean }>(
    tx,
    sql`select allow_reduced_inspection as allowed from company_settings where company_id = ${companyId}`,
  );
  return row?.allowed ?? false;
}

/** The inspection locked for the rest of the transaction: `share` while recording results, `update` to finish. */
export async function lockInspection(
  tx: TDb,
  companyId: string,
  id: string,
  mode: 'share' | 'update',
): Promise<TInspectionRow | null> {
  const [row] = await tx
    .select()
    .from(inspections)
    .where(and(eq(inspections.companyId, companyId), eq(inspections.id, id)))
    .for(mode)
    .limit(1);
  return row ?? null;
}

export async function findInspection(tx: TDb, companyId: string, id: string): Promise<TInspectionRow | null> {
  const [row] = await tx
    .select()
    .from(inspections)
    .where(and(eq(inspections.companyId, companyId), eq(inspections.id, id)))
    .limit(1);
  return row ?? null;
}

export async function finishInspection(
  tx: TDb,
  companyId: string,
  id: string,
  set: {
    status: 'passed' | 'failed';
    backToNormal: boolean;
    finishedBy: string;
    defectiveUnits: number;
    defects: number;
  },
): Promise<void> {
  await tx.execute(
    sql`update inspections set status = ${set.status}, back_to_normal = ${set.backToNormal},
               finished_by = ${set.finishedBy}, finished_at = now(),
               defective_units = ${set.defectiveUnits}, defects = ${set.defects}
         where company_id = ${companyId} and id = ${id} and status = 'open'`,
  );
}

/** The plan whose inspection put the lot on hold last, when its latest hold came from an inspection. */
export async function planThatHeldLot(tx: TDb, companyId: string, lotId: string): Promise<string | null> {
  const [row] = await queryRows<{ plan_id: string | null }>(
    tx,
    sql`select i.plan_id
          from lot_holds h
          left join inspections i on i.company_id = h.company_id and i.id = h.inspection_id
         where h.company_id = ${companyId} and h.lot_id = ${lotId} and h.action = 'hold'
         order by h.created_at desc, h.id desc
         limit 1`,
  );
  return row?.plan_id ?? null;
}

/** The steps of a revision with the plans linked to them, in the recipe's order. */
export async function stepPlanLinks(tx: TDb, companyId: string, revisionId: string) {
  return queryRows<{ step_id: string; title: string; plan_id: string }>(
    tx,
    sql`select s.id as step_id, s.title, k.plan_id
          from assembly_steps s
          join assembly_step_checks k on k.company_id = s.company_id and k.step_id = s.id
         where s.company_id = ${companyId} and s.revision_id = ${revisionId}
         order by s.position, k.position`,
  );
}
