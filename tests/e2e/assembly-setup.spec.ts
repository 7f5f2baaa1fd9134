// Assembly setup (/assembly-setup, issue 21): an admin makes a sub-assembly and releases it, builds a two-level BOM
// on top of it and reads its cost, sees a loop through the sub-assembly refused with the loop named, and finds that
// editing a released revision makes a new draft while the released one stays as it was; on a 360 px phone too.
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, expectDialogAccessible } from './support/axe.ts';
import { takeHelpScreenshot } from './support/help-screenshots.ts';
import { signUpCompany } from './support/session.ts';
import { visitorAddress } from './support/visitor.ts';

// Each journey signs a company up and builds its BOMs through the screens: longer than the default 30 s.
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(23) });
});

/** The items the journey builds from, made through the API (the screens under test are the assembly's): ids by part. */
async function createItems(page: Page): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  for (const [partNumber, name, unitCost] of [
    ['TOP', 'Pump', '0'],
    ['SUB', 'Housing', '0'],
    ['P-1', 'Seal', '10'],
    ['P-2', 'Bolt', '1.5'],
  ] as const) {
    const response = await page.request.post('/api/v1/items', { data: { partNumber, name, unitCost } });
    expect(response.status(), await response.text()).toBe(201);
    ids[partNumber] = (await response.json()).id;
  }
  return ids;
}

/** "New assembly" from the list: the item is chosen in the picker and the assembly's page opens on its draft. */
async function newAssembly(page: Page, partNumber: string) {
  await page.goto('/assembly-setup');
  await expect(page.getByRole('heading', { name: 'Assembly Setup', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New assembly' }).click();
  const form = page.getByRole('form', { name: 'New assembly' });
  await pick(page, form.getByRole('combobox', { name: 'Item that is built' }), partNumber);
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name: partNumber, level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Revision 1' })).toBeVisible();
}

/** Types a part number into an item picker and chooses the item. */
async function pick(page: Page, box: ReturnType<Page['getByRole']>, partNumber: string) {
  await box.click();
  await box.fill(partNumber);
  await page.getByRole('option', { name: new RegExp(`^${partNumber} ·`) }).click();
}

/** Adds a component line to the draft's form. */
async function addComponent(page: Page, n: number, partNumber: string, quantity: string, scrap?: string) {
  await page.getByRole('button', { name: 'Add component' }).click();
  const line = page.getByRole('group', { name: `Component ${n}` });
  await pick(page, line.getByRole('combobox', { name: `Component ${n}` }), partNumber);
  await line.getByRole('textbox', { name: 'Quantity per unit' }).fill(quantity);
  if (scrap) await line.getByRole('textbox', { name: 'Scrap %' }).fill(scrap);
}

async function saveDraft(page: Page) {
  const saved = page.waitForResponse(
    (r) => r.url().includes('/api/v1/assembly-revisions/') && r.request().method() === 'PUT',
  );
  await page.getByRole('button', { name: 'Save draft' }).click();
  return saved;
}

async function journey(page: Page) {
  await signUpCompany(page, 'bom');
  const ids = await createItems(page);

  // The cookie banner covers the foot of the page until answered.
  await page.goto('/assembly-setup');
  await page.getByRole('button', { name: 'Decline' }).click();
  await expectAccessible(page, 'the empty list of assemblies');
  await expectDialogAccessible(page, 'New assembly', () =>
    page.getByRole('button', { name: 'New assembly' }).click(),
  );

  // SUB: 3 × P-2 a unit, one step of 4 run minutes; released.
  await newAssembly(page, 'SUB');
  await addComponent(page, 1, 'P-2', '3');
  await page.getByRole('button', { name: 'Add step' }).click();
  const step = page.getByRole('group', { name: 'Step 1' });
  await step.getByRole('textbox', { name: 'Step 1 title' }).fill('Press');
  await step.getByRole('textbox', { name: 'Run minutes per unit' }).fill('4');
  expect((await saveDraft(page)).status()).toBe(200);
  // Releasing freezes the revision, so it is asked first, by keyboard too; kept a draft, nothing changed.
  const asking = 'Release revision 1 of SUB?';
  await expectDialogAccessible(
    page,
    asking,
    () => page.getByRole('button', { name: 'Release revision 1…' }).click(),
    async (dialog) => {
      await expect(dialog).toContainText('frozen');
      await expect(dialog).toContainText('New work orders for SUB are made from it');
    },
  );
  await page.getByRole('button', { name: 'Release revision 1…' }).focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: asking });
  await expect(confirm.getByRole('button', { name: 'Keep it a draft' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(confirm).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save draft' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Revision 1' }).locator('..')).toContainText('Draft');
  // Confirmed from the keyboard: Tab from "Keep it a draft" to the release, Enter.
  await page.getByRole('button', { name: 'Release revision 1…' }).click();
  await expect(confirm.getByRole('button', { name: 'Keep it a draft' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(confirm.getByRole('button', { name: 'Release revision 1', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(confirm).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit (new draft)' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Components of revision 1' })).toContainText('P-2');

  // TOP: 2 × SUB and 1 × P-1 with 10 % scrap. Per unit: 2 × (3 × $1.50) + 1.1 × $10 = $20; 2 × 4 = 8 minutes.
  await newAssembly(page, 'TOP');
  await addComponent(page, 1, 'SUB', '2');
  await addComponent(page, 2, 'P-1', '1', '10');
  expect((await saveDraft(page)).status()).toBe(200);
  await expectAccessible(page, 'a draft in the editor');
  await page.getByRole('tab', { name: 'Cost' }).click();
  await expect(page.getByLabel('Material')).toContainText('$20.00');
  await expect(page.getByLabel('Labor')).toContainText('8 min');
  await expect(page.getByLabel('Labor')).toContainText('No labor rate set');
  const rollUp = page.getByRole('table', { name: 'Cost roll-up' });
  await expect(rollUp.getByRole('row')).toHaveCount(4); // header, SUB, P-2 under it, P-1
  await expect(rollUp.getByRole('row').nth(2)).toContainText('P-2');
  await expect(rollUp.getByRole('row').nth(2)).toContainText('$9.00');
  await expectAccessible(page, 'the cost roll-up');

  // SUB again: Edit makes revision 2 from 1; TOP inside it would close a loop, refused with the loop named.
  await page.goto('/assembly-setup');
  await page.getByRole('link', { name: 'SUB' }).first().click();
  await page.getByRole('button', { name: 'Edit (new draft)' }).click();
  await expect(page.getByRole('heading', { name: 'Revision 2' })).toBeVisible();
  await expect(page.getByText('from rev 1')).toBeVisible();
  await addComponent(page, 2, 'TOP', '1');
  expect((await saveDraft(page)).status()).toBe(400);
  const loop = 'This would make a loop: SUB → TOP → SUB';
  await expect(page.getByRole('alert')).toHaveText(loop);
  await expect(page.getByRole('group', { name: 'Component 2' })).toContainText(loop);
  await expectAccessible(page, 'a loop refused');

  // Take TOP out, make it 4 of P-2, save: revision 1 stays released with 3.
  await page.getByRole('button', { name: 'Remove component 2' }).click();
  await page
    .getByRole('group', { name: 'Component 1' })
    .getByRole('textbox', { name: 'Quantity per unit' })
    .fill('4');
  expect((await saveDraft(page)).status()).toBe(200);
  await page.getByRole('tab', { name: /Revisions/ }).click();
  const history = page.getByRole('table', { name: 'Revision history' });
  await expect(history.getByRole('row')).toHaveCount(3);
  await expect(history.getByRole('row').nth(1)).toContainText('Rev 2');
  await expect(history.getByRole('row').nth(1)).toContainText('Draft');
  await expect(history.getByRole('row').nth(2)).toContainText('Released');
  await expectAccessible(page, 'the revision history');
  await history.getByRole('button', { name: 'Rev 1' }).click();
  await page.getByRole('tab', { name: 'Components and steps' }).click();
  await expect(page.getByRole('table', { name: 'Components of revision 1' })).toContainText('3 ea');
  await expectAccessible(page, 'a released revision');

  // P-2's item page: used by SUB (its draft and its released revision) and, through SUB, by TOP.
  await page.goto(`/items?id=${ids['P-2']}`);
  const used = page.getByRole('table', { name: 'Where used' });
  await expect(used.getByRole('row')).toHaveCount(4);
  await expect(used.getByRole('row').filter({ hasText: 'Rev 2' })).toContainText('Directly');
  await expect(used.getByRole('row').filter({ hasText: 'TOP' })).toContainText('Through 1 level');
}

test('an admin sets up a two-level BOM, sees a loop refused, releases, and edits into a new draft', async ({
  page,
}) => {
  await journey(page);
  await page.goto('/assembly-setup');
  await expect(page.getByRole('table', { name: 'Assemblies' }).getByRole('row')).toHaveCount(3);
  await takeHelpScreenshot(page, 'assembly-setup-1280');
});

test('the same on a 360 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await journey(page);
  // The list is cards on a phone.
  await page.goto('/assembly-setup');
  await expect(page.getByRole('article', { name: 'SUB' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'TOP' })).toBeVisible();
  await takeHelpScreenshot(page, 'assembly-setup-360');
});
