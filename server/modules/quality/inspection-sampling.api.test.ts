// Inspections' samples and verdicts (decisions 069, 070, 072) on both databases: an AQL plan samples as MIL-STD-105E
// says for the lot's size and copies Ac/Re; a supplier's lots go to tightened inspection after two of five are
// rejected (another supplier's lots stay normal); a unit failing a non-critical check within Ac passes the lot, a
// critical one fails it whatever Ac says; two inspectors starting at once meet one row and the counter stays gap-free;
// a work order's step is inspected with its recipe's step plan on the work order's quantity, and its output with the
// item's final plan.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplingPlan } from '#common/quality/sampling.ts';
import { countOf, inspectionShopOf, inspectorOf } from '../../../tests/setup/inspection-shop.ts';
import { createTestApp, type TTestApp } from '../../../tests/setup/test-app.ts';
import { client } from '../../../tests/setup/work-orders-shop.ts';
import { planFixture, stepInspectionFixture } from './inspection-fixtures.ts';
import { inspections } from './inspections.tables.ts';

let t: TTestApp;
let shop: Awaited<ReturnType<typeof inspectionShopOf>>;
let admin: ReturnType<typeof inspectorOf>;
let code: string;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn({ email: 'ada@sampling.example', role: 'admin', companyName: 'Sampling Works' });
  admin = inspectorOf(t, cookie);
  shop = await inspectionShopOf(t, cookie, 'S');
  code = await shop.defectCode('DEF');
});
afterAll(async () => {
  await t?.close();
});

/** The defective units and defects an inspection's row holds (null while it is open). */
async function storedCounts(id: string) {
  const [row] = await t.database.db
    .select({ defectiveUnits: inspections.defectiveUnits, defects: inspections.defects })
    .from(inspections)
    .where(eq(inspections.id, id));
  return row;
}

describe('acceptance sampling', () => {
  let item: string;
  beforeAll(async () => {
    item = await shop.item('AQL');
    await planFixture(t.database.db, shop.companyId, {
      itemId: item,
      stage: 'receipt',
      name: 'AQL incoming',
      sampling: 'aql',
      inspectionLevel: 'II',
      aql: '6.5',
      checks: [
        { kind: 'pass_fail', name: 'Cosmetic' },
        { kind: 'pass_fail', name: 'Crack', critical: true },
      ],
    });
  });

  it('samples a lot as the standard says and copies Ac/Re; a failure within Ac passes, a critical one fails', async () => {
    const expected = samplingPlan({ lotSize: 50, level: 'II', aql: '6.5', severity: 'normal' });
    expect(expected.accept).toBeGreaterThanOrEqual(1);
    const withinAc = await shop.receive(item, '50', 'AQ-1');
    const id1: string = withinAc.heldForInspection[0].inspectionId;
    expect(await admin.get(id1)).toMatchObject({
      sampling: 'aql',
      severity: 'normal',
      sampleSize: expected.sampleSize,
      acceptNumber: expected.accept,
      rejectNumber: expected.reject,
    });
    await admin.recordAll(id1, code, { 0: [1] });
    const passed = await admin.finish(id1);
    expect(passed.json()).toMatchObject({
      status: 'passed',
      progress: { defectiveUnits: 1, criticalFailed: false },
    });
    expect((await shop.lot('AQ-1')).onHold).toBe(false);

    const critical = await shop.receive(item, '50', 'AQ-2');
    const id2: string = critical.heldForInspection[0].inspectionId;
    // Unit 2 fails both checks: one defective unit, two defects.
    await admin.recordAll(id2, code, { 0: [2], 1: [2] });
    expect(await storedCounts(id2)).toEqual({ defectiveUnits: null, defects: null });
    const failed = await admin.finish(id2);
    expect(failed.json()).toMatchObject({
      status: 'failed',
      progress: { defectiveUnits: 1, criticalFailed: true },
    });
    expect((await shop.lot('AQ-2')).onHold).toBe(true);
    // The finish stores the counts the dashboard sums (migration 0050) on the row, with the verdict.
    expect(await storedCounts(id1)).toEqual({ defectiveUnits: 1, defects: 1 });
    expect(await storedCounts(id2)).toEqual({ defectiveUnits: 1, defects: 2 });
  });

  it("switches a supplier's lots to tightened after two of five are rejected; another supplier's stay normal", async () => {
    const acme = await shop.supplier('ACME');
    const other = await shop.supplier('OTHER');
    const reject = async (lotNumber: string) => {
      const posted = await shop.receive(item, '20', lotNumber, acme);
      const id: string = posted.heldForInspection[0].inspectionId;
      expect((await admin.get(id)).severity).toBe('normal');
      await admin.recordAll(id, code, { 1: [1] });
      expect((await admin.finish(id)).json().status).toBe('failed');
    };
    await reject('AC-1');
    await reject('AC-2');
    const third = await shop.receive(item, '20', 'AC-3', acme);
    const tightened = await admin.get(third.heldForInspection[0].inspectionId);
    const plan = samplingPlan({ lotSize: 20, level: 'II', aql: '6.5', severity: 'tightened' });
    expect(tightened).toMatchObject({
      severity: 'tightened',
      supplierName: 'Supplier ACME',
      sampleSize: plan.sampleSize,
      acceptNumber: plan.accept,
      rejectNumber: plan.reject,
    });
    const fromOther = await shop.receive(item, '20', 'OT-1', other);
    expect((await admin.get(fromOther.heldForInspection[0].inspectionId)).severity).toBe('normal');
  });
});

describe('a lot inspected again', () => {
  let item: string;
  beforeAll(async () => {
    item = await shop.item('RES');
    await planFixture(t.database.db, shop.companyId, {
      itemId: item,
      stage: 'receipt',
      name: 'Resubmission incoming',
      sampling: 'aql',
      inspectionLevel: 'II',
      aql: '6.5',
      checks: [
        { kind: 'pass_fail', name: 'Cosmetic' },
        { kind: 'pass_fail', name: 'Crack', critical: true },
      ],
    });
  });

  it('is asked for, never started by a link followed twice, and counts once in the switching rules', async () => {
    const supplier = await shop.supplier('RESUB');
    const posted = await shop.receive(item, '20', 'RS-1', supplier);
    const first: string = posted.heldForInspection[0].inspectionId;
    await admin.recordAll(first, code, { 1: [1] });
    expect((await admin.finish(first)).json().status).toBe('failed');
    const lotId = (await shop.lot('RS-1')).id;
    const before = await countOf(t, 'inspections', shop.companyId);

    const asked = await admin.start({ lotId });
    expect(asked.statusCode).toBe(409);
    expect(asked.json().error.fieldErrors.again).toMatch(
      /^Lot RS-1 was inspected already: QI-\d+ failed\. Inspect it again only if it comes back/,
    );
    expect(await countOf(t, 'inspections', shop.companyId)).toBe(before);

    const again = await admin.start({ lotId, again: true });
    expect(again.statusCode).toBe(201);
    const second: string = again.json().id;
    expect(second).not.toBe(first);
    await admin.recordAll(second, code, { 1: [1] });
    expect((await admin.finish(second)).json().status).toBe('failed');
    // One lot rejected, not two of two: the supplier's next lot stays on normal inspection (105E counts original
    // inspection only).
    const next = await shop.receive(item, '20', 'RS-2', supplier);
    expect((await admin.get(next.heldForInspection[0].inspectionId)).severity).toBe('normal');
  });
});

describe('starting', () => {
  it('meets one row when two inspectors start at once, and the numbers stay gap-free', async () => {
    const item = await shop.item('FIN');
    await planFixture(t.database.db, shop.companyId, {
      itemId: item,
      stage: 'final',
      name: 'Final look',
      checks: [{ kind: 'visual', name: 'Looks right' }],
    });
    await shop.receive(item, '3', 'FN-1');
    expect((await shop.lot('FN-1')).onHold).toBe(false);
    const lotId = (await shop.lot('FN-1')).id;
    const before = await countOf(t, 'inspections', shop.companyId);
    const answers = await Promise.all([
      admin.start({ lotId }),
      admin.start({ lotId }),
      admin.start({ lotId }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect(answers[0]!.json()).toMatchObject({ stage: 'final', sampleSize: 3, supplierId: null });
    expect(await countOf(t, 'inspections', shop.companyId)).toBe(before + 1);
    const numbers = (
      await t.database.db.select().from(inspections).where(eq(inspections.companyId, shop.companyId))
    )
      .map((r) => r.number)
      .sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    const plans = await admin.ok('GET', `/api/v1/inspections/plans-in-force?lotId=${lotId}`);
    expect(plans.plans).toEqual([
      expect.objectContaining({
        name: 'Final look',
        stage: 'final',
        openInspectionId: answers[0]!.json().id,
      }),
    ]);
  });

  it("inspects a work order's step with its step plan on the work order's quantity, and its output with the final plan", async () => {
    const ok = client(t, cookie).ok;
    await ok('PATCH', '/api/v1/company/label-config', { enableMaintenanceFeature: true });
    const machineId: string = (
      await ok('POST', '/api/v1/machines', { name: 'Press 7', assetTag: 'SP-7' }, 201)
    ).id;
    const part = await shop.item('PART', false);
    const asm = await shop.item('ASM', false);
    await planFixture(t.database.db, shop.companyId, {
      itemId: asm,
      stage: 'final',
      name: 'Final of ASM',
      sampling: 'fixed',
      sampleCount: 2,
      checks: [{ kind: 'pass_fail', name: 'Works' }],
    });
    const step = await stepInspectionFixture(t.database.db, shop.companyId, ok, {
      itemId: asm,
      componentItemId: part,
      planName: 'Torque',
      quantity: '4',
      machineId,
    });
    const started = await admin.start({ workOrderId: step.workOrderId, stepId: step.stepId });
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json()).toMatchObject({
      stage: 'step',
      planName: 'Torque',
      lotSize: '4',
      sampleSize: 4,
      stepTitle: 'Torque',
      machineId,
      machineName: 'Press 7',
    });
    const output = await admin.start({ workOrderId: step.workOrderId });
    expect(output.json()).toMatchObject({ stage: 'final', stepId: null, sampleSize: 2 });
    const plans = await admin.ok('GET', `/api/v1/inspections/plans-in-force?workOrderId=${step.workOrderId}`);
    expect(plans.plans.map((p: { name: string; stepTitle: string | null }) => [p.name, p.stepTitle])).toEqual(
      [
        ['Torque', 'Torque'],
        ['Final of ASM', null],
      ],
    );
    // A step plan not linked to the step, or a step of no work order, is refused naming the field.
    const finalPlan = output.json().planId;
    const wrong = await admin.start({
      workOrderId: step.workOrderId,
      stepId: step.stepId,
      planId: finalPlan,
    });
    expect(wrong.statusCode, wrong.body).toBe(400);
    expect(Object.keys(wrong.json().error.fieldErrors)).toEqual(['planId']);
    const noWorkOrder = await admin.start({ stepId: step.stepId });
    expect(noWorkOrder.statusCode).toBe(400);
    expect(Object.keys(noWorkOrder.json().error.fieldErrors)).toContain('workOrderId');
  });
});
