// Quality on the build floor (issue 30, decision 076) on a 390 px phone: a valve's recipe inspects its Torque step
// with a required plan (set up through QC Setup's and Assembly Setup's API). On the floor the step lists the plan in
// place, "Not started"; finishing the step is refused naming it; Inspect opens QC Instructions on this work order,
// step and plan, the inspection passes, and back on the floor the plan reads Passed with its number and the step
// finishes. The Seal step's Leak test, switched off while the step ran and on again, refuses the completion naming
// it. QC Instructions' "Back to the floor" after a finish opens the floor at the step the inspection came from, also
// a step ahead of the one under way. axe finds nothing serious on the floor with its inspections.
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import { signUpCompany } from './support/session.ts';
import { visitorAddress } from './support/visitor.ts';

test.describe.configure({ timeout: 150_000 });
test.use({ viewport: { width: 390, height: 844 } });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(76) });
});

async function send(page: Page, method: 'POST' | 'PUT', url: string, data: object = {}) {
  const response = await page.request.fetch(url, { method, data });
  expect(response.ok(), `${method} ${url}: ${await response.text()}`).toBe(true);
  return response.json();
}

/** A released step plan of `itemId` named `name`, with one pass/fail check. */
async function stepPlan(page: Page, itemId: string, name: string) {
  const plan = await send(page, 'POST', '/api/v1/inspection-plans', { itemId, stage: 'step', name });
  await send(page, 'PUT', `/api/v1/inspection-plan-versions/${plan.draftVersionId}`, {
    sampling: 'all',
    checks: [{ kind: 'pass_fail', name: 'Looks right', instructions: 'As the drawing shows.' }],
  });
  await send(page, 'POST', `/api/v1/inspection-plan-versions/${plan.draftVersionId}/release`);
  return plan.id as string;
}

/** The valve of one part in two steps (Torque, Seal), each inspected with a required plan; a work order of 1. */
async function setUp(page: Page) {
  const site = await send(page, 'POST', '/api/v1/locations', { kind: 'site', code: 'MAIN', name: 'Main' });
  const bin = await send(page, 'POST', '/api/v1/locations', {
    kind: 'bin',
    parentId: site.id,
    code: 'BIN',
    name: 'Bin',
  });
  const item = async (partNumber: string, name: string) =>
    (await send(page, 'POST', '/api/v1/items', { partNumber, name, unitCost: '1', lotTracked: false }))
      .id as string;
  const body = await item('BODY', 'Valve body');
  const valve = await item('VALVE', 'Ball valve');
  await send(page, 'POST', '/api/v1/stock/transactions', {
    idempotencyKey: crypto.randomUUID(),
    kind: 'receive',
    lines: [{ itemId: body, locationId: bin.id, quantity: '5' }],
  });
  const assembly = await send(page, 'POST', '/api/v1/assemblies', { itemId: valve });
  const saved = await send(page, 'PUT', `/api/v1/assembly-revisions/${assembly.draftRevisionId}`, {
    lines: [{ componentItemId: body, quantity: '1', scrapPercent: '0', step: 1 }],
    steps: [
      { title: 'Torque', instructions: 'Torque the bonnet to **25 Nm**.', runMinutes: '2' },
      { title: 'Seal', instructions: 'Fit the seal.', runMinutes: '1' },
    ],
  });
  const [torque, seal] = saved.steps.map((s: { id: string }) => s.id);
  const torquePlan = await stepPlan(page, valve, 'Torque check');
  const leakPlan = await stepPlan(page, valve, 'Leak test');
  await send(page, 'PUT', `/api/v1/assembly-steps/${torque}/checks`, {
    checks: [{ planId: torquePlan, required: true }],
  });
  await send(page, 'PUT', `/api/v1/assembly-steps/${seal}/checks`, {
    checks: [{ planId: leakPlan, required: true }],
  });
  await send(page, 'POST', `/api/v1/assembly-revisions/${assembly.draftRevisionId}/release`);
  const workOrder = await send(page, 'POST', '/api/v1/work-orders', {
    assemblyId: assembly.id,
    quantity: '1',
    outputLocationId: bin.id,
  });
  await send(page, 'POST', `/api/v1/work-orders/${workOrder.id}/status`, { status: 'released' });
  return { workOrderId: workOrder.id as string, torque: torque as string, torquePlan, leakPlan };
}

/** On QC Instructions: the one unit's one check passes and the inspection is finished, passed. */
async function passInspection(page: Page) {
  await page
    .getByRole('region', { name: 'Looks right, unit 1' })
    .getByRole('button', { name: 'Pass' })
    .click();
  await page.getByRole('button', { name: 'Finish inspection' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Passed' }).first()).toBeVisible();
}

async function finishStep(page: Page) {
  await page.getByRole('button', { name: 'Finish…' }).click();
  const form = page.getByRole('form', { name: 'Finish the step' });
  await form.getByRole('textbox', { name: 'Good' }).fill('1');
  await form.getByRole('button', { name: 'Finish step' }).click();
  return form;
}

test('a required inspection holds the step and the completion, naming it, until it passes', async ({
  page,
}) => {
  await signUpCompany(page, 'floorchecks');
  const { workOrderId, torque, torquePlan, leakPlan } = await setUp(page);

  await page.goto(`/build/work-order?id=${workOrderId}&view=floor`);
  await page.getByRole('button', { name: 'Decline' }).click();
  await page.getByRole('button', { name: 'Start' }).click();
  const inspections = page.getByRole('region', { name: 'Inspections' });
  const check = inspections.getByRole('listitem', { name: 'Torque check' });
  await expect(check).toContainText('Required before the step is finished');
  await expect(check).toContainText('Not started');
  await expect(inspections).toContainText('Finishing this step waits for “Torque check” to pass.');
  const inspect = check.getByRole('link', { name: 'Inspect: Torque check' });
  await expect(inspect).toHaveAttribute(
    'href',
    `/quality/qc-display?workOrder=${workOrderId}&step=${torque}&plan=${torquePlan}`,
  );
  await expectAccessible(page, 'a step with its inspections on a phone');

  // Finishing before the inspection: refused, naming it, and the step still runs.
  const form = await finishStep(page);
  await expect(form.getByRole('alert')).toHaveText(
    'This step’s required inspection is not passed: Step 1 Torque: inspection “Torque check” not passed (not started). Inspect, then finish the step.',
  );
  await expect(page.getByText('Running', { exact: true })).toBeVisible();

  // Inspect: QC Instructions on this step's plan; the one unit passes.
  await inspect.click();
  await expect(page).toHaveURL(/\/quality\/qc-display\?inspection=/);
  await expect(page.getByRole('heading', { name: 'QI-000001', level: 1 })).toBeVisible();
  await passInspection(page);

  // Back on the floor by QC Instructions' link, at the step: the plan has passed, and the step finishes.
  await page.getByRole('link', { name: 'Back to the floor: WO 1, step Torque' }).click();
  await expect(page.getByRole('heading', { name: 'Step 1 of 2: Torque', level: 2 })).toBeVisible();
  await expect(check).toContainText('Passed');
  await expect(check.getByRole('link', { name: 'QI-000001' })).toBeVisible();
  await expect(check.getByRole('link', { name: /^Inspect/ })).toHaveCount(0);
  await finishStep(page);
  await expect(page.getByRole('heading', { name: 'Step 2 of 2: Seal', level: 2 })).toBeVisible();

  // Quality switches the leak test off while the seal step runs, and on again after: completion names it.
  await page.getByRole('button', { name: 'Start' }).click();
  await send(page, 'PUT', `/api/v1/inspection-plans/${leakPlan}`, { name: 'Leak test', active: false });
  await page.reload();
  await expect(page.getByRole('listitem', { name: 'Leak test' })).toContainText('Switched off by Quality');
  await finishStep(page);
  await expect(page.getByText('Finished', { exact: true })).toBeVisible();
  await send(page, 'PUT', `/api/v1/inspection-plans/${leakPlan}`, { name: 'Leak test', active: true });
  const output = page.getByRole('region', { name: 'Output' });
  await output.getByRole('button', { name: 'Record output' }).click();
  await expect(output.getByRole('status')).toContainText('Output recorded');
  await output.getByRole('button', { name: 'Complete work order' }).click();
  await expect(output.getByRole('alert')).toHaveText(
    'A required inspection is not passed: Step 2 Seal: inspection “Leak test” not passed (not started). Inspect it on the step, then complete.',
  );
  await expect(page.getByText('In progress', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('after an inspection of a step ahead, the way back opens the floor at that step', async ({ page }) => {
  await signUpCompany(page, 'floorreturn');
  const { workOrderId } = await setUp(page);

  // The operator looks ahead to the Seal step (the Torque step is still the one to do) and inspects its leak test.
  await page.goto(`/build/work-order?id=${workOrderId}&view=floor`);
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByRole('heading', { name: 'Step 1 of 2: Torque', level: 2 })).toBeVisible();
  await page.getByRole('button', { name: 'Next step' }).click();
  await page.getByRole('link', { name: 'Inspect: Leak test' }).click();
  await expect(page.getByRole('heading', { name: 'QI-000001', level: 1 })).toBeVisible();
  // While it is open there is no way back yet: the inspection is the work at hand.
  await expect(page.getByRole('link', { name: /^Back to the floor/ })).toHaveCount(0);
  await passInspection(page);
  await expectAccessible(page, 'a finished step inspection with its way back');

  // Back on the floor at the Seal step, not the Torque step the floor would open at, its plan passed.
  await page.getByRole('link', { name: 'Back to the floor: WO 1, step Seal' }).click();
  await expect(page).toHaveURL(/view=floor&step=/);
  await expect(page.getByRole('heading', { name: 'Step 2 of 2: Seal', level: 2 })).toBeVisible();
  const leak = page.getByRole('region', { name: 'Inspections' }).getByRole('listitem', { name: 'Leak test' });
  await expect(leak).toContainText('Passed');
  await expect(leak.getByRole('link', { name: 'QI-000001' })).toBeVisible();
  // Previous still leads to the step before.
  await page.getByRole('button', { name: 'Previous step' }).click();
  await expect(page.getByRole('heading', { name: 'Step 1 of 2: Torque', level: 2 })).toBeVisible();
});
