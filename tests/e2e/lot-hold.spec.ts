// A lot on hold (issue 30, decision 070) on a 390 px phone: an admin puts a received lot on hold from its page, with
// a reason; the page says why and since when; an issue of that lot from the item's page is refused with the server's
// words and nothing is posted; the item's page and the stock list count its stock on hold and not available, and
// the Issue dialog offers it disabled; a scan of the lot says it is on hold; released, its page's hold history lists
// the hold and the release, and the same issue goes through.
// axe finds nothing serious on the held lot.
import { expect, type Page, test } from '@playwright/test';
import { STOCK_MESSAGES } from '#common/schemas/stock.ts';
import { expectAccessible, expectDialogAccessible } from './support/axe.ts';
import { signUpCompany } from './support/session.ts';
import { visitorAddress } from './support/visitor.ts';
import { wedgeScan } from './support/wedge.ts';

test.describe.configure({ timeout: 90_000 });
test.use({ viewport: { width: 390, height: 844 } });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(34) });
});

async function posted(page: Page, url: string, data: object) {
  const response = await page.request.post(url, { data });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

test('a held lot cannot be issued until it is released', async ({ page }) => {
  await signUpCompany(page, 'holds');
  const site = await posted(page, '/api/v1/locations', { kind: 'site', code: 'PLANT', name: 'Main plant' });
  const item = await posted(page, '/api/v1/items', {
    partNumber: 'RES-5',
    name: 'Epoxy resin',
    unitCost: '4',
    lotTracked: true,
  });
  const receipt = await posted(page, '/api/v1/stock/transactions', {
    kind: 'receive',
    idempotencyKey: crypto.randomUUID(),
    lines: [
      { itemId: item.id, locationId: site.id, quantity: '8', lotNumber: 'R-88', lotExpiresOn: '2027-06-30' },
    ],
  });
  const lotId: string = receipt.lines[0].lotId;

  await page.goto(`/items?lot=${lotId}`);
  await expect(page.getByRole('heading', { name: 'Lot R-88', level: 1 })).toBeVisible();
  // Its expiry in the company's date format, as every date reads.
  await expect(page.getByText('Expires Jun 30, 2027', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Decline' }).click();
  await expectDialogAccessible(page, 'Put this lot on hold', () =>
    page.getByRole('button', { name: 'Put on hold…' }).click(),
  );
  await page.getByRole('button', { name: 'Put on hold…' }).click();
  const holdForm = page.getByRole('form', { name: 'Put this lot on hold' });
  // A reason is required: the field says so and nothing is held.
  await holdForm.getByRole('button', { name: 'Put on hold' }).click();
  await expect(holdForm.getByRole('textbox', { name: 'Reason' })).toHaveAttribute('aria-invalid', 'true');
  await holdForm.getByRole('textbox', { name: 'Reason' }).fill('Cloudy: supplier to confirm the batch');
  await holdForm.getByRole('button', { name: 'Put on hold' }).click();
  await expect(holdForm).toHaveCount(0);
  // The page's hold notice (matched by its reason: the toast that confirms the hold says "on hold" too).
  const held = page.getByRole('status').filter({ hasText: 'Cloudy: supplier to confirm the batch' });
  await expect(held).toContainText('On hold');
  await expect(page.getByRole('button', { name: 'Release…' })).toBeVisible();
  await expectAccessible(page, 'a lot on hold');

  // Scanned on the floor (a scanner types the lot number and Enter), its card says it is on hold.
  await page.goto('/scan');
  await expect(page.getByRole('heading', { name: 'Scan Items' })).toBeVisible();
  await wedgeScan(page, 'R-88');
  const scanned = page.getByRole('article', { name: 'Scan R-88' });
  await expect(scanned.getByRole('status')).toContainText('Cloudy: supplier to confirm the batch');

  // Issuing the held lot from its item's page is refused with the server's words; the lot still has 8.
  await page.goto(`/items?id=${item.id}`);
  // The balance's card says the lot is held (the history's card of the receipt names R-88 too, so match the line).
  await expect(page.getByRole('article').filter({ hasText: '8 ea · lot R-88 · on hold' })).toBeVisible();
  await page.getByRole('button', { name: 'Issue from PLANT lot R-88' }).click();
  const issue = page.getByRole('form', { name: 'Issue RES-5' });
  await issue.getByRole('textbox', { name: 'Quantity (ea)' }).fill('2');
  await issue.getByRole('textbox', { name: 'Issued to' }).fill('Line 2');
  await issue.getByRole('button', { name: 'Issue' }).click();
  await expect(issue.getByRole('alert')).toContainText(
    STOCK_MESSAGES.lotOnHold('R-88', 'RES-5', 'Cloudy: supplier to confirm the batch'),
  );
  await issue.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByLabel('Total on hand')).toContainText('8 ea');
  // Held stock is on hand but not available: the page says how much is on hold.
  await expect(page.getByLabel('On hold', { exact: true })).toContainText('8 ea');
  await expect(page.getByLabel('Available', { exact: true })).toContainText('0 ea');
  // Issue, not from a balance: the held lot is offered disabled, saying it is on hold.
  await page.getByRole('button', { name: 'Issue', exact: true }).click();
  await issue.getByRole('combobox', { name: 'From' }).click();
  await expect(page.getByRole('option', { name: 'PLANT · lot R-88 — 8 ea — On hold' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await issue.getByRole('button', { name: 'Cancel' }).click();
  // The stock list's row (a card on a phone) counts it apart.
  await page.goto('/inventory');
  await expect(page.getByRole('link', { name: 'RES-5 Epoxy resin' })).toContainText(
    '8 on hold · 0 ea available',
  );

  // Released by the admin, the same issue goes through.
  await page.goto(`/items?lot=${lotId}`);
  await page.getByRole('button', { name: 'Release…' }).click();
  const release = page.getByRole('form', { name: 'Release this lot' });
  await release.getByRole('textbox', { name: 'Reason' }).fill('Supplier certificate received');
  await release.getByRole('button', { name: 'Release' }).click();
  await expect(release).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Put on hold…' })).toBeVisible();
  await expect(page.getByText('On hold', { exact: true })).toHaveCount(0);
  // The lot's hold history: released, then held, newest first, each with why and who.
  const history = page.getByRole('region', { name: 'Hold history' }).getByRole('listitem');
  await expect(history).toHaveCount(2);
  await expect(history.nth(0)).toHaveAccessibleName('Released: Supplier certificate received');
  await expect(history.nth(1)).toHaveAccessibleName('Held: Cloudy: supplier to confirm the batch');
  await expectAccessible(page, "a released lot's hold history");
  await page.goto(`/items?id=${item.id}`);
  await page.getByRole('button', { name: 'Issue from PLANT lot R-88' }).click();
  await issue.getByRole('textbox', { name: 'Quantity (ea)' }).fill('2');
  await issue.getByRole('textbox', { name: 'Issued to' }).fill('Line 2');
  await issue.getByRole('button', { name: 'Issue' }).click();
  await expect(page.getByText('Issued 2 ea of RES-5 from PLANT, lot R-88 to Line 2')).toBeVisible();
  // Nothing on the phone scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
