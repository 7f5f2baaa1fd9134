// A recipe's step plans (decision 071) through the API, on both databases: on a draft revision's step an admin links
// step plans of the assembly's own item, in order, required or not (audited); another item's plan, a receipt or
// final plan, or another company's plan is 404 naming it with nothing changed; a released revision is frozen (409,
// and the trigger refuses a direct insert); Edit's new draft copies the links to the copied steps; a step left out of
// a save goes with its links; operators read but cannot change.
import { eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STEP_CHECK_MESSAGES } from '#common/schemas/step-checks.ts';
import { createTestApp, type TTestApp } from '../../../tests/setup/test-app.ts';
import { client } from '../../../tests/setup/work-orders-shop.ts';
import { auditEntries } from '../audit/audit.tables.ts';
import { assemblyStepChecks } from './plans.tables.ts';

let t: TTestApp;
let admin: ReturnType<typeof client>;
let operator: ReturnType<typeof client>;
let other: ReturnType<typeof client>;
const item: Record<string, string> = {};
const plan: Record<string, string> = {};
let assemblyId: string;
let draftId: string;
let steps: { id: string }[];

const links = async () => t.database.db.select().from(assemblyStepChecks);

beforeAll(async () => {
  t = await createTestApp();
  admin = client(t, await t.signIn({ email: 'ada@steps-qc.example', role: 'admin', companyName: 'Step QC' }));
  operator = client(
    t,
    await t.signIn({ email: 'otto@steps-qc.example', role: 'user', companyName: 'Step QC' }),
  );
  other = client(t, await t.signIn({ email: 'eve@else-qc.example', role: 'admin', companyName: 'Else QC' }));
  for (const key of ['top', 'sub', 'part']) {
    item[key] = (
      await admin.ok('POST', '/api/v1/items', { partNumber: key.toUpperCase(), name: key }, 201)
    ).id;
  }
  const top = await admin.ok('POST', '/api/v1/assemblies', { itemId: item.top }, 201);
  await admin.ok('POST', '/api/v1/assemblies', { itemId: item.sub }, 201);
  assemblyId = top.id;
  draftId = top.draftRevisionId;
  const saved = await admin.ok('PUT', `/api/v1/assembly-revisions/${draftId}`, {
    lines: [{ componentItemId: item.part, quantity: '2', step: 1 }],
    steps: [{ title: 'Fasten' }, { title: 'Test' }],
  });
  steps = saved.steps;
  const made = async (itemId: string, stage: string, name: string, as = admin) =>
    (await as.ok('POST', '/api/v1/inspection-plans', { itemId, stage, name }, 201)).id as string;
  plan.torque = await made(item.top!, 'step', 'Torque');
  plan.leak = await made(item.top!, 'step', 'Leak test');
  plan.final = await made(item.top!, 'final', 'Final');
  plan.subStep = await made(item.sub!, 'step', 'Sub torque');
  const theirItem = (await other.ok('POST', '/api/v1/items', { partNumber: 'THEIRS', name: 'x' }, 201)).id;
  await other.ok('POST', '/api/v1/assemblies', { itemId: theirItem }, 201);
  plan.theirs = await made(theirItem, 'step', 'Their torque', other);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe("a recipe step's inspection plans", () => {
  it("are linked on a draft's step, in order and required or not, audited; everyone reads them", async () => {
    const answer = await admin.ok('PUT', `/api/v1/assembly-steps/${steps[0]!.id}/checks`, {
      checks: [{ planId: plan.leak, required: false }, { planId: plan.torque }],
    });
    expect(answer.steps[0].checks).toMatchObject([
      { planId: plan.leak, name: 'Leak test', position: 1, required: false, releasedNumber: null },
      { planId: plan.torque, name: 'Torque', position: 2, required: true },
    ]);
    expect(answer.steps[1].checks).toEqual([]);
    const read = await operator.ok('GET', `/api/v1/assembly-revisions/${draftId}/step-checks`);
    expect(read).toEqual(answer);
    const [entry] = await t.database.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.action, 'updated'))
      .orderBy(sql`${auditEntries.createdAt} desc`)
      .limit(1);
    expect(entry).toMatchObject({
      entityType: 'assembly',
      entityId: assemblyId,
      after: { revision: 1, step: '1. Fasten', inspections: ['Leak test', 'Torque (required)'] },
    });
  });

  it("refuse another item's plan, a final plan, another company's plan (404 naming it) and operators", async () => {
    const before = await links();
    for (const [i, planId] of [plan.subStep, plan.final, plan.theirs, uuidv7()].entries()) {
      const response = await admin.send('PUT', `/api/v1/assembly-steps/${steps[1]!.id}/checks`, {
        checks: [{ planId: plan.torque }, { planId }],
      });
      expect(response.statusCode, `${i}: ${response.body}`).toBe(404);
      expect(response.json().error.fieldErrors).toEqual({
        'checks.1.planId': STEP_CHECK_MESSAGES.planNotFound,
      });
    }
    const twice = await admin.send('PUT', `/api/v1/assembly-steps/${steps[1]!.id}/checks`, {
      checks: [{ planId: plan.torque }, { planId: plan.torque }],
    });
    expect(twice.statusCode, twice.body).toBe(400);
    expect(twice.json().error.fieldErrors).toEqual({ 'checks.1.planId': STEP_CHECK_MESSAGES.twice });
    const byOperator = await operator.send('PUT', `/api/v1/assembly-steps/${steps[1]!.id}/checks`, {
      checks: [{ planId: plan.torque }],
    });
    expect(byOperator.statusCode, byOperator.body).toBe(403);
    const theirs = await other.send('PUT', `/api/v1/assembly-steps/${steps[1]!.id}/checks`, { checks: [] });
    expect(theirs.statusCode, theirs.body).toBe(404);
    expect(await links()).toEqual(before);
  });

  it('are frozen with the released revision (409 and the trigger) and copied onto the next draft', async () => {
    // The required Torque plan needs a released version before the recipe is released (decision 077).
    const torque = await admin.ok('GET', `/api/v1/inspection-plans/${plan.torque}`);
    await admin.ok('PUT', `/api/v1/inspection-plan-versions/${torque.draftVersionId}`, {
      sampling: 'all',
      checks: [{ kind: 'pass_fail', name: 'Torque mark' }],
    });
    await admin.ok('POST', `/api/v1/inspection-plan-versions/${torque.draftVersionId}/release`);
    await admin.ok('POST', `/api/v1/assembly-revisions/${draftId}/release`);
    const before = await links();
    const frozen = await admin.send('PUT', `/api/v1/assembly-steps/${steps[0]!.id}/checks`, { checks: [] });
    expect(frozen.statusCode, frozen.body).toBe(409);
    expect(frozen.json().error.message).toBe(STEP_CHECK_MESSAGES.released(1));
    const [session] = [(await admin.ok('GET', '/api/v1/session')).user.companyId as string];
    await expect(
      t.database.db.insert(assemblyStepChecks).values({
        id: uuidv7(),
        companyId: session,
        revisionId: draftId,
        stepId: steps[1]!.id,
        planId: plan.torque!,
        position: 1,
      }),
    ).rejects.toThrow();
    await expect(
      t.database.db.execute(sql`delete from assembly_step_checks where revision_id = ${draftId}`),
    ).rejects.toThrow();
    expect(await links()).toEqual(before);
    const next = await admin.ok('POST', `/api/v1/assemblies/${assemblyId}/draft`, undefined, 201);
    const copied = await admin.ok('GET', `/api/v1/assembly-revisions/${next.id}/step-checks`);
    expect(copied.steps[0].stepId).not.toBe(steps[0]!.id);
    expect(
      copied.steps[0].checks.map((c: { name: string; required: boolean }) => [c.name, c.required]),
    ).toEqual([
      ['Leak test', false],
      ['Torque', true],
    ]);
    // A step left out of the save goes, and its links with it; the kept step keeps none it did not have.
    await admin.ok('PUT', `/api/v1/assembly-revisions/${next.id}`, {
      lines: [{ componentItemId: item.part, quantity: '2' }],
      steps: [{ id: next.steps[1].id, title: 'Test' }],
    });
    const after = await admin.ok('GET', `/api/v1/assembly-revisions/${next.id}/step-checks`);
    expect(after.steps).toEqual([{ stepId: next.steps[1].id, checks: [] }]);
    // The released revision keeps its own.
    expect(
      (await admin.ok('GET', `/api/v1/assembly-revisions/${draftId}/step-checks`)).steps[0].checks,
    ).toHaveLength(2);
  });
});
