// Test-only: inspection plans written straight into the database as QC Setup would leave them — a plan, its version
// with checks, released (checks go in while it is a draft: the frozen trigger refuses them after) — and a recipe step
// linked to a step plan before its revision is released. The inspection tests start from these.
import { eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { client } from '../../../tests/setup/work-orders-shop.ts';
import type { TDb } from '../../db/client.ts';
import { assemblySteps } from '../build/build.tables.ts';
import {
  assemblyStepChecks,
  inspectionChecks,
  inspectionPlans,
  inspectionPlanVersions,
} from './plans.tables.ts';

export interface TCheckFixture {
  kind: 'pass_fail' | 'measurement' | 'choice' | 'visual';
  name: string;
  critical?: boolean;
  photoOnFail?: boolean;
  lowerLimit?: string | null;
  upperLimit?: string | null;
  unit?: string;
  readingsPerUnit?: number;
  choices?: string[];
  acceptedChoices?: string[];
}

export interface TPlanFixture {
  itemId: string;
  stage: 'receipt' | 'step' | 'final';
  name: string;
  sampling?: 'all' | 'fixed' | 'aql';
  sampleCount?: number;
  inspectionLevel?: string;
  aql?: string;
  checks: TCheckFixture[];
  /** False: the version stays a draft (no plan in force). */
  released?: boolean;
}

/** Writes a plan with version 1 as described; returns the plan, version and check ids (checks in order). */
export async function planFixture(db: TDb, companyId: string, plan: TPlanFixture) {
  const planId = uuidv7();
  const versionId = uuidv7();
  await db
    .insert(inspectionPlans)
    .values({ id: planId, companyId, itemId: plan.itemId, stage: plan.stage, name: plan.name });
  await db.insert(inspectionPlanVersions).values({
    id: versionId,
    companyId,
    planId,
    number: 1,
    sampling: plan.sampling ?? 'all',
    sampleCount: plan.sampleCount ?? null,
    inspectionLevel: plan.inspectionLevel ?? null,
    aql: plan.aql ?? null,
  });
  const checkIds: string[] = [];
  for (const [index, c] of plan.checks.entries()) {
    const id = uuidv7();
    checkIds.push(id);
    await db.insert(inspectionChecks).values({
      id,
      companyId,
      versionId,
      position: index + 1,
      kind: c.kind,
      name: c.name,
      critical: c.critical ?? false,
      photoOnFail: c.photoOnFail ?? false,
      lowerLimit: c.lowerLimit ?? null,
      upperLimit: c.upperLimit ?? null,
      unit: c.unit ?? '',
      readingsPerUnit: c.readingsPerUnit ?? 1,
      choices: c.choices ?? null,
      acceptedChoices: c.acceptedChoices ?? null,
    });
  }
  if (plan.released !== false) {
    await db.execute(
      sql`update inspection_plan_versions set status = 'released', released_at = now(), released_by = 'QC Setup'
           where id = ${versionId}`,
    );
  }
  return { planId, versionId, checkIds };
}

/** Links the draft revision's first step to `planId` (before the revision is released); returns the step id. */
export async function linkFirstStep(
  db: TDb,
  companyId: string,
  revisionId: string,
  planId: string,
): Promise<string> {
  const [step] = await db
    .select({ id: assemblySteps.id })
    .from(assemblySteps)
    .where(eq(assemblySteps.revisionId, revisionId))
    .orderBy(assemblySteps.position)
    .limit(1);
  await db
    .insert(assemblyStepChecks)
    .values({ id: uuidv7(), companyId, revisionId, stepId: step!.id, planId, position: 1 });
  return step!.id;
}

type TOk = ReturnType<typeof client>['ok'];

/**
 * An assembly of `itemId` (one line of `componentItemId`, one step) whose step is inspected with a step plan of one
 * pass/fail check, released, and a work order of `quantity`: made through the API as an admin would (`ok`), the
 * plan and its link written as QC Setup would. Returns the ids a step inspection needs.
 */
export async function stepInspectionFixture(
  db: TDb,
  companyId: string,
  ok: TOk,
  input: { itemId: string; componentItemId: string; planName: string; quantity: string; machineId?: string },
) {
  const made = await ok('POST', '/api/v1/assemblies', { itemId: input.itemId }, 201);
  const revisionId: string = made.draftRevisionId;
  await ok('PUT', `/api/v1/assembly-revisions/${revisionId}`, {
    lines: [{ componentItemId: input.componentItemId, quantity: '1', scrapPercent: '0' }],
    steps: [
      {
        title: 'Torque',
        instructions: 'Torque the bolts',
        setupMinutes: '0',
        runMinutes: '1',
        ...(input.machineId ? { machineId: input.machineId } : {}),
      },
    ],
  });
  const plan = await planFixture(db, companyId, {
    itemId: input.itemId,
    stage: 'step',
    name: input.planName,
    checks: [{ kind: 'pass_fail', name: 'Torque mark' }],
  });
  const stepId = await linkFirstStep(db, companyId, revisionId, plan.planId);
  await ok('POST', `/api/v1/assembly-revisions/${revisionId}/release`);
  const workOrder = await ok(
    'POST',
    '/api/v1/work-orders',
    { assemblyId: made.id, quantity: input.quantity },
    201,
  );
  return { assemblyId: made.id as string, workOrderId: workOrder.id as string, stepId, plan };
}
