// Queries of the plans a recipe's steps are inspected with (assembly_step_checks, decisions 070 and 071), inside the
// tenant's transaction; company_id in every where. Used by QC Setup's route and by Assembly Setup's draft copy and
// save (a new draft takes its released revision's links; a step left out of a save goes with its links).
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
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
