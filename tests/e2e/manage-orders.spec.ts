// Manage Orders (/build/create-order and /orders, issue 21): a planner makes an order with a line of a two-level
// assembly, sees "Can we build it?" name the sub-assembly to build and the component to buy, receives it and sees the
// order buildable, and splits the line in the "Create work orders" dialog (which refuses parts adding up to more than
// is left, and shows the sub-assembly's work order it plans under each, decision 064) into two trees posted through
// the work-order module's route; the list and its CSV; on a 360 px phone too.
import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, expectDialogAccessible } from './support/axe.ts';
import { takeHelpScreenshot } from './support/help-screenshots.ts';
import { signUpCompany } from './support/session.ts';
import { post, visitorAddress } from './support/visitor.ts';

test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(24) });
});

/**
 * Through the API (the screens under test are the orders'): TOP = 2 × SUB + 1 × P-1 at 10 % scrap, SUB = 3 × P-2,
 * both released; in stock 1 SUB, 10 P-1 and 4 P-2. Returns what receives more stock.
 */
async function setUp(page: Page) {
  const ids: Record<string, string> = {};
  for (const [partNumber, name] of [
    ['TOP', 'Pump'],
    ['SUB', 'Housing'],
    ['P-1', 'Seal'],
    ['P-2', 'Bolt'],
  ] as const) {
    ids[partNumber] = (await post(page, '/api/v1/items', { partNumber, name, lotTracked: false })).id;
  }
  for (const [key, lines] of [
    ['SUB', [{ componentItemId: ids['P-2'], quantity: '3' }]],
    [
      'TOP',
      [
        { componentItemId: ids.SUB, quantity: '2' },
        { componentItemId: ids['P-1'], quantity: '1', scrapPercent: '10' },
      ],
    ],
  ] as const) {
    const made = await post(page, '/api/v1/assemblies', { itemId: ids[key] });
    const saved = await page.request.put(`/api/v1/assembly-revisions/${made.draftRevisionId}`, {
      data: { lines },
    });
    expect(saved.status()).toBe(200);
    await post(page, `/api/v1/assembly-revisions/${made.draftRevisionId}/release`, {}, 200);
  }
  const site = (await post(page, '/api/v1/locations', { kind: 'site', code: 'SHOP', name: 'Shop' })).id;
  const receive = (partNumber: string, quantity: string) =>
    post(page, '/api/v1/stock/transactions', {
      kind: 'receive',
      idempotencyKey: crypto.randomUUID(),
      lines: [{ itemId: ids[partNumber], locationId: site, quantity }],
    });
  await receive('SUB', '1');
  await receive('P-1', '10');
  await receive('P-2', '4');
  return receive;
}

async function journey(page: Page, base: string, phone: boolean) {
  await signUpCompany(page, 'orders');
  const receive = await setUp(page);

  await page.goto(base);
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByRole('heading', { name: 'Manage Orders', level: 1 })).toBeVisible();
  await expect(page.getByText('No orders with this status.')).toBeVisible();
  // The list starts on the orders still to be worked on, and its filter names their statuses.
  const statusFilter = page.getByRole('combobox', { name: 'Status' });
  await expect(statusFilter).toHaveValue('Draft, open or in progress');
  // Written out whole, not cut at the field's edge.
  expect(await statusFilter.evaluate((input) => input.scrollWidth <= input.clientWidth)).toBe(true);
  await expectAccessible(page, 'the empty list of orders');
  await expectDialogAccessible(page, 'New order', () =>
    page.getByRole('button', { name: 'New order' }).click(),
  );

  // A new order for Acme, by keyboard: a draft with the first number, and its lines editor open.
  await page.getByRole('button', { name: 'New order' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('form', { name: 'New order' });
  await expect(dialog.getByRole('textbox', { name: 'Customer' })).toBeFocused();
  await page.keyboard.type('Acme');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'SO-000001', level: 1 })).toBeVisible();
  await expect(page.getByText('Draft', { exact: true })).toBeVisible();

  // One line: 2 × TOP.
  await page.getByRole('button', { name: 'Add line' }).click();
  const line = page.getByRole('group', { name: 'Line 1' });
  // The assembly picker by keyboard: type, arrow down to the match, Enter.
  const picker = line.getByRole('combobox', { name: 'Line 1 assembly' });
  await picker.focus();
  await page.keyboard.type('TOP');
  // The server's answer to what was typed: only TOP (before it, the unfiltered first page shows).
  await expect(page.getByRole('option')).toHaveCount(1);
  await expect(page.getByRole('option', { name: /^TOP · Pump/ })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(picker).toHaveValue('TOP · Pump');
  await line.getByRole('textbox', { name: 'Quantity' }).fill('2');
  await expectAccessible(page, 'the lines editor');
  await page.getByRole('button', { name: 'Save lines' }).click();
  const card = page.getByRole('article', { name: 'Line 1' });
  await expect(card).toContainText('TOP');
  await expect(card).toContainText('2 ea');

  // 2 TOP need 4 SUB: 1 from stock, 3 built from 9 P-2, of which 4 are in stock: 5 missing. What is to build
  // (SUB) apart from what is to buy (P-2); a table at a desk, cards on a phone.
  const panel = page.getByRole('region', { name: 'Can we build it?' });
  await expect(panel.getByText('Not yet: 1 short')).toBeVisible();
  const partRow = (list: string, part: RegExp | string) =>
    phone
      ? panel.getByRole('region', { name: list }).getByRole('article', { name: part })
      : panel.getByRole('table', { name: list }).getByRole('row', { name: part });
  const short = partRow('Components needed', /P-2/);
  await expect(short).toContainText('9 ea');
  await expect(short).toContainText('4 ea');
  await expect(short).toContainText('5 ea');
  await expect(partRow('Sub-assemblies', /SUB/)).toContainText(phone ? 'To build 3 ea' : '3 ea');
  await expect(panel.getByRole('list', { name: 'To buy' })).toContainText('P-2 Bolt: missing 5 ea');
  await expectAccessible(page, 'a shortfall');
  if (!phone) {
    await panel.scrollIntoViewIfNeeded();
    await takeHelpScreenshot(page, 'manage-orders-shortfall-1280');
  }

  // The missing bolts arrive: the order can be built.
  await receive('P-2', '5');
  await page.reload();
  await expect(panel.getByText('Yes: everything is in stock')).toBeVisible();
  await expect(partRow('Components needed', /P-2/)).toContainText('—');
  await expect(panel.getByText('Nothing to buy: every bought part is available.')).toBeVisible();

  // Opened, the line takes work orders: split into parts that may not add up to more than the 2 left, each with
  // the sub-assemblies' work orders stock does not cover under it (decision 064).
  await page.getByRole('button', { name: 'Open order' }).click();
  await expect(page.getByText('Open', { exact: true })).toBeVisible();
  await expectDialogAccessible(page, 'Create work orders', () =>
    card.getByRole('button', { name: 'Create work orders' }).click(),
  );
  await card.getByRole('button', { name: 'Create work orders' }).click();
  const split = page.getByRole('form', { name: 'Create work orders' });
  await expect(split.getByRole('textbox', { name: 'Part 1 quantity' })).toHaveValue('2');
  await split.getByRole('button', { name: 'Add part' }).click();
  await split.getByRole('textbox', { name: 'Part 2 quantity' }).fill('1');
  await split.getByRole('button', { name: 'Create 2 work orders' }).click();
  await expect(split.getByRole('alert')).toHaveText(
    'The parts add up to 3 ea: at most 2 ea is left of this line.',
  );
  await split.getByRole('textbox', { name: 'Part 1 quantity' }).fill('1');
  await expect(split.getByText('Total 2 ea of 2 ea left')).toBeVisible();
  await expect(split.getByRole('alert')).toHaveCount(0);
  // The plan of the 2: TOP, and under it SUB, of which stock covers 1 of the 4 needed.
  const plan = split.getByRole('list', { name: 'Work orders to make' });
  await expect(plan.getByRole('listitem', { name: 'TOP' })).toContainText('TOP: build 2 ea');
  const sub = plan.getByRole('checkbox', { name: 'Work order for SUB: build 3 ea' });
  await expect(sub).toBeChecked();
  await expect(plan.getByRole('listitem', { name: 'SUB' })).toContainText('needs 4 ea, 1 ea from stock');
  await expectAccessible(page, 'the plan of the line’s work orders');
  // Two trees through the work-order module's route: each TOP on the line, its SUB under it (the second counts
  // the housing on the shelf as the first's); nothing is left to plan.
  await split.getByRole('button', { name: 'Create work orders' }).click();
  await expect(split).toHaveCount(0);
  const work = card.getByRole('listitem');
  await expect(work).toHaveCount(4);
  await expect(work.nth(0)).toContainText('WO-000001');
  await expect(work.nth(0)).toContainText('Planned');
  await expect(work.nth(1)).toContainText('WO-000002SUB1 ea');
  await expect(work.nth(1)).toContainText('for WO-000001');
  await expect(work.nth(3)).toContainText('WO-000004SUB2 ea');
  await expect(work.nth(3)).toContainText('for WO-000003');
  await expect(card).toContainText('left to plan 0 ea');
  await expect(card.getByRole('button', { name: 'Create work orders' })).toHaveCount(0);
  await expectAccessible(page, 'a line with its work orders');
}

test('a planner orders an assembly, sees the shortfall, receives it and sees it buildable', async ({
  page,
}) => {
  await journey(page, '/build/create-order', false);
  // The list: the order, found by its customer, and the same rows as CSV.
  await page.goto('/build/create-order');
  const table = page.getByRole('table', { name: 'Orders' });
  await expect(table.getByRole('row', { name: /SO-000001/ })).toContainText('Acme');
  await expect(table.getByRole('row', { name: /SO-000001/ })).toContainText('Open');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await readFile((await (await download).path()) as string, 'utf8');
  expect(csv).toContain('SO-000001,Acme,,Open,no,1,');
  await page.getByRole('textbox', { name: 'Search orders' }).fill('nobody');
  await expect(page.getByText('No order matches “nobody”.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Search orders' }).fill('');
  await expect(table.getByRole('row', { name: /SO-000001/ })).toBeVisible();
  await takeHelpScreenshot(page, 'manage-orders-1280');
});

test('the same on a 360 px phone, at /orders', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await journey(page, '/orders', true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.goto('/orders');
  await expect(page.getByRole('article', { name: 'SO-000001' })).toContainText('Acme');
  await expectAccessible(page, 'the list of orders on a phone');
  await takeHelpScreenshot(page, 'manage-orders-360');
});
