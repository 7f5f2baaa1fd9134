// A step's inspections on the floor (decision 076): the floor view lists each step's plans in place with where they
// stand for the work order; a required plan not passed refuses the step's finish and the work order's completion
// with a 409 naming it (and each open check in `details`), changing nothing; a passed inspection lets both through.
// A plan switched off no longer blocks; one without a released version still does, and says so.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZChecksOpenDetailsSchema } from '#common/schemas/floor-checks.ts';
import {
  inspection,
  linkPlan,
  qualityShopOf,
  releaseVersion,
  stepPlan,
  type TQualityShop,
} from '../../../tests/setup/floor-quality-shop.ts';
import { createTestApp, type TTestApp } from '../../../tests/setup/test-app.ts';
import { client } from '../../../tests/setup/work-orders-shop.ts';

let t: TTestApp;
let admin: ReturnType<typeof client>;
let shop: TQualityShop;
const plans = {} as Record<'torque' | 'visual' | 'leak', { planId: string; versionId: string | null }>;

const wo = (id: string, rest = '') => `/api/v1/work-orders/${id}${rest}`;
const qi = (n: number) => `QI-${String(n).padStart(6, '0')}`;

beforeAll(async () => {
  t = await createTestApp();
  const cookie = await t.signIn({ email: 'ada@checks.example', role: 'admin', companyName: 'Checked Works' });
  admin = client(t, cookie);
  shop = await qualityShopOf(t, cookie, 'Q', async (draft) => {
    plans.torque = await stepPlan(t, draft.companyId, draft.itemId, 'Torque check');
    plans.visual = await stepPlan(t, draft.companyId, draft.itemId, 'Visual');
    plans.leak = await stepPlan(t, draft.companyId, draft.itemId, 'Leak test', false);
    // Switched off while the recipe is released (a required plan with nothing released refuses the release,
    // decision 077) and on again after, before a version is released: the floor's case of nothing to inspect with.
    await planActive(draft.companyId, plans.leak.planId, false);
    await linkPlan(t, draft, draft.steps.torque, plans.torque.planId, 1, true);
    await linkPlan(t, draft, draft.steps.torque, plans.visual.planId, 2, false);
    await linkPlan(t, draft, draft.steps.seal, plans.leak.planId, 1, true);
  });
  await planActive(shop.companyId, plans.leak.planId, true);
});
afterAll(async () => {
  await t?.close();
});

/** Quality switches the plan on or off, as QC Setup's PUT would. */
async function planActive(companyId: string, planId: string, active: boolean) {
  await t.database.db.execute(
    sql`update inspection_plans set active = ${active} where company_id = ${companyId} and id = ${planId}`,
  );
}

/** Sends a step's finish, expects the 409 naming the open checks, and the floor as it was. */
async function finishRefused(id: string, stepId: string) {
  const before = await admin.ok('GET', wo(id, '/floor'));
  const response = await admin.send('POST', wo(id, `/steps/${stepId}/finish`), { goodQuantity: '1' });
  expect(response.statusCode, response.body).toBe(409);
  expect(await admin.ok('GET', wo(id, '/floor'))).toEqual(before);
  const { error } = response.json();
  expect(error.code).toBe('CONFLICT');
  return { message: error.message as string, details: ZChecksOpenDetailsSchema.parse(error.details) };
}

describe('a step with a required plan', () => {
  let id: string;

  it('shows its plans in place, in the recipe’s order, none started', async () => {
    id = await shop.released('1');
    await admin.ok('POST', wo(id, `/steps/${shop.steps.torque}/start`));
    const floor = await admin.ok('GET', wo(id, '/floor'));
    expect(floor.steps[0].checks).toEqual([
      {
        planId: plans.torque.planId,
        name: 'Torque check',
        required: true,
        active: true,
        released: true,
        state: 'not_started',
        inspection: null,
        blocking: true,
      },
      expect.objectContaining({ name: 'Visual', required: false, state: 'not_started', blocking: false }),
    ]);
    expect(floor.steps[1].checks).toEqual([
      expect.objectContaining({ name: 'Leak test', required: true, released: false, blocking: true }),
    ]);
  });

  it('cannot be finished while it is not inspected, and the refusal names the check', async () => {
    const { message, details } = await finishRefused(id, shop.steps.torque);
    expect(message).toBe(
      'This step’s required inspection is not passed: Step 1 Torque: inspection “Torque check” not passed (not started). Inspect, then finish the step.',
    );
    expect(details.checks).toEqual([
      {
        stepId: shop.steps.torque,
        stepPosition: 1,
        stepTitle: 'Torque',
        planId: plans.torque.planId,
        planName: 'Torque check',
        state: 'not_started',
        inspectionNumberText: null,
        why: 'not started',
      },
    ]);
  });

  it('says which inspection is open or failed, and the floor shows it', async () => {
    const at = {
      workOrderId: id,
      stepId: shop.steps.torque,
      planId: plans.torque.planId,
      versionId: plans.torque.versionId!,
    };
    const open = await inspection(t, shop, at, 'open');
    expect((await finishRefused(id, shop.steps.torque)).message).toContain(`(${qi(open)} still open)`);
    await t.database.db.execute(
      sql`update inspections set status = 'failed', finished_at = now(), finished_by = 'QA'
           where company_id = ${shop.companyId} and number = ${open}`,
    );
    const refused = await finishRefused(id, shop.steps.torque);
    expect(refused.message).toContain(
      `Step 1 Torque: inspection “Torque check” not passed (${qi(open)} failed)`,
    );
    expect(refused.details.checks[0]).toMatchObject({ state: 'failed', inspectionNumberText: qi(open) });
    const floor = await admin.ok('GET', wo(id, '/floor'));
    expect(floor.steps[0].checks[0]).toMatchObject({
      state: 'failed',
      inspection: { number: open, numberText: qi(open) },
      blocking: true,
    });
  });

  it('is finished once an inspection of the plan passed; the optional plan never held it', async () => {
    const at = {
      workOrderId: id,
      stepId: shop.steps.torque,
      planId: plans.torque.planId,
      versionId: plans.torque.versionId!,
    };
    const passed = await inspection(t, shop, at, 'passed');
    const floor = await admin.ok('POST', wo(id, `/steps/${shop.steps.torque}/finish`), { goodQuantity: '1' });
    expect(floor.steps[0].run.status).toBe('finished');
    expect(floor.steps[0].checks[0]).toMatchObject({
      state: 'passed',
      inspection: { numberText: qi(passed) },
      blocking: false,
    });
    expect(floor.steps[0].checks[1]).toMatchObject({ name: 'Visual', state: 'not_started', blocking: false });
  });

  it('with a plan that has no released version, is refused saying so; released and passed, it goes', async () => {
    await admin.ok('POST', wo(id, `/steps/${shop.steps.seal}/start`));
    expect((await finishRefused(id, shop.steps.seal)).message).toContain(
      'Step 2 Seal: inspection “Leak test” not passed (the plan has no released version yet)',
    );
    plans.leak.versionId = await releaseVersion(t, shop.companyId, plans.leak.planId);
    const at = {
      workOrderId: id,
      stepId: shop.steps.seal,
      planId: plans.leak.planId,
      versionId: plans.leak.versionId,
    };
    await inspection(t, shop, at, 'passed');
    await admin.ok('POST', wo(id, `/steps/${shop.steps.seal}/finish`), { goodQuantity: '1' });
  });

  it('an inspection of another work order or step does not count', async () => {
    const other = await shop.released('1');
    await admin.ok('POST', wo(other, `/steps/${shop.steps.torque}/start`));
    // The first work order's torque passed, and this one's seal step has a passed torque inspection: neither is it.
    await inspection(
      t,
      shop,
      {
        workOrderId: other,
        stepId: shop.steps.seal,
        planId: plans.torque.planId,
        versionId: plans.torque.versionId!,
      },
      'passed',
    );
    expect((await finishRefused(other, shop.steps.torque)).details.checks).toHaveLength(1);
  });
});

describe('completion', () => {
  it('is refused while a required check of any step is not passed, naming it; passed, it completes', async () => {
    const id = await shop.released('1');
    const torque = {
      workOrderId: id,
      stepId: shop.steps.torque,
      planId: plans.torque.planId,
      versionId: plans.torque.versionId!,
    };
    await admin.ok('POST', wo(id, `/steps/${shop.steps.torque}/start`));
    await inspection(t, shop, torque, 'passed');
    await admin.ok('POST', wo(id, `/steps/${shop.steps.torque}/finish`), { goodQuantity: '1' });
    // Quality switches the leak test off while the seal step runs: it no longer blocks the finish…
    const active = (on: boolean) =>
      t.database.db.execute(
        sql`update inspection_plans set active = ${on} where company_id = ${shop.companyId} and id = ${plans.leak.planId}`,
      );
    await active(false);
    await admin.ok('POST', wo(id, `/steps/${shop.steps.seal}/start`));
    await admin.ok('POST', wo(id, `/steps/${shop.steps.seal}/finish`), { goodQuantity: '1' });
    await admin.ok('POST', wo(id, '/outputs'), { idempotencyKey: randomUUID(), goodQuantity: '1' }, 201);
    // …and switched on again before completion, it does.
    await active(true);
    const before = await admin.ok('GET', wo(id, '/floor'));
    const response = await admin.send('POST', wo(id, '/complete'));
    expect(response.statusCode, response.body).toBe(409);
    const { error } = response.json();
    expect(error.message).toBe(
      'A required inspection is not passed: Step 2 Seal: inspection “Leak test” not passed (not started). Inspect it on the step, then complete.',
    );
    expect(error.fieldErrors).toEqual({ status: error.message });
    expect(ZChecksOpenDetailsSchema.parse(error.details).checks.map((c) => c.planName)).toEqual([
      'Leak test',
    ]);
    expect(await admin.ok('GET', wo(id, '/floor'))).toEqual(before);

    const seal = {
      workOrderId: id,
      stepId: shop.steps.seal,
      planId: plans.leak.planId,
      versionId: plans.leak.versionId!,
    };
    await inspection(t, shop, seal, 'passed');
    const done = await admin.ok('POST', wo(id, '/complete'));
    expect(done.status).toBe('completed');
    expect(done.steps[1].checks[0]).toMatchObject({ name: 'Leak test', state: 'passed', blocking: false });
  });
});
