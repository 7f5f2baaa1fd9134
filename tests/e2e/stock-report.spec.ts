// The stock balance report as a planner reads it at month end: what there was, what came in and went out, what is
// left and what it is worth; narrowed to a location; and readable on a phone.
import { expect, type Page, test } from '@playwright/test';
import { pickPeriod } from './support/date-picker.ts';
import { signUpCompany } from './support/session.ts';

test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({
    'x-forwarded-for': `198.24.${Math.floor(Math.random() * 254) + 1}.${Math.floor(Math.random() * 254) + 1}`,
  });
});

async function created(page: Page, url: string, data: object): Promise<string> {
  const response = await page.request.post(url, { data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).id;
}

/** A shelf and a line-side area, a bolt with stock moved between them and issued: set up as colleagues would. */
async function setUp(page: Page) {
  await signUpCompany(page, 'report');
  const site = await created(page, '/api/v1/locations', { kind: 'site', code: 'WORKS', name: 'Works' });
  const shelf = await created(page, '/api/v1/locations', {
    kind: 'area',
    parentId: site,
    code: 'STORE',
    name: 'Store',
  });
  const line = await created(page, '/api/v1/locations', {
    kind: 'area',
    parentId: site,
    code: 'LINE',
    name: 'Line',
  });
  const bolt = await created(page, '/api/v1/items', {
    partNumber: 'RB-1',
    name: 'Report bolt',
    unitCost: '0.5',
    lotTracked: false,
  });
  const post = (data: object) =>
    created(page, '/api/v1/stock/transactions', { idempotencyKey: crypto.randomUUID(), ...data });
  await post({ kind: 'receive', lines: [{ itemId: bolt, locationId: shelf, quantity: '40' }] });
  await post({
    kind: 'move',
    lines: [{ itemId: bolt, fromLocationId: shelf, toLocationId: line, quantity: '10' }],
  });
  await post({ kind: 'issue', lines: [{ itemId: bolt, locationId: line, quantity: '4' }] });
}

test("a planner reads this month's balance report, then the line's alone", async ({ page }) => {
  await setUp(page);
  await page.goto('/inventory?tab=report');
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByRole('tab', { name: 'Balance report', selected: true })).toBeVisible();

  const report = page.getByRole('table', { name: 'Stock balance report' });
  const row = report.getByRole('row').filter({ hasText: 'RB-1' });
  // Company-wide the move counts in and out: received 40 + 10, issued 10 + 4, 36 left worth $18.
  await expect(row).toContainText('0 ea');
  await expect(row).toContainText('+50 ea');
  await expect(row).toContainText('−14 ea');
  await expect(row).toContainText('36 ea');
  await expect(row).toContainText('$18.00');
  await expect(page.getByText('$18.00').first()).toBeVisible();

  // Only the line: 10 came in, 4 went out.
  await page.getByRole('combobox', { name: 'Location (and everything under it)' }).fill('LINE');
  await page
    .getByRole('option')
    .filter({ has: page.getByText('WORKS / LINE', { exact: true }) })
    .click();
  await expect(row).toContainText('+10 ea');
  await expect(row).toContainText('−4 ea');
  await expect(row).toContainText('$3.00');

  // An earlier period, picked in the calendar: two months back nothing had been received yet.
  const [year, month] = new Date().toISOString().split('-').map(Number) as [number, number];
  const earlier = new Date(Date.UTC(year, month - 3, 1)).toISOString().slice(0, 7);
  await pickPeriod(page, page.getByRole('button', { name: 'Period' }), `${earlier}-01`, `${earlier}-15`);
  await expect(page.getByText(`Value on ${earlier}-01`)).toBeVisible();
  await expect(
    page.getByText('No stock and no movements in this period. Choose an earlier start or another location.'),
  ).toBeVisible();
});

test('the report fits a 360 px phone without scrolling sideways', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await setUp(page);
  await page.goto('/inventory?tab=report');
  await expect(page.getByRole('article', { name: 'RB-1' })).toContainText('36 ea');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
