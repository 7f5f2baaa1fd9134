// Stock check (/stock-check): an admin starts a blind count of a location, counts a quantity that differs from the
// books from the keyboard, sees the difference in Review, posts it, and the item's stock is then what was counted,
// through a "count" transaction in the ledger. The count page also fits a 360 px phone.
import { expect, type Page, test } from '@playwright/test';
import { signUpCompany } from './support/session.ts';
import { visitorAddress } from './support/visitor.ts';

// Each journey signs a company up and builds its stock first: longer than the default 30 s.
test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(23) });
});

/** A site with a bin and an item with 10 units in the bin, made through the API as the signed-in admin. */
async function stockedBin(page: Page) {
  const post = async (url: string, data: object) => {
    const response = await page.request.post(url, { data });
    expect(response.status(), await response.text()).toBe(201);
    return response.json();
  };
  const site = await post('/api/v1/locations', { kind: 'site', code: 'CNT', name: 'Count site' });
  const bin = await post('/api/v1/locations', {
    kind: 'bin',
    parentId: site.id,
    code: 'BIN-9',
    name: 'Bin 9',
  });
  const item = await post('/api/v1/items', {
    partNumber: 'WID-42',
    name: 'Widget',
    unitCost: '2.5',
    lotTracked: false,
  });
  await post('/api/v1/stock/transactions', {
    kind: 'receive',
    idempotencyKey: `e2e-${Date.now()}-${Math.random()}`,
    lines: [{ itemId: item.id, locationId: bin.id, quantity: '10' }],
  });
  return { site, bin, item };
}

test('an admin counts a location blind, reviews the difference and posts it to stock', async ({ page }) => {
  await signUpCompany(page, 'count');
  const { site, item } = await stockedBin(page);

  await page.goto('/stock-check');
  await expect(page.getByRole('heading', { name: 'Stock Check', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByText('No count is running. Start one with “Start a count”.')).toBeVisible();

  // Start a blind count of the site (and the bin under it).
  await page.getByRole('button', { name: 'Start a count' }).click();
  const form = page.getByRole('form', { name: 'Start a count' });
  await form.getByRole('combobox', { name: 'Location' }).fill('CNT');
  await page.getByRole('option', { name: /^CNT Site/ }).click();
  await expect(form.getByRole('switch', { name: 'Blind count' })).toBeChecked();
  await form.getByRole('textbox', { name: 'Title (optional)' }).fill('Spring count');
  await form.getByRole('button', { name: 'Start count' }).click();
  await expect(page.getByText('Count 1 · Spring count started')).toBeVisible();
  await expect(page).toHaveURL(/\/stock-check\?session=/);
  await expect(page.getByRole('heading', { name: 'Count 1 · Spring count', level: 1 })).toBeVisible();

  // Count 7 where the books say 10: Enter saves.
  const input = page.getByRole('textbox', { name: 'Counted quantity of WID-42 at CNT / BIN-9' });
  await input.fill('7');
  await input.press('Enter');
  await expect(page.getByLabel('Saved')).toBeVisible();
  await expect(page.getByText('1 of 1 counted')).toBeVisible();

  // Review: expected 10, book at count 10, counted 7, difference -3 worth -$7.50.
  await page.getByRole('radiogroup', { name: 'Count view' }).getByText('Review', { exact: true }).click();
  const row = page
    .getByRole('table', { name: 'Review of the count' })
    .getByRole('row')
    .filter({ hasText: 'WID-42' });
  await expect(row).toContainText('10 ea');
  await expect(row).toContainText('7 ea');
  await expect(row).toContainText('-3 ea');
  await expect(row).toContainText('-$7.50');

  // Post, after a confirmation that says what changes.
  await page.getByRole('button', { name: 'Post count' }).click();
  const dialog = page.getByRole('dialog', { name: 'Post Count 1 · Spring count?' });
  await expect(dialog).toContainText('1 line will change stock');
  await expect(dialog).toContainText('Every line is counted.');
  await dialog.getByRole('button', { name: 'Post count' }).click();
  await expect(page.getByText('Count 1 · Spring count posted')).toBeVisible();
  await expect(page.getByText('Posted', { exact: true }).first()).toBeVisible();

  const balances = await (await page.request.get(`/api/v1/items/${item.id}/balances`)).json();
  expect(balances.total).toBe('7');
  const sessionId = new URL(page.url()).searchParams.get('session');
  const session = await (await page.request.get(`/api/v1/stock-checks/${sessionId}`)).json();
  expect(session).toMatchObject({ status: 'posted', locationId: site.id });
  const transaction = await (
    await page.request.get(`/api/v1/stock/transactions/${session.transactionId}`)
  ).json();
  expect(transaction).toMatchObject({
    kind: 'count',
    lines: [expect.objectContaining({ partNumber: 'WID-42', quantityDelta: '-3', balanceAfter: '7' })],
  });
});

test('a count fits a 360 px phone: lines as cards, no sideways scrolling', async ({ page }) => {
  await signUpCompany(page, 'countphone');
  const { site } = await stockedBin(page);
  const started = await page.request.post('/api/v1/stock-checks', {
    data: { scope: 'location', locationId: site.id, title: 'Phone count with a rather long title to wrap' },
  });
  expect(started.status()).toBe(201);
  const { id } = await started.json();
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/stock-check?session=${id}`);
  await page.getByRole('button', { name: 'Decline' }).click();
  const input = page.getByRole('textbox', { name: 'Counted quantity of WID-42 at CNT / BIN-9' });
  await expect(input).toBeVisible();
  await expect(page.getByRole('article', { name: 'WID-42' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await input.fill('12');
  await input.press('Enter');
  await expect(page.getByLabel('Saved')).toBeVisible();
  await page.getByRole('radiogroup', { name: 'Count view' }).getByText('Review', { exact: true }).click();
  await expect(page.getByRole('article', { name: 'Review of WID-42 at CNT / BIN-9' })).toContainText('+2 ea');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.goto('/stock-check');
  await expect(
    page.getByRole('article', { name: 'Count 1 · Phone count with a rather long title to wrap' }),
  ).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
