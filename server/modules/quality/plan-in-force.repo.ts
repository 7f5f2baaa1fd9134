// Which inspection plan is in force (decision 070): a plan's highest released version with its checks in order, and
// an item's active receipt or final plan that has one. Inspections start from these; receipts hold new lots by them;
// the scan cards offer "Inspect" by them. Inside the caller's transaction; company_id in every where.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { queryRows, type TDb } from '../../db/client.ts';
import { inspectionChecks, inspectionPlans, inspectionPlanVersions } from './plans.tables.ts';

export type TPlanRow = typeof inspectionPlans.$inferSelect;
export type TPlanVersionRow = typeof inspectionPlanVersions.$inferSelect;
export type TCheckRow = typeof inspectionChecks.$inferSelect;

/** A released version and its checks by position. */
export interface TVersionInForce {
  version: TPlanVersionRow;
  checks: TCheckRow[];
}

/** A plan with the version in force. */
export interface TPlanInForce extends TVersionInForce {
  plan: TPlanRow;
}

/** The plan's highest released version and its ordered checks, or null when none was released (or no such plan). */
export async function releasedVersionOf(
  tx: TDb,
  companyId: string,
  planId: string,
): Promise<TVersionInForce | null> {
  const [version] = await tx
    .select()
    .from(inspectionPlanVersions)
    .where(
      and(
        eq(inspectionPlanVersions.companyId, companyId),
        eq(inspectionPlanVersions.planId, planId),
        eq(inspectionPlanVersions.status, 'released'),
      ),
    )
    .orderBy(desc(inspectionPlanVersions.number))
    .limit(1);
  if (!version) return null;
  const checks = await tx
    .select()
    .from(inspectionChecks)
    .where(and(eq(inspectionChecks.companyId, companyId), eq(inspectionChecks.versionId, version.id)))
    .orderBy(asc(inspectionChecks.position));
  return { version, checks };
}

/** The plan with its version in force, or null when the plan is not the company's, is switched off, or has none. */
export async function planInForce(tx: TDb, companyId: string, planId: string): Promise<TPlanInForce | null> {
  const [plan] = await tx
    .select()
    .from(inspectionPlans)
    .where(and(eq(inspectionPlans.companyId, companyId), eq(inspectionPlans.id, planId)))
    .limit(1);
  if (!plan?.active) return null;
  const inForce = await releasedVersionOf(tx, companyId, plan.id);
  return inForce ? { plan, ...inForce } : null;
}

async function stagePlanOf(
  tx: TDb,
  companyId: string,
  itemId: string,
  stage: 'receipt' | 'final',
): Promise<TPlanInForce | null> {
  // One receipt and one final plan per item (inspection_plans_item_stage_key), so at most one row.
  const [plan] = await tx
    .select()
    .from(inspectionPlans)
    .where(
      and(
        eq(inspectionPlans.companyId, companyId),
        eq(inspectionPlans.itemId, itemId),
        eq(inspectionPlans.stage, stage),
        eq(inspectionPlans.active, true),
      ),
    )
    .limit(1);
  if (!plan) return null;
  const inForce = await releasedVersionOf(tx, companyId, plan.id);
  return inForce ? { plan, ...inForce } : null;
}

/** The item's active receipt plan with a released version, or null. */
export function receiptPlanOf(tx: TDb, companyId: string, itemId: string): Promise<TPlanInForce | null> {
  return stagePlanOf(tx, companyId, itemId, 'receipt');
}

/** The item's active final plan with a released version, or null. */
export function finalPlanOf(tx: TDb, companyId: string, itemId: string): Promise<TPlanInForce | null> {
  return stagePlanOf(tx, companyId, itemId, 'final');
}

/** The plan, whatever its state, or null when it is not the company's. */
export async function findPlan(tx: TDb, companyId: string, planId: string): Promise<TPlanRow | null> {
  const [plan] = await tx
    .select()
    .from(inspectionPlans)
    .where(and(eq(inspectionPlans.companyId, companyId), eq(inspectionPlans.id, planId)))
    .limit(1);
  return plan ?? null;
}

/** A version's checks by position (an inspection's checks are its version's, whatever was released since). */
export async function checksOfVersion(tx: TDb, companyId: string, versionId: string): Promise<TCheckRow[]> {
  return tx
    .select()
    .from(inspectionChecks)
    .where(and(eq(inspectionChecks.companyId, companyId), eq(inspectionChecks.versionId, versionId)))
    .orderBy(asc(inspectionChecks.position));
}

/**
 * The company's receipt plans in force (switched on, with a released version): how many, and the first by part number
 * as "RM-BORE (Incoming check)". The company's lot numbers cannot be turned off while there is one (decision 070).
 */
export async function receiptPlansInForce(
  tx: TDb,
  companyId: string,
): Promise<{ count: number; first: string | null }> {
  const rows = await queryRows<{ label: string; count: number }>(
    tx,
    sql`select i.part_number || ' (' || p.name || ')' as label, (count(*) over ())::int as count
          from inspection_plans p
          join items i on i.company_id = p.company_id and i.id = p.item_id
         where p.company_id = ${companyId} and p.stage = 'receipt' and p.active
           and exists (select 1 from inspection_plan_versions v
                        where v.company_id = p.company_id and v.plan_id = p.id and v.status = 'released')
         order by i.part_number
         limit 1`,
  );
  return { count: rows[0]?.count ?? 0, first: rows[0]?.label ?? null };
}
