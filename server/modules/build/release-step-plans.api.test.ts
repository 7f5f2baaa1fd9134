// Releasing an assembly revision whose required step inspection has no released version is refused (decision 077),
// on both databases: the 409 names each such step and plan, in the recipe's order, and the revision stays a draft
// (nothing audited). An optional plan, a plan Quality switched off and a plan with a released version hold nothing:
// once the last required one has a version (or is made optional), the revision is released.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILD_MESSAGES as M } from '#common/schemas/build.ts';
import { createTestApp, type TTestApp } from '../../../tests/setup/test-app.ts';
import { client } from '../../../tests/setup/work-orders-shop.ts';
import { auditEntries } from '../audit/audit.tables.ts';

let t: TTestApp;
let admin: ReturnType<typeof client>;
let assemblyId: string;
let draftId: string;
let steps: { id: string }[];
const plans: Record<string, { id: string; draftVersionId: string }> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = client(
    t,
    await t.signIn({ email: 'ada@release-qc.example', role: 'admin', companyName: 'Release QC' }),
  );
  const top = (await admin.ok('POST', '/api/v1/items', { partNumber: 'PUMP', name: 'Pump' }, 201)).id;
  const part = (await admin.ok('POST', '/api/v1/items', { partNumber: 'SEAL', name: 'Seal' }, 201)).id;
  const made = await admin.ok('POST', '/api/v1/assemblies', { itemId: top }, 201);
  assemblyId = made.id;
  draftId = made.draftRevisionId;
  steps = (
    await admin.ok('PUT', `/api/v1/assembly-revisions/${draftId}`, {
      lines: [{ componentItemId: part, quantity: '1', step: 1 }],
      steps: [{ title: 'Fasten' }, { title: 'Leak check' }],
    })
  ).steps;
  for (const name of ['Torque', 'Visual', 'Leak test', 'Spare', 'Retired']) {
    const plan = await admin.ok(
      'POST',
      '/api/v1/inspection-plans',
      { itemId: top, stage: 'step', name },
      201,
    );
    plans[name] = { id: plan.id, draftVersionId: plan.draftVersionId };
  }
  await releaseVersion('Visual');
  // Switched off by Quality: the floor does not wait for it (decision 076), nor does the release.
  await admin.ok('PUT', `/api/v1/inspection-plans/${plans.Retired!.id}`, { name: 'Retired', active: false });
  await admin.ok('PUT', `/api/v1/assembly-steps/${steps[0]!.id}/checks`, {
    checks: [
      { planId: plans.Torque!.id },
      { planId: plans.Visual!.id },
      { planId: plans.Spare!.id, required: false },
    ],
  });
  await admin.ok('PUT', `/api/v1/assembly-steps/${steps[1]!.id}/checks`, {
    checks: [{ planId: plans['Leak test']!.id }, { planId: plans.Retired!.id }],
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** QC Setup releases the plan's draft with one pass/fail check. */
async function releaseVersion(name: string) {
  const versionId = plans[name]!.draftVersionId;
  await admin.ok('PUT', `/api/v1/inspection-plan-versions/${versionId}`, {
    sampling: 'all',
    checks: [{ kind: 'pass_fail', name: `${name} looks right` }],
  });
  await admin.ok('POST', `/api/v1/inspection-plan-versions/${versionId}/release`);
}

/** The release refused with `message`; the revision still a draft and no release audited. */
async function refused(message: string) {
  const response = await admin.send('POST', `/api/v1/assembly-revisions/${draftId}/release`);
  expect(response.statusCode, response.body).toBe(409);
  expect(response.json().error).toMatchObject({ code: 'CONFLICT', message });
  expect((await admin.ok('GET', `/api/v1/assembly-revisions/${draftId}`)).status).toBe('draft');
  const released = await t.database.db
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.entityId, assemblyId), eq(auditEntries.action, 'released')));
  expect(released).toEqual([]);
}

describe('releasing a revision with required step inspections', () => {
  it('is refused naming each required plan with no released version, step by step', async () => {
    await refused(
      M.unreleasedStepPlans([
        M.unreleasedStepPlan(1, 'Fasten', 'Torque'),
        M.unreleasedStepPlan(2, 'Leak check', 'Leak test'),
      ]),
    );
    expect(M.unreleasedStepPlans([M.unreleasedStepPlan(1, 'Fasten', 'Torque')])).toBe(
      'A required inspection has no released version: Step 1 Fasten: inspection “Torque”. Release a version in QC Setup, or make the inspection not required, then release the revision.',
    );
  });

  it('names only what is left once a plan has a released version', async () => {
    await releaseVersion('Torque');
    await refused(M.unreleasedStepPlans([M.unreleasedStepPlan(2, 'Leak check', 'Leak test')]));
  });

  it('is released once the last one is made optional', async () => {
    await admin.ok('PUT', `/api/v1/assembly-steps/${steps[1]!.id}/checks`, {
      checks: [{ planId: plans['Leak test']!.id, required: false }, { planId: plans.Retired!.id }],
    });
    const released = await admin.ok('POST', `/api/v1/assembly-revisions/${draftId}/release`);
    expect(released).toMatchObject({ id: draftId, status: 'released' });
  });
});
