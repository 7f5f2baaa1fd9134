// The demo shop's QC Setup (decisions 068 and 071), made as the admin makes it in QC Setup and Assembly Setup: two
// receipt plans on bought items — an AQL plan (level II, AQL 1.0) for the seal supplier's Viton O-rings and a
// fixed-count plan for the mill's 25 mm bar with a measured diameter (3 readings a unit) and a pass/fail look — and a
// step plan on the wiring harness, linked (required) to the continuity test of a new draft revision before that
// revision is released. The demo's first harness revision was released by the Build seed with its history run on it;
// a released revision is frozen (decision 071), so the plan arrives the way a real shop adds one: revision 2.
import { and, eq } from 'drizzle-orm';
import type { TCheckInput, TVersionSave } from '#common/schemas/inspection-plans.ts';
import { getRevision, openDraft, releaseRevision } from '../../modules/build/assemblies.service.ts';
import { assemblies } from '../../modules/build/build.tables.ts';
import { items } from '../../modules/inventory/inventory.tables.ts';
import { releaseVersion, saveDraft } from '../../modules/quality/plan-versions.service.ts';
import { createPlan, listPlans } from '../../modules/quality/plans.service.ts';
import { saveStepChecks } from '../../modules/quality/step-checks.service.ts';
import type { TTenant } from '../tenant.ts';

/** The bought items the receipt plans inspect, and the harness whose continuity test gets a plan. */
export const DEMO_PLAN_ITEMS = { oring: 'OR-25X2.5-FKM75', bar: 'BAR-1018-D25', harness: 'SA-200' } as const;

/** The bar's diameter as the plan measures it: 25 mm cold-drawn bar, ±0.05 mm. */
export const BAR_DIAMETER = { nominal: 25, lower: 24.95, upper: 25.05 } as const;

const ORING_CHECKS: TCheckInput[] = [
  {
    kind: 'pass_fail',
    name: 'Free of cuts, flash and porosity',
    instructions:
      'Roll each O-ring between the fingers under the bench lamp; look for nicks, flash at the parting line and pin holes.',
  },
];

const BAR_CHECKS: TCheckInput[] = [
  {
    kind: 'measurement',
    name: 'Bar diameter',
    instructions: 'Micrometer at both ends and the middle of each sampled bar.',
    nominal: BAR_DIAMETER.nominal.toFixed(3),
    lowerLimit: BAR_DIAMETER.lower.toFixed(3),
    upperLimit: BAR_DIAMETER.upper.toFixed(3),
    unit: 'mm',
    readingsPerUnit: 3,
  },
  {
    kind: 'pass_fail',
    name: 'Straight, free of seams and rust',
    instructions: 'Roll the bar on the surface plate; look along it for seams, scale and rust.',
  },
];

const HARNESS_CHECKS: TCheckInput[] = [
  {
    kind: 'pass_fail',
    name: 'Every lead rings through, none shorted',
    instructions: 'Ring out each lead end to end and each pair against the others.',
    critical: true,
  },
  {
    kind: 'measurement',
    name: 'Loop resistance',
    instructions: 'Four-wire meter across the longest lead.',
    upperLimit: '0.500',
    unit: 'Ω',
  },
];

/** What the plans seed made: the plans by key (with the checks of their released version 1), or null when kept. */
export interface TDemoPlans {
  oring: TSeededPlan;
  bar: TSeededPlan;
  harness: TSeededPlan & { assemblyId: string; revisionId: string; stepId: string };
}
export interface TSeededPlan {
  id: string;
  itemId: string;
}

/**
 * Makes the three plans (released) and the harness's revision 2 with the step plan required on its continuity test,
 * unless the company has inspection plans already or lacks the demo's items (its catalogue was its own).
 */
export async function seedDemoPlans(admin: TTenant): Promise<TDemoPlans | null> {
  const existing = await listPlans(admin, { page: 1, pageSize: 1, q: '', active: 'all' });
  if (existing.total > 0) return null;
  const ids = await itemIds(admin);
  if (!ids) return null;
  const oring = await releasedPlan(admin, ids.oring, 'receipt', 'Incoming Viton O-rings', {
    sampling: 'aql',
    inspectionLevel: 'II',
    aql: '1.0',
    checks: ORING_CHECKS,
  });
  const bar = await releasedPlan(admin, ids.bar, 'receipt', 'Incoming 25 mm bar', {
    sampling: 'fixed',
    sampleCount: 3,
    checks: BAR_CHECKS,
  });
  const harness = await releasedPlan(admin, ids.harness, 'step', 'Continuity test record', {
    sampling: 'all',
    checks: HARNESS_CHECKS,
  });
  // Revision 2 of the harness: revision 1 copied, the plan required on "Test continuity", then released — new work
  // orders build to it, the history's and today's work keep revision 1.
  const { revision } = await openDraft(admin, ids.harnessAssembly);
  const draft = await getRevision(admin, revision.id);
  const test = draft.steps.find((s) => s.title === 'Test continuity') ?? draft.steps.at(-1)!;
  await saveStepChecks(admin, test.id, { checks: [{ planId: harness.id, required: true }] });
  await releaseRevision(admin, revision.id);
  return {
    oring,
    bar,
    harness: { ...harness, assemblyId: ids.harnessAssembly, revisionId: revision.id, stepId: test.id },
  };
}

async function releasedPlan(
  admin: TTenant,
  itemId: string,
  stage: 'receipt' | 'step',
  name: string,
  version: TVersionSave,
): Promise<TSeededPlan> {
  const plan = await createPlan(admin, { itemId, stage, name });
  await saveDraft(admin, plan.draftVersionId!, version);
  await releaseVersion(admin, plan.draftVersionId!);
  return { id: plan.id, itemId };
}

async function itemIds(admin: TTenant) {
  const { companyId } = admin;
  return admin.run(async (tx) => {
    const byPart = async (partNumber: string) =>
      (
        await tx
          .select({ id: items.id })
          .from(items)
          .where(and(eq(items.companyId, companyId), eq(items.partNumber, partNumber)))
      )[0]?.id;
    const oring = await byPart(DEMO_PLAN_ITEMS.oring);
    const bar = await byPart(DEMO_PLAN_ITEMS.bar);
    const harness = await byPart(DEMO_PLAN_ITEMS.harness);
    if (!oring || !bar || !harness) return null;
    const [assembly] = await tx
      .select({ id: assemblies.id })
      .from(assemblies)
      .where(and(eq(assemblies.companyId, companyId), eq(assemblies.itemId, harness)));
    return assembly ? { oring, bar, harness, harnessAssembly: assembly.id } : null;
  });
}
