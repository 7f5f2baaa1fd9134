// A step that runs on a machine (decision 063), as an admin sets it up: with Maintenance on, a step of a draft in
// Assembly Setup names its machine, searched by name or tag; the released revision says which machine each step runs
// on. (That a finished run adds its time to the machine's meter is the API's test, step-machine.api.test.ts: it needs
// the floor's clock moved, which a browser cannot do.)
import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import { apiPost, makeBin, makePart, receivePart } from './support/build-api.ts';
import { addComponent, addStep, newAssembly, saveAndRelease } from './support/build-journey-steps.ts';
import { switchMaintenanceOn } from './support/maintenance.ts';
import { signUpCompany } from './support/session.ts';
import { visitorAddress } from './support/visitor.ts';

test.describe.configure({ timeout: 150_000 });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(33) });
});

test('an admin names the machine a step runs on, and the released revision shows it', async ({ page }) => {
  await signUpCompany(page, 'stepmach');
  await switchMaintenanceOn(page);
  await apiPost(page, '/api/v1/machines', { name: 'Press 4', assetTag: 'PR-4' });
  const bin = await makeBin(page);
  await receivePart(page, await makePart(page, 'SHEET', 'Steel sheet'), bin, '50');
  await makePart(page, 'BRACKET', 'Bracket');

  await page.goto('/assembly-setup');
  await newAssembly(page, 'BRACKET');
  await addComponent(page, 1, 'SHEET', '1');
  const step = await addStep(page, 1, 'Bend', 'Bend the sheet.', '2');
  const machine = step.getByRole('combobox', { name: 'Step 1 machine' });
  await machine.click();
  await machine.fill('PR-');
  await page.getByRole('option', { name: 'Press 4 (PR-4)' }).click();
  await expect(machine).toHaveValue('Press 4 (PR-4)');
  await expectAccessible(page, 'a step with its machine');
  await saveAndRelease(page);
  await expect(page.getByText('Setup 0 min · run 2 min per unit · on Press 4 (PR-4)')).toBeVisible();
});
