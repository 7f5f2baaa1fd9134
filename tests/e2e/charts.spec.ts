// The chart kit in a real browser (recharts draws nothing in jsdom): the stock check's variance chart draws one bar
// per difference, shortages in red, each named on its axis, and the figure (its numbers opened) passes axe.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { signUpCompany } from './support/session.ts';
import { post, visitorAddress } from './support/visitor.ts';

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(24) });
});

/** A bin with three items of 10 each, and a count of it where two come up short and one over. */
async function countWithThreeDifferences(page: Page): Promise<string> {
  const site = await post(page, '/api/v1/locations', { kind: 'site', code: 'CHT', name: 'Chart site' });
  const bin = await post(page, '/api/v1/locations', {
    kind: 'bin',
    parentId: site.id,
    code: 'BIN-1',
    name: 'Bin 1',
  });
  const items = [];
  for (const [partNumber, unitCost] of [
    ['NUT-1', '1'],
    ['BOLT-2', '2'],
    ['GEAR-3', '3'],
  ] as const) {
    items.push(
      await post(page, '/api/v1/items', { partNumber, name: partNumber, unitCost, lotTracked: false }),
    );
  }
  await post(page, '/api/v1/stock/transactions', {
    kind: 'receive',
    idempotencyKey: `charts-${Date.now()}-${Math.random()}`,
    lines: items.map((item) => ({ itemId: item.id, locationId: bin.id, quantity: '10' })),
  });
  const count = await post(page, '/api/v1/stock-checks', { scope: 'location', locationId: site.id });
  const lines = (await (await page.request.get(`/api/v1/stock-checks/${count.id}/lines`)).json()).items;
  const counted: Record<string, string> = { 'NUT-1': '7', 'BOLT-2': '12', 'GEAR-3': '8' };
  for (const line of lines) {
    const response = await page.request.put(`/api/v1/stock-checks/${count.id}/lines/${line.id}`, {
      data: { countedQuantity: counted[line.partNumber] },
    });
    expect(response.status(), await response.text()).toBe(200);
  }
  return count.id;
}

test('the variance chart draws one bar per difference, shortages red, and its figure passes axe', async ({
  page,
}) => {
  await signUpCompany(page, 'charts');
  const countId = await countWithThreeDifferences(page);
  await page.goto(`/stock-check?session=${countId}`);
  await page.getByRole('button', { name: 'Decline' }).click();
  await page.getByRole('radiogroup', { name: 'Count view' }).getByText('Review', { exact: true }).click();

  const figure = page.getByRole('figure', { name: 'The 3 largest differences by value at unit cost' });
  await expect(figure).toBeVisible();
  const bars = figure.locator('.recharts-bar-rectangle');
  await expect(bars).toHaveCount(3);
  // -2 × $3 and -3 × $1 are shortages (red); +2 × $2 is a surplus (teal). Largest value first.
  await expect(figure.locator('.recharts-bar-rectangle path[fill="var(--mantine-color-red-7)"]')).toHaveCount(
    2,
  );
  await expect(
    figure.locator('.recharts-bar-rectangle path[fill="var(--mantine-color-teal-7)"]'),
  ).toHaveCount(1);
  // Each bar is named on the category axis, largest value first (recharts wraps a long name over two lines).
  await expect(figure.locator('text.recharts-cartesian-axis-tick-value')).toContainText([
    'GEAR-3 @ CHT /',
    'BOLT-2 @ CHT /',
    'NUT-1 @ CHT /',
  ]);
  // Each bar has a size: drawn, not merely present.
  for (const box of await bars.locator('path').all()) {
    expect((await box.boundingBox())?.width ?? 0).toBeGreaterThan(1);
  }

  await figure.getByText('Show these differences as a list').click();
  await expect(figure.getByRole('listitem')).toHaveText([
    /^GEAR-3 .*: -2 ea, -\$6\.00$/,
    /^BOLT-2 .*: \+2 ea, \+\$4\.00$/,
    /^NUT-1 .*: -3 ea, -\$3\.00$/,
  ]);

  const results = await new AxeBuilder({ page }).include('figure').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id} ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
});
