// QC Setup (/quality/item-instructions, issue 30, decision 071): an admin sets up a receipt plan with a measured
// check on a purchased item (a nominal outside the limits refused on its field first) and releases it after a
// confirmation that says it freezes; adds a defect code; links a step plan to a recipe's step in Assembly Setup and
// marks it required, its release refused until the plan has a released version; SKU Setup refuses turning off the
// lots of the item whose receipt plan is in force, under the Lot-tracked switch; an operator reads the plans and the
// codes with no buttons to change them, on a 360 px phone.
// axe finds nothing serious.
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import { takeHelpScreenshot } from './support/help-screenshots.ts';
import { inviteUser, logInAs, signUpCompany } from './support/session.ts';
import { post, visitorAddress } from './support/visitor.ts';

test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(71) });
});

/** Picks an option of a Mantine select by clicking the box and the option. */
async function choose(page: Page, box: ReturnType<Page['getByRole']>, option: string) {
  await box.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('an admin sets up and releases a receipt plan; an operator reads it without changing it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpCompany(page, 'qcsetup');
  await post(page, '/api/v1/items', { partNumber: 'RM-BORE', name: 'Bored housing blank', unitCost: '4' });

  await page.goto('/quality/item-instructions');
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByRole('heading', { name: 'QC Setup', level: 1 })).toBeVisible();
  await expect(page.getByText('No inspection plans yet.', { exact: false })).toBeVisible();

  await page.getByRole('button', { name: 'Add plan' }).click();
  const add = page.getByRole('form', { name: 'Add an inspection plan' });
  const item = add.getByRole('combobox', { name: 'Item inspected' });
  await item.click();
  await item.fill('RM-BORE');
  await page.getByRole('option', { name: /^RM-BORE ·/ }).click();
  await add.getByRole('textbox', { name: 'Name' }).fill('Incoming check');
  await add.getByRole('button', { name: 'Add plan' }).click();
  await expect(page.getByRole('heading', { name: 'Incoming check', level: 1 })).toBeVisible();
  await expect(page.getByText('Not released yet · draft 1')).toBeVisible();

  // The draft: AQL sampling and one measured check, its nominal first outside its limits.
  const editor = page.getByRole('form', { name: 'Edit version 1' });
  await choose(
    page,
    editor.getByRole('combobox', { name: 'Units inspected' }),
    'AQL (MIL-STD-105E / ISO 2859-1)',
  );
  await choose(page, editor.getByRole('combobox', { name: 'AQL' }), '1.0');
  await editor.getByRole('button', { name: 'Add check' }).click();
  const check = editor.getByRole('group', { name: 'Check 1' });
  await choose(page, check.getByRole('combobox', { name: 'Check 1 kind' }), 'Measurement');
  await check.getByRole('textbox', { name: 'Check 1 name' }).fill('Bore diameter');
  await check
    .getByRole('textbox', { name: 'Instructions' })
    .fill('Measure with the bore gauge at three places.');
  await check.getByRole('textbox', { name: 'Lower limit' }).fill('9.95');
  await check.getByRole('textbox', { name: 'Nominal' }).fill('11');
  await check.getByRole('textbox', { name: 'Upper limit' }).fill('10.05');
  await check.getByRole('textbox', { name: 'Unit', exact: true }).fill('mm');
  await check.getByRole('textbox', { name: 'Readings per unit' }).fill('3');
  await editor.getByRole('button', { name: 'Save draft' }).click();
  await expect(check.getByText('The nominal must be within the limits')).toBeVisible();
  await check.getByRole('textbox', { name: 'Nominal' }).fill('10');
  await check.getByRole('checkbox', { name: /Critical/ }).check();
  await editor.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Draft version 1 saved')).toBeVisible();
  await expect(editor.getByRole('button', { name: 'Release version 1…' })).toBeEnabled();
  await takeHelpScreenshot(page, 'qc-setup-plan-1280');
  await expectAccessible(page, 'a draft inspection plan');

  // Release, after the confirmation says what it does.
  await editor.getByRole('button', { name: 'Release version 1…' }).click();
  const confirm = page.getByRole('dialog', { name: 'Release version 1 of Incoming check?' });
  await expect(confirm).toContainText('A released version is frozen');
  await confirm.getByRole('button', { name: 'Release version 1' }).click();
  await expect(page.getByText('Version 1 released', { exact: true })).toBeVisible();
  await expect(page.getByText('Version 1 in force', { exact: true })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Check 1: Bore diameter' })).toContainText(
    'Passes: 9.95 to 10.05 mm (nominal 10), 3 readings per unit',
  );
  await expect(page.getByRole('button', { name: 'Edit (new draft)' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save draft' })).toHaveCount(0);

  // With its receipt plan in force, the item's lot tracking is not turned off: SKU Setup says so under the switch.
  await page.goto('/admin?tab=items');
  await page.getByRole('button', { name: 'Edit RM-BORE' }).click();
  const edit = page.getByRole('form', { name: 'Edit item' });
  await edit.getByRole('switch', { name: /^Lot-tracked/ }).uncheck({ force: true });
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toContainText(
    'RM-BORE has a receipt inspection plan in force (Incoming check), which holds each received lot until it passes: switch that plan off in QC Setup (Rename or switch off) first, then turn off lot tracking.',
  );
  // Read out with the switch, not only shown near it.
  await expect(edit.getByRole('switch', { name: /^Lot-tracked/ })).toHaveAccessibleDescription(
    /switch that plan off in QC Setup/,
  );
  await expectAccessible(page, 'lot tracking refused while a receipt plan is in force');
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('row', { name: /RM-BORE/ })).toContainText('Yes');

  // A defect code for the failures it will find.
  await page.goto('/quality/item-instructions?view=defect-codes');
  await page.getByRole('button', { name: 'Add defect code' }).click();
  const code = page.getByRole('form', { name: 'Add a defect code' });
  await code.getByRole('textbox', { name: 'Code' }).fill('DIM-01');
  await code.getByRole('textbox', { name: 'Name' }).fill('Bore out of tolerance');
  await code.getByRole('textbox', { name: 'Category' }).fill('Dimension');
  await code.getByRole('button', { name: 'Add defect code' }).click();
  await expect(page.getByText('DIM-01 · Bore out of tolerance')).toBeVisible();
  await expect(page.getByRole('row', { name: /DIM-01/ })).toContainText('Major');

  // An operator reads both views and the plan, with nothing to press that would change them, on a phone.
  const operator = await inviteUser(page, 'user');
  await logInAs(page, operator);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/quality/item-instructions');
  const card = page.getByRole('article', { name: 'RM-BORE Incoming check' });
  await expect(card).toContainText('Receipt · Version 1 in force');
  await expect(page.getByRole('button', { name: 'Add plan' })).toHaveCount(0);
  await takeHelpScreenshot(page, 'qc-setup-360');
  await expectAccessible(page, 'the plans on a phone');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await card.getByRole('link', { name: 'Incoming check' }).click();
  await expect(page.getByRole('heading', { name: 'Incoming check', level: 1 })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Check 1: Bore diameter' })).toContainText('Critical');
  for (const name of ['Edit (new draft)', 'Rename or switch off', 'Save draft']) {
    await expect(page.getByRole('button', { name })).toHaveCount(0);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.goto('/quality/item-instructions?view=defect-codes');
  await expect(page.getByRole('article', { name: 'DIM-01 Bore out of tolerance' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Add defect code|Edit/ })).toHaveCount(0);
  await expectAccessible(page, 'the defect codes on a phone');
});

test('an admin links a step plan to a recipe step in Assembly Setup and marks it required', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpCompany(page, 'qcsteps');
  const top = await post(page, '/api/v1/items', { partNumber: 'PUMP-1', name: 'Pump' });
  const part = await post(page, '/api/v1/items', { partNumber: 'BOLT-8', name: 'Bolt' });
  const assembly = await post(page, '/api/v1/assemblies', { itemId: top.id });
  const put = await page.request.put(`/api/v1/assembly-revisions/${assembly.draftRevisionId}`, {
    data: {
      lines: [{ componentItemId: part.id, quantity: '4', step: 1 }],
      steps: [{ title: 'Fasten the cover' }, { title: 'Test run' }],
    },
  });
  expect(put.status(), await put.text()).toBe(200);
  const coverTorque = await post(page, '/api/v1/inspection-plans', {
    itemId: top.id,
    stage: 'step',
    name: 'Cover torque',
  });

  await page.goto(`/assembly-setup?id=${assembly.id}`);
  await page.getByRole('button', { name: 'Decline' }).click();
  const step = page.getByRole('group', { name: 'Step 1' });
  await choose(
    page,
    step.getByRole('combobox', { name: 'Add an inspection plan to step 1' }),
    'Cover torque',
  );
  await expect(page.getByText('Step 1 inspection saved')).toBeVisible();
  const required = step.getByRole('checkbox', { name: 'Cover torque required at step 1' });
  await expect(required).toBeChecked();
  await expect(step.getByText('Not released yet')).toBeVisible();
  await expectAccessible(page, 'a draft step with its inspection');

  // A required plan with nothing released refuses the recipe's release, naming the step and plan (decision 077).
  await page.getByRole('button', { name: 'Release revision 1…' }).click();
  const release = page.getByRole('dialog');
  await release.getByRole('button', { name: 'Release revision 1' }).click();
  await expect(release.getByRole('alert')).toContainText(
    'A required inspection has no released version: Step 1 Fasten the cover: inspection “Cover torque”.',
  );
  // QC Setup releases a version of the plan; released with the revision, it shows read only on the recipe.
  const version = await page.request.put(`/api/v1/inspection-plan-versions/${coverTorque.draftVersionId}`, {
    data: { sampling: 'all', checks: [{ kind: 'pass_fail', name: 'Torque mark' }] },
  });
  expect(version.status(), await version.text()).toBe(200);
  await post(page, `/api/v1/inspection-plan-versions/${coverTorque.draftVersionId}/release`);
  await release.getByRole('button', { name: 'Release revision 1' }).click();
  await expect(page.getByText('Inspection: Cover torque (required)')).toBeVisible();
  const links = await (
    await page.request.get(`/api/v1/assembly-revisions/${assembly.draftRevisionId}/step-checks`)
  ).json();
  expect(links.steps[0].checks).toMatchObject([{ name: 'Cover torque', required: true }]);
});
