// SKU setup (/admin?tab=items): an admin builds a location tree and sets up items kept in it — decimal costs, search,
// edits, a duplicate part number refused under its field, deactivation, renaming a location; lot tracking from
// the company setting; the Free plan's SKU limit; a phone's width and the keyboard.
import { expect, type Page, test } from '@playwright/test';
import { ITEM_MESSAGES, LOCATION_MESSAGES } from '../../common/schemas/inventory-setup.ts';
import { patchLabelConfig, signUpCompany } from './support/session.ts';
import { visitorAddress } from './support/visitor.ts';

// Each journey signs a company up and builds its data through the screens: longer than the default 30 s.
test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(22) });
});

async function openSkuSetup(page: Page, view: 'items' | 'locations' = 'items') {
  await page.goto(view === 'items' ? '/admin?tab=items' : '/admin?tab=items&view=locations');
  await expect(page.getByRole('heading', { name: 'SKU Setup', level: 1 })).toBeVisible();
  // The cookie banner covers the foot of the page until answered.
  await page.getByRole('button', { name: 'Decline' }).click();
}

/** Adds a location through the dialog: a site when `parent` is omitted, else a `kind` inside `parent`. */
async function addLocation(
  page: Page,
  location: { code: string; name: string },
  inside?: { parent: string; kind: 'Area' | 'Shelf' | 'Bin' },
) {
  if (inside) await page.getByRole('button', { name: `Add a location inside ${inside.parent}` }).click();
  else await page.getByRole('button', { name: 'Add site' }).click();
  const form = page.getByRole('form', { name: 'Add a location' });
  if (inside && inside.kind !== 'Area') {
    await form.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: inside.kind, exact: true }).click();
  }
  await form.getByRole('textbox', { name: 'Code' }).fill(location.code);
  await form.getByRole('textbox', { name: 'Name' }).fill(location.name);
  const kind = inside?.kind ?? 'Site';
  await form.getByRole('button', { name: `Add ${kind.toLowerCase()}` }).click();
  await expect(page.getByText(`${kind} added`)).toBeVisible();
  await expect(form).toHaveCount(0);
}

/** Picks `option` of a segmented control (its radio input is hidden under the label one clicks). */
const choose = (page: Page, group: string, option: string) =>
  page.getByRole('radiogroup', { name: group }).getByText(option, { exact: true }).click();

/** The desktop table's row of the item with `partNumber`. */
const rowOf = (page: Page, partNumber: string) =>
  page.getByRole('table', { name: 'Items' }).getByRole('row').filter({ hasText: partNumber });

async function createItemsByApi(page: Page, count: number, prefix: string) {
  for (let n = 1; n <= count; n++) {
    const response = await page.request.post('/api/v1/items', {
      data: { partNumber: `${prefix}-${String(n).padStart(2, '0')}`, name: `Part ${n}` },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
}

test('an admin builds a location tree and sets up an item kept in it, then edits and deactivates it', async ({
  page,
}) => {
  await signUpCompany(page, 'skus');
  await openSkuSetup(page);
  await expect(page.getByText('No items yet. Add your first item with “Add item”.')).toBeVisible();

  // The tree: a site, an area inside it, a bin inside the area. A child offers only smaller kinds.
  await choose(page, 'SKU setup view', 'Locations');
  await expect(page).toHaveURL(/view=locations/);
  await expect(page.getByText('No locations yet. Start with “Add site”')).toBeVisible();
  await addLocation(page, { code: 'PLANT1', name: 'Main plant' });
  await page.getByRole('button', { name: 'Add a location inside PLANT1' }).click();
  const locationForm = page.getByRole('form', { name: 'Add a location' });
  await locationForm.getByRole('combobox', { name: 'Kind' }).click();
  await expect(page.getByRole('option')).toHaveText(['Area', 'Shelf', 'Bin']);
  await page.getByRole('option', { name: 'Area', exact: true }).click();
  await locationForm.getByRole('textbox', { name: 'Code' }).fill('A');
  await locationForm.getByRole('textbox', { name: 'Name' }).fill('Assembly');
  await locationForm.getByRole('button', { name: 'Add area' }).click();
  await expect(page.getByText('Area added')).toBeVisible();
  await addLocation(page, { code: 'B7', name: 'Bin seven' }, { parent: 'PLANT1 / A', kind: 'Bin' });
  const tree = page.getByRole('region', { name: 'Location tree' });
  await expect(tree.getByRole('button', { name: 'Edit PLANT1 / A / B7' })).toBeVisible();
  // A bin holds nothing: it offers no "Add inside".
  await expect(tree.getByRole('button', { name: 'Add a location inside PLANT1 / A / B7' })).toHaveCount(0);
  // Closing and opening a level again shows what is inside, fetched from the server.
  await tree.getByRole('button', { name: 'Hide what is inside PLANT1', exact: true }).click();
  await expect(tree.getByRole('button', { name: 'Edit PLANT1 / A' })).toHaveCount(0);
  await tree.getByRole('button', { name: 'Show what is inside PLANT1', exact: true }).click();
  await expect(tree.getByRole('button', { name: 'Edit PLANT1 / A', exact: true })).toBeVisible();

  // Another item (made meanwhile, as by a colleague), and one with a decimal unit cost and the bin as its default
  // location, picked by a server search; adding it refreshes the list, which then shows both.
  await createItemsByApi(page, 1, 'CLP');
  await choose(page, 'SKU setup view', 'Items');
  await page.getByRole('button', { name: 'Add item' }).click();
  const add = page.getByRole('form', { name: 'Add an item' });
  // A new company uses lot numbers, so a new item starts lot-tracked.
  await expect(add.getByRole('switch', { name: /^Lot-tracked/ })).toBeChecked();
  await add.getByRole('textbox', { name: 'Part number' }).fill('BRK-100');
  await add.getByRole('textbox', { name: 'Name' }).fill('Bracket, steel');
  await add.getByRole('textbox', { name: 'Category' }).fill('Hardware');
  await add.getByRole('textbox', { name: 'Unit cost ($)' }).fill('0.125');
  await add.getByRole('textbox', { name: 'Reorder point' }).fill('12.5');
  await add.getByRole('combobox', { name: 'Default location' }).fill('b7');
  await page.getByRole('option', { name: /PLANT1 \/ A \/ B7/ }).click();
  await expect(add.getByRole('combobox', { name: 'Default location' })).toHaveValue('PLANT1 / A / B7');
  await add.getByRole('button', { name: 'Add item' }).click();
  await expect(page.getByText('Item added')).toBeVisible();
  // Money shows in cents (0.125 rounds half-up); the form below keeps every stored decimal.
  await expect(rowOf(page, 'BRK-100')).toContainText('$0.13');
  await expect(rowOf(page, 'BRK-100')).toContainText('12.5 ea');
  await expect(rowOf(page, 'BRK-100')).toContainText('PLANT1 / A / B7');
  await expect(rowOf(page, 'BRK-100')).toContainText('Hardware');

  // The search on the server finds by part number, name or category.
  await page.getByRole('textbox', { name: 'Search items' }).fill('bracket');
  await expect(page.getByText('1 item', { exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search items' }).fill('');
  await expect(page.getByText('2 items', { exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search items' }).fill('hardw');
  await expect(page.getByText('1 item', { exact: true })).toBeVisible();
  await expect(rowOf(page, 'BRK-100')).toBeVisible();

  // Edit: only what changed is saved; the cost keeps its stored decimals in the form.
  await rowOf(page, 'BRK-100').getByRole('button', { name: 'Edit BRK-100' }).click();
  const edit = page.getByRole('form', { name: 'Edit item' });
  await expect(edit.getByRole('textbox', { name: 'Unit cost ($)' })).toHaveValue('0.125');
  await edit.getByRole('textbox', { name: 'Name' }).fill('Bracket, zinc plated');
  await edit.getByRole('textbox', { name: 'Unit cost ($)' }).fill('0.1375');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Item saved')).toBeVisible();
  await expect(rowOf(page, 'BRK-100')).toContainText('Bracket, zinc plated');
  await expect(rowOf(page, 'BRK-100')).toContainText('$0.14');

  // A part number another item has (in any case) is refused under the field.
  await rowOf(page, 'BRK-100').getByRole('button', { name: 'Edit BRK-100' }).click();
  await edit.getByRole('textbox', { name: 'Part number' }).fill('clp-01');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit.getByText(ITEM_MESSAGES.partNumberTaken)).toBeVisible();
  await expect(edit.getByRole('textbox', { name: 'Part number' })).toHaveAttribute('aria-invalid', 'true');
  await edit.getByRole('button', { name: 'Cancel' }).click();

  // Deactivated, it leaves the active list and is found under "Inactive".
  await rowOf(page, 'BRK-100').getByRole('button', { name: 'Edit BRK-100' }).click();
  await edit.getByRole('button', { name: 'Deactivate item' }).click();
  await expect(page.getByText('Item deactivated')).toBeVisible();
  await expect(page.getByText('No items match “hardw”.', { exact: false })).toBeVisible();
  await choose(page, 'Show items', 'Inactive');
  await expect(rowOf(page, 'BRK-100').getByText('Inactive', { exact: true })).toBeVisible();
  await expect(rowOf(page, 'BRK-100')).toContainText('Bracket, zinc plated');

  // Renaming the area and changing its code: a code in use is refused under the field; a new one is carried into
  // the full codes below it, and into the item's default location.
  await choose(page, 'SKU setup view', 'Locations');
  await tree.getByRole('button', { name: 'Show what is inside PLANT1', exact: true }).click();
  await tree.getByRole('button', { name: 'Edit PLANT1 / A', exact: true }).click();
  const rename = page.getByRole('form', { name: 'Edit location' });
  await rename.getByRole('textbox', { name: 'Code' }).fill('plant1');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(rename.getByText(LOCATION_MESSAGES.codeTaken)).toBeVisible();
  await rename.getByRole('textbox', { name: 'Code' }).fill('ASM');
  await rename.getByRole('textbox', { name: 'Name' }).fill('Assembly hall');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Location saved')).toBeVisible();
  await tree.getByRole('button', { name: 'Show what is inside PLANT1 / ASM', exact: true }).click();
  await expect(tree.getByRole('button', { name: 'Edit PLANT1 / ASM / B7' })).toBeVisible();
  await expect(tree.getByText('Assembly hall · 1 inside')).toBeVisible();
  await choose(page, 'SKU setup view', 'Items');
  await choose(page, 'Show items', 'All');
  await expect(rowOf(page, 'BRK-100')).toContainText('PLANT1 / ASM / B7');
});

test("on the Free plan the 11th item is refused with the plan's limit and what to do", async ({ page }) => {
  await signUpCompany(page, 'skulimit');
  const plan = await page.request.post('/api/v1/subscription/plan', { data: { planId: 'basic' } });
  expect(plan.status(), await plan.text()).toBe(200);
  await createItemsByApi(page, 10, 'FREE');
  // With lot numbers off for the company, a new item is not lot-tracked unless the admin says so.
  await patchLabelConfig(page.request, { useLotNumbers: false });

  await openSkuSetup(page);
  await expect(page.getByText('10 items', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Add item' }).click();
  const add = page.getByRole('form', { name: 'Add an item' });
  await expect(add.getByRole('switch', { name: /^Lot-tracked/ })).not.toBeChecked();
  await add.getByRole('textbox', { name: 'Part number' }).fill('FREE-11');
  await add.getByRole('textbox', { name: 'Name' }).fill('One too many');
  await add.getByRole('button', { name: 'Add item' }).click();
  const alert = add.getByRole('alert');
  await expect(alert).toContainText(
    'Plan limit reached: the Free plan allows 10 SKUs and your company has 10.',
  );
  await expect(alert).toContainText(
    'Choose a larger plan under Admin → Subscription, or deactivate an item first.',
  );
  await expect(alert.getByRole('link', { name: 'Open Subscription' })).toHaveAttribute(
    'href',
    '/admin/subscription',
  );
  await add.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('10 items', { exact: true })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test('items show as cards, the tree fits, and a site is added and opened by keyboard', async ({ page }) => {
    await signUpCompany(page, 'skuphone');
    await createItemsByApi(page, 1, 'PHONE-PART-WITH-A-LONG-NUMBER');
    await openSkuSetup(page);
    await expect(
      page.getByRole('article', { name: 'PHONE-PART-WITH-A-LONG-NUMBER-01 Part 1' }),
    ).toBeVisible();
    await expect(page.getByRole('table', { name: 'Items' })).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.getByRole('button', { name: 'Add item' }).click();
    await expect(page.getByRole('form', { name: 'Add an item' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('form', { name: 'Add an item' })).toHaveCount(0);

    await choose(page, 'SKU setup view', 'Locations');
    await page.getByRole('button', { name: 'Add site' }).focus();
    await page.keyboard.press('Enter');
    const form = page.getByRole('form', { name: 'Add a location' });
    await form.getByRole('textbox', { name: 'Code' }).fill('WAREHOUSE-NORTH');
    await form.getByRole('textbox', { name: 'Name' }).fill('North warehouse');
    await page.keyboard.press('Enter');
    await expect(page.getByText('Site added')).toBeVisible();

    await page.getByRole('button', { name: 'Add a location inside WAREHOUSE-NORTH' }).focus();
    await page.keyboard.press('Enter');
    await form.getByRole('textbox', { name: 'Code' }).fill('RECEIVING-DOCK');
    await form.getByRole('textbox', { name: 'Name' }).fill('Receiving dock');
    await page.keyboard.press('Enter');
    await expect(page.getByText('Area added')).toBeVisible();
    const tree = page.getByRole('region', { name: 'Location tree' });
    await expect(tree.getByRole('button', { name: 'Edit WAREHOUSE-NORTH / RECEIVING-DOCK' })).toBeVisible();

    const toggle = tree.getByRole('button', { name: /what is inside WAREHOUSE-NORTH$/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(tree.getByRole('button', { name: 'Edit WAREHOUSE-NORTH / RECEIVING-DOCK' })).toHaveCount(0);
    await page.keyboard.press('Enter');
    await expect(tree.getByRole('button', { name: 'Edit WAREHOUSE-NORTH / RECEIVING-DOCK' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
