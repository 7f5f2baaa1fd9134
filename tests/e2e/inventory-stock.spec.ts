// Inventory stock: on an item's page an admin receives a lot, moves part of it to a shelf, issues some to a work
// order and sees the balances and the history follow; the stock list then finds the item under the area it is in
// and not under another site. Receive also starts from the stock list, the item chosen in its dialog. At a phone's
// width neither page scrolls sideways.
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, expectDialogAccessible } from './support/axe.ts';
import { signUpCompany } from './support/session.ts';
import { visitorAddress } from './support/visitor.ts';

// Each journey signs a company up and builds its data: longer than the default 30 s.
test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(23) });
});

async function created(page: Page, url: string, data: object): Promise<string> {
  const response = await page.request.post(url, { data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).id;
}

/** PLANT > A > S1, another site OTHER, and a lot-tracked item P-100 (set up through the API, as a colleague would). */
async function setUp(page: Page) {
  await signUpCompany(page, 'stock');
  const plant = await created(page, '/api/v1/locations', { kind: 'site', code: 'PLANT', name: 'Main plant' });
  const area = await created(page, '/api/v1/locations', {
    kind: 'area',
    parentId: plant,
    code: 'A',
    name: 'Assembly',
  });
  await created(page, '/api/v1/locations', { kind: 'shelf', parentId: area, code: 'S1', name: 'Shelf one' });
  await created(page, '/api/v1/locations', { kind: 'site', code: 'OTHER', name: 'Other site' });
  return created(page, '/api/v1/items', {
    partNumber: 'P-100',
    name: 'Hex bolt',
    category: 'Hardware',
    unitCost: '0.5',
    reorderPoint: '20',
    lotTracked: true,
  });
}

/** Picks a location in a LocationSelect by typing part of its code and choosing the option with this full code. */
async function pickLocation(page: Page, scope: ReturnType<Page['locator']>, label: string, fullCode: string) {
  await scope.getByRole('combobox', { name: label }).fill(fullCode.split(' / ').at(-1)!);
  await page
    .getByRole('option')
    .filter({ has: page.getByText(fullCode, { exact: true }) })
    .click();
}

test('an admin receives a lot, moves part of it, issues some, and finds it in the stock list by location', async ({
  page,
}) => {
  const itemId = await setUp(page);
  await page.goto(`/items?id=${itemId}`);
  await expect(page.getByRole('heading', { name: 'P-100', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByText('No stock of P-100 anywhere. Receive some to start.')).toBeVisible();

  // Receive 10 into the area as lot L-7.
  await page.getByRole('button', { name: 'Receive', exact: true }).click();
  const receive = page.getByRole('form', { name: 'Receive P-100' });
  await pickLocation(page, receive, 'Into location', 'PLANT / A');
  await receive.getByRole('textbox', { name: 'Quantity (ea)' }).fill('10');
  await receive.getByRole('textbox', { name: 'Lot number' }).fill('L-7');
  await receive.getByRole('button', { name: 'Receive' }).click();
  await expect(page.getByText('Received 10 ea of P-100 into PLANT / A, lot L-7')).toBeVisible();
  await expect(receive).toHaveCount(0);

  // Move 4 of it from that balance to the shelf.
  await page.getByRole('button', { name: 'Move from PLANT / A lot L-7' }).click();
  const move = page.getByRole('form', { name: 'Move P-100' });
  await pickLocation(page, move, 'To location', 'PLANT / A / S1');
  await move.getByRole('textbox', { name: 'Quantity (ea)' }).fill('4');
  await move.getByRole('button', { name: 'Move' }).click();
  await expect(page.getByText('Moved 4 ea of P-100 from PLANT / A to PLANT / A / S1, lot L-7')).toBeVisible();

  // Asking for more than the shelf holds is refused with the server's words, and nothing changes.
  await page.getByRole('button', { name: 'Issue from PLANT / A / S1 lot L-7' }).click();
  const issue = page.getByRole('form', { name: 'Issue P-100' });
  await issue.getByRole('textbox', { name: 'Quantity (ea)' }).fill('5');
  await issue.getByRole('textbox', { name: 'Issued to' }).fill('WO-42');
  await issue.getByRole('button', { name: 'Issue' }).click();
  await expect(issue.getByRole('alert')).toContainText(
    'Not enough stock: P-100 at PLANT / A / S1 has 4, and 5 is needed. Nothing was posted.',
  );
  await issue.getByRole('textbox', { name: 'Quantity (ea)' }).fill('1');
  await issue.getByRole('button', { name: 'Issue' }).click();
  await expect(page.getByText('Issued 1 ea of P-100 from PLANT / A / S1, lot L-7 to WO-42')).toBeVisible();

  // Balances and history follow.
  const balances = page.getByRole('table', { name: 'Balances' });
  await expect(balances.getByRole('row').filter({ hasText: /^PLANT \/ AL-7/ })).toContainText('6 ea');
  await expect(balances.getByRole('row').filter({ hasText: 'PLANT / A / S1' })).toContainText('3 ea');
  await expect(page.getByLabel('Total on hand')).toContainText('9 ea');
  await expect(page.getByText('Low stock')).toBeVisible();
  const history = page.getByRole('table', { name: 'History' });
  await expect(history.getByRole('row')).toHaveCount(5);
  await expect(history.getByRole('row').nth(1)).toContainText('Issue');
  await expect(history.getByRole('row').nth(1)).toContainText('-1 ea');
  await expect(history.getByRole('row').nth(1)).toContainText('WO-42');
  await expect(history.getByRole('row').last()).toContainText('Receive');
  await expect(history.getByRole('row').last()).toContainText('+10 ea');

  // The lot's page: where the lot is, and its history.
  await page.getByRole('link', { name: 'L-7' }).first().click();
  await expect(page.getByRole('heading', { name: 'Lot L-7', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Lot on hand')).toContainText('9 ea');
  await expect(page.getByText('Nothing recorded: this lot was not built from other lots.')).toBeVisible();

  // The stock list: under the area (its shelf included) the item is there with the area's stock; under the other
  // site it is not.
  await page.goto('/inventory');
  await expect(page.getByRole('heading', { name: 'Inventory', level: 1 })).toBeVisible();
  const stock = page.getByRole('table', { name: 'Stock' });
  await expect(stock.getByRole('row').filter({ hasText: 'P-100' })).toContainText('9 ea');
  await pickLocation(page, page.locator('body'), 'Under location', 'PLANT / A');
  await expect(page.getByText('1 item', { exact: true })).toBeVisible();
  await expect(stock.getByRole('row').filter({ hasText: 'P-100' })).toContainText('9 ea');
  await pickLocation(page, page.locator('body'), 'Under location', 'OTHER');
  await expect(
    page.getByText('Nothing matches these filters. Clear the search or a filter to see more.'),
  ).toBeVisible();

  // A search by lot number finds the item; its row opens the item page.
  await page.goto('/inventory');
  await page.getByRole('textbox', { name: 'Search stock' }).fill('l-7');
  await expect(page.getByText('1 item', { exact: true })).toBeVisible();
  await stock.getByRole('link', { name: 'P-100' }).click();
  await expect(page).toHaveURL(new RegExp(`/items\\?id=${itemId}`));
});

test('Receive from the stock list: the item chosen in the dialog, the receipt in the list at once', async ({
  page,
}) => {
  await setUp(page);
  await page.goto('/inventory');
  await page.getByRole('button', { name: 'Decline' }).click();
  const stock = page.getByRole('table', { name: 'Stock' });
  await expect(stock.getByRole('row').filter({ hasText: 'P-100' })).toContainText('0 ea');
  await expectDialogAccessible(page, 'Receive stock', () =>
    page.getByRole('button', { name: 'Receive', exact: true }).click(),
  );

  // The item first, in the item picker; then the item page's receive form for it, in the same dialog.
  await page.getByRole('button', { name: 'Receive', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Receive stock' });
  const item = dialog.getByRole('combobox', { name: 'Item to receive' });
  await expect(item).toBeFocused();
  await item.fill('hex');
  await page.getByRole('option', { name: 'P-100 · Hex bolt' }).click();
  const receive = dialog.getByRole('form', { name: 'Receive P-100' });
  await pickLocation(page, receive, 'Into location', 'PLANT / A / S1');
  await receive.getByRole('textbox', { name: 'Quantity (ea)' }).fill('12');
  await receive.getByRole('textbox', { name: 'Lot number' }).fill('L-9');
  await expectAccessible(page, 'the receive dialog with its item chosen');
  await receive.getByRole('button', { name: 'Receive' }).click();
  await expect(page.getByText('Received 12 ea of P-100 into PLANT / A / S1, lot L-9')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(stock.getByRole('row').filter({ hasText: 'P-100' })).toContainText('12 ea');
  await expect(stock.getByRole('row').filter({ hasText: 'P-100' })).toContainText('$6.00');
});

test('the stock list and an item page fit a 360 px phone without scrolling sideways', async ({ page }) => {
  const itemId = await setUp(page);
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of ['/inventory', `/items?id=${itemId}`]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
    await expect(page.getByText(/Loading/)).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
  }
  // The list shows cards on a phone; a card opens the item.
  await page.goto('/inventory');
  await page.getByRole('button', { name: 'Decline' }).click();
  await page.getByRole('link', { name: 'P-100 Hex bolt' }).click();
  await expect(page.getByRole('heading', { name: 'P-100', level: 1 })).toBeVisible();
});
