// The Quality issue's "Done means" journey (issue 30), end to end through the screens: an admin sets up a receipt
// plan with a measured check on a purchased item in QC Setup; a lot received is held for inspection; the inspector
// walks it on a 390 px phone, confirms one reading out of tolerance and photographs it; the lot stays held and a
// nonconformance is open; issuing the held lot is refused in the server's words; the nonconformance is scrapped (the
// stock goes down) and closed by someone other than its opener; the dashboard's first pass yield, Pareto and control
// chart show it. A build step whose recipe requires an inspection cannot be finished on the floor until the
// inspection passes.
import { expect, type Page, test } from '@playwright/test';
import { pngBytes } from '../fixtures/media.ts';
import { expectAccessible } from './support/axe.ts';
import { inviteUser, logInAs, signUpCompany } from './support/session.ts';
import { post, visitorAddress } from './support/visitor.ts';

test.describe.configure({ timeout: 180_000 });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(73) });
});

/** Picks an option of a Mantine select by clicking the box and the option. */
async function choose(page: Page, box: ReturnType<Page['getByRole']>, option: string) {
  await box.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const card = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test('a lot failing its receipt inspection stays held, opens a nonconformance and shows on the dashboard', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpCompany(page, 'qjourney');
  const colleague = await inviteUser(page, 'user', { firstName: 'Quinn', lastName: 'Checker' });
  await post(page, '/api/v1/locations', { kind: 'site', code: 'DOCK', name: 'Goods in' });
  const item = await post(page, '/api/v1/items', {
    partNumber: 'RM-BORE',
    name: 'Bored housing blank',
    unitCost: '4',
    lotTracked: true,
  });
  await post(page, '/api/v1/defect-codes', {
    code: 'DIM-01',
    name: 'Bore out of tolerance',
    category: 'Dimension',
  });

  // QC Setup: a receipt plan inspecting one unit of each lot, its bore measured, a photo when it fails.
  await page.goto('/quality/item-instructions');
  await page.getByRole('button', { name: 'Decline' }).click();
  await page.getByRole('button', { name: 'Add plan' }).click();
  const add = page.getByRole('form', { name: 'Add an inspection plan' });
  const itemBox = add.getByRole('combobox', { name: 'Item inspected' });
  await itemBox.click();
  await itemBox.fill('RM-BORE');
  await page.getByRole('option', { name: /^RM-BORE ·/ }).click();
  await add.getByRole('textbox', { name: 'Name' }).fill('Incoming bore');
  await add.getByRole('button', { name: 'Add plan' }).click();
  const editor = page.getByRole('form', { name: 'Edit version 1' });
  await choose(page, editor.getByRole('combobox', { name: 'Units inspected' }), 'A fixed number of units');
  await editor.getByRole('textbox', { name: 'Sample size' }).fill('1');
  await editor.getByRole('button', { name: 'Add check' }).click();
  const check = editor.getByRole('group', { name: 'Check 1' });
  await choose(page, check.getByRole('combobox', { name: 'Check 1 kind' }), 'Measurement');
  await check.getByRole('textbox', { name: 'Check 1 name' }).fill('Bore diameter');
  await check.getByRole('textbox', { name: 'Lower limit' }).fill('9.95');
  await check.getByRole('textbox', { name: 'Nominal' }).fill('10');
  await check.getByRole('textbox', { name: 'Upper limit' }).fill('10.05');
  await check.getByRole('textbox', { name: 'Unit', exact: true }).fill('mm');
  await check.getByRole('checkbox', { name: /Photo on failure/ }).check();
  await editor.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Draft version 1 saved')).toBeVisible();
  await editor.getByRole('button', { name: 'Release version 1…' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Release version 1' }).click();
  await expect(page.getByText('Version 1 in force', { exact: true })).toBeVisible();

  // Nothing inspected yet: the dashboard has no figures.
  await page.goto('/quality');
  await expect(card(page, 'First pass yield')).toContainText('No data');

  // On the phone from here: a lot received is held for inspection.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/items?id=${item.id}`);
  await page.getByRole('button', { name: 'Receive', exact: true }).click();
  const receive = page.getByRole('form', { name: 'Receive RM-BORE' });
  await receive.getByRole('combobox', { name: 'Into location' }).fill('DOCK');
  await page.getByRole('option').filter({ hasText: 'DOCK' }).first().click();
  await receive.getByRole('textbox', { name: 'Quantity (ea)' }).fill('4');
  await receive.getByRole('textbox', { name: 'Lot number' }).fill('L-7');
  await receive.getByRole('button', { name: 'Receive' }).click();
  await expect(
    page.getByText(
      'Lot L-7 is on hold for inspection (QI-000001): Awaiting receipt inspection (Incoming bore)',
    ),
  ).toBeVisible();

  // The inspector scans the lot and walks its inspection: the reading is out of tolerance, confirmed, photographed.
  await page.goto('/scan');
  await expect(page.getByRole('heading', { name: 'Scan Items' })).toBeVisible();
  const typed = page.getByRole('form', { name: 'Type a code' });
  await typed.getByRole('textbox', { name: 'Type a code' }).fill('L-7');
  await typed.getByRole('button', { name: 'Find' }).click();
  await page
    .getByRole('article', { name: 'Scan L-7' })
    .getByRole('link', { name: 'Resume inspection' })
    .click();
  await expect(page.getByRole('heading', { name: 'QI-000001', level: 1 })).toBeVisible();
  const bore = page.getByRole('region', { name: 'Bore diameter, unit 1' });
  await bore.getByRole('textbox', { name: 'Measured (mm)' }).fill('10.31');
  await bore.getByRole('button', { name: 'Record' }).click();
  await expect(bore.getByRole('alert')).toContainText('10.31 mm');
  await bore.getByRole('button', { name: 'Confirm' }).click();
  const code = bore.getByRole('combobox', { name: 'Defect code' });
  await code.click();
  await code.fill('DIM');
  await page.getByRole('option', { name: /DIM-01/ }).click();
  await bore.getByRole('textbox', { name: 'Note' }).fill('Oversize all round');
  await bore
    .locator('input[type="file"]')
    .setInputFiles({ name: 'bore.png', mimeType: 'image/png', buffer: pngBytes(2000) });
  await expect(bore.getByRole('img', { name: 'Photo: bore.png' })).toBeVisible();
  await bore.getByRole('button', { name: 'Record failure' }).click();
  await expect(bore).toContainText('(confirmed out of limits)');
  await expectAccessible(page, 'a failed reading on a phone');
  await page.getByRole('button', { name: 'Finish inspection' }).click();
  const verdict = page.getByRole('status', { name: 'Failed' });
  await expect(verdict).toContainText('Lot L-7 stays on hold');
  await expect(verdict.getByRole('link', { name: 'Nonconformance NC-000001 is open' })).toBeVisible();

  // Issuing the held lot is refused, in the server's words; nothing moves.
  await page.goto(`/items?id=${item.id}`);
  await expect(page.getByRole('article').filter({ hasText: '4 ea · lot L-7 · on hold' })).toBeVisible();
  await page.getByRole('button', { name: 'Issue from DOCK lot L-7' }).click();
  const issue = page.getByRole('form', { name: 'Issue RM-BORE' });
  await issue.getByRole('textbox', { name: 'Quantity (ea)' }).fill('1');
  await issue.getByRole('textbox', { name: 'Issued to' }).fill('Line 1');
  await issue.getByRole('button', { name: 'Issue' }).click();
  await expect(issue.getByRole('alert')).toContainText('Lot L-7 of RM-BORE is on hold');
  await expect(issue.getByRole('alert')).toContainText('Nothing was posted.');
  await issue.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByLabel('Total on hand')).toContainText('4 ea');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The nonconformance is dispositioned as scrap by the admin: the stock goes down.
  await page.goto('/quality?tab=nonconformances');
  await page.getByRole('link', { name: 'NC-000001' }).first().click();
  await expect(page.getByRole('heading', { name: 'NC-000001', level: 1 })).toBeVisible();
  // What the inspector found is on the NC's page, where its disposition is decided: reading, code, note and photo.
  const found = page.getByRole('region', { name: 'Failures found by inspection QI-000001 (1)' });
  await expect(found).toContainText('10.31 mm');
  await expect(found).toContainText('DIM-01');
  await expect(found).toContainText('Oversize all round');
  await expect(
    found.getByRole('img', { name: /^Photo of the failure of Bore diameter, unit 1/ }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Disposition' }).click();
  const dialog = page.getByRole('form', { name: 'Disposition' });
  await dialog.getByRole('radio', { name: 'Scrap' }).check();
  const scrapped = Number(await dialog.getByRole('textbox', { name: 'Quantity (ea)' }).inputValue());
  expect(scrapped).toBeGreaterThan(0);
  await expect(dialog).toContainText(`Takes ${scrapped} ea of RM-BORE from lot L-7 out of stock as scrap`);
  await dialog.getByRole('button', { name: 'Scrap' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Dispositions' })).toContainText(`Scrap: ${scrapped} ea`);
  await page.goto(`/items?id=${item.id}`);
  await expect(page.getByLabel('Total on hand')).toContainText(`${4 - scrapped} ea`);

  // Someone other than its opener closes it.
  await logInAs(page, colleague);
  await page.goto('/quality?tab=nonconformances');
  await page.getByRole('link', { name: 'NC-000001' }).first().click();
  await page.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByText('Nothing more changes on it.')).toBeVisible();
  await expect(page.getByText(/closed by Quinn Checker/)).toBeVisible();

  // The dashboard counts it: no unit passed first time, and the bore's code heads the Pareto.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/quality');
  await expect(card(page, 'First pass yield')).toContainText('0.0%');
  const pareto = page.getByRole('table', { name: 'Defects by code' }).last();
  await expect(pareto.getByRole('row').nth(1)).toContainText('DIM-01');
  const chart = page.getByRole('region', { name: 'Control chart of a measured check' });
  await expect(chart.getByRole('combobox', { name: 'Measured check' })).toHaveValue(/Bore diameter/);
});

test('a build step whose recipe requires an inspection is finished only once the inspection passes', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpCompany(page, 'qjourneyfloor');
  const site = await post(page, '/api/v1/locations', { kind: 'site', code: 'CELL', name: 'Cell' });
  const bolt = await post(page, '/api/v1/items', {
    partNumber: 'BOLT-8',
    name: 'Bolt',
    unitCost: '1',
    lotTracked: false,
  });
  const pump = await post(page, '/api/v1/items', {
    partNumber: 'PUMP-1',
    name: 'Pump',
    unitCost: '0',
    lotTracked: false,
  });
  await post(page, '/api/v1/stock/transactions', {
    idempotencyKey: crypto.randomUUID(),
    kind: 'receive',
    lines: [{ itemId: bolt.id, locationId: site.id, quantity: '10' }],
  });
  // The recipe, and its step plan released in QC Setup; the recipe's step requires it.
  const assembly = await post(page, '/api/v1/assemblies', { itemId: pump.id });
  const plan = await post(page, '/api/v1/inspection-plans', {
    itemId: pump.id,
    stage: 'step',
    name: 'Cover torque',
  });
  const saved = await page.request.put(`/api/v1/assembly-revisions/${assembly.draftRevisionId}`, {
    data: {
      lines: [{ componentItemId: bolt.id, quantity: '4', step: 1, consumption: 'backflush' }],
      steps: [{ title: 'Fasten the cover', setupMinutes: '0', runMinutes: '2' }],
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const stepId = (await saved.json()).steps[0].id;
  const put = await page.request.put(`/api/v1/inspection-plan-versions/${plan.draftVersionId}`, {
    data: {
      sampling: 'all',
      checks: [{ kind: 'pass_fail', name: 'Torque mark', instructions: 'Paint mark intact.' }],
    },
  });
  expect(put.status(), await put.text()).toBe(200);
  await post(page, `/api/v1/inspection-plan-versions/${plan.draftVersionId}/release`);
  const linked = await page.request.put(`/api/v1/assembly-steps/${stepId}/checks`, {
    data: { checks: [{ planId: plan.id, required: true }] },
  });
  expect(linked.status(), await linked.text()).toBe(200);
  await post(page, `/api/v1/assembly-revisions/${assembly.draftRevisionId}/release`);
  const workOrder = await post(page, '/api/v1/work-orders', {
    assemblyId: assembly.id,
    quantity: '1',
    outputLocationId: site.id,
  });
  await post(page, `/api/v1/work-orders/${workOrder.id}/status`, { status: 'released' });

  // On the floor: the step shows its required inspection, and finishing it waits for the inspection.
  await page.goto(`/build/work-order?id=${workOrder.id}`);
  await page.getByRole('button', { name: 'Decline' }).click();
  await page.getByRole('link', { name: 'Run on the floor' }).click();
  const inspections = page.getByRole('region', { name: 'Inspections' });
  await expect(inspections.getByRole('listitem', { name: 'Cover torque' })).toContainText(
    'Required before the step is finished',
  );
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(page.getByText('Running', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Finish…' }).click();
  const finish = page.getByRole('form', { name: 'Finish the step' });
  await finish.getByRole('textbox', { name: 'Good' }).fill('1');
  await finish.getByRole('button', { name: 'Finish step' }).click();
  await expect(
    page.getByText('This step’s required inspection is not passed', { exact: false }),
  ).toBeVisible();
  await expectAccessible(page, 'a step held by its inspection on a phone');

  // Inspected from the step: it passes, and the step finishes.
  await page.getByRole('link', { name: 'Inspect: Cover torque' }).click();
  const mark = page.getByRole('region', { name: 'Torque mark, unit 1' });
  await mark.getByRole('button', { name: 'Pass' }).click();
  await expect(mark).toContainText('Passed');
  await page.getByRole('button', { name: 'Finish inspection' }).click();
  await expect(page.getByRole('status', { name: 'Passed' })).toBeVisible();
  await page.goto(`/build/work-order?id=${workOrder.id}&view=floor`);
  await expect(inspections.getByRole('listitem', { name: 'Cover torque' })).toContainText('Passed');
  await page.getByRole('button', { name: 'Finish…' }).click();
  await finish.getByRole('textbox', { name: 'Good' }).fill('1');
  await finish.getByRole('button', { name: 'Finish step' }).click();
  await expect(finish).toHaveCount(0);
  const floor = await (await page.request.get(`/api/v1/work-orders/${workOrder.id}/floor`)).json();
  expect(floor.steps[0].run.status).toBe('finished');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
