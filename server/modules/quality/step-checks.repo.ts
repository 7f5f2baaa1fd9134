// Queries of the plans a recipe's steps are inspected with (assembly_step_checks, decisions 070 and 071), inside the
// tenant's transaction; company_id in every where. Used by QC Setup's route and by Assembly Setup's draft copy and
// save (a new draft takes its released revision's links; a step left out of a save goes with its links).
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { queryRows, type TDb } from '../../db/client.ts';
import { assemblySteps } from '../build/build.tables.ts';
import { assemblyStepChecks, inspectionPlans } from './plans.tables.ts';

export type TStepCheckRow = typeof assemblyStepChecks.$inferSelect;

export async function findStep(tx: TDb, companyId: string, id: string) {
  const [row] = await tx
    .select()
    .from(assemblySteps)
    .where(and(eq(assemblySteps.companyId, companyId), eq(assemblySteps.id, id)))
    .limit(1);
  return row ?? null;
}

/** A revision's step links with their plans, by step then position. */
export async function stepChecksOf(tx: TDb, companyId: string, revisionId: string) {
  return tx
    .select({
      link: assemblyStepChecks,
      plan: inspectionPlans,
      releasedNumber: sql<number | null>`(select max(v.number) from inspection_plan_versions v
        where v.company_id = ${inspectionPlans.companyId} and v.plan_id = ${inspectionPlans.id}
          and v.status = 'released')`,
    })
    .from(assemblyStepChecks)
    .innerJoin(
      inspectionPlans,
      and(
        eq(inspectionPlans.companyId, assemblyStepChecks.companyId),
        eq(inspectionPlans.id, assemblyStepChecks.planId),
      ),
    )
    .where(and(eq(assemblyStepChecks.companyId, companyId), eq(assemblyStepChecks.revisionId, revisionId)))
    .orderBy(asc(assemblyStepChecks.stepId), asc(assemblyStepChecks.position));
}

export async function deleteStepChecks(tx: TDb, companyId: string, stepIds: string[]): Promise<void> {
  if (stepIds.length === 0) return;
  await tx
    .delete(assemblyStepChecks)
    .where(and(eq(assemblyStepChecks.companyId, companyId), inArray(assemblyStepChecks.stepId, stepIds)));
}

export async function insertStepChecks(
  tx: TDb,
  rows: (typeof assemblyStepChecks.$inferInsert)[],
): Promise<void> {
  if (rows.length > 0) await tx.insert(assemblyStepChecks).values(rows);
}

/**
 * A draft copied from `fromRevisionId` takes its step links, each to the new step copied from the old one
 * (`stepIds`: old step id → new). Called by Assembly Setup's openDraft in its transaction.
 */
export async function copyStepChecks(
  tx: TDb,
  companyId: string,
  fromRevisionId: string,
  toRevisionId: string,
  stepIds: Map<string, string>,
  newId: () => string,
): Promise<void> {
  const links = await tx
    .select()
    .from(assemblyStepChecks)
    .where(
      and(eq(assemblyStepChecks.companyId, companyId), eq(assemblyStepChecks.revisionId, fromRevisionId)),
    );
  await insertStepChecks(
    tx,
    links.flatMap((l) => {
      const stepId = stepIds.get(l.stepId);
      return stepId ? [{ ...l, id: newId(), revisionId: toRevisionId, stepId }] : [];
    }),
  );
}

/** Deletes the links of a draft's steps other than `keep` (before the steps themselves go: the key is no cascade). */
export async function deleteStepChecksExcept(
  tx: TDb,
  companyId: string,
  revisionId: string,
  keep: string[],
): Promise<void> {
  const own = and(eq(assemblyStepChecks.companyId, companyId), eq(assemblyStepChecks.revisionId, revisionId));
  await tx
    .delete(assemblyStepChecks)
    .where(keep.length === 0 ? own : and(own, notInArray(assemblyStepChecks.stepId, keep)));
}

/**
 * The revision's required step plans that are switched on but have no released version (decision 077): releasing
 * the revision would put a step on the floor that could never be inspected, so its finish would be refused. A plan
 * Quality switched off is left out, as the floor leaves it out (decision 076).
 */
export async function unreleasedRequiredPlans(tx: TDb, companyId: string, revisionId: string) {
  return queryRows<{ step_position: number; step_title: string; plan_name: string }>(
    tx,
    sql`select s.position as step_position, s.title as step_title, p.name as plan_name
          from assembly_step_checks k
          join assembly_steps s on s.company_id = k.company_id and s.id = k.step_id
          join inspection_plans p on p.company_id = k.company_id and p.id = k.plan_id
         where k.company_id = ${companyId} and k.revision_id = ${revisionId} and k.required and p.active
           and not exists (select 1 from inspection_plan_versions v
                            where v.company_id = p.company_id and v.plan_id = p.id and v.status = 'released')
         order by s.position, k.position`,
  );
}
