// Labels: an admin adds a label format and sees its live preview at the label's proportions, then tags an item on
// Tag Items and downloads a roll PDF with one page per label copy. At a phone's width Tag Items does not scroll
// sideways. The + that adds a found item is named and shows a tooltip on hover and keyboard focus.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { signUpCompany } from './support/session.ts';
import { visitorAddress } from './support/visitor.ts';

test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(24) });
});

test('an admin adds a format with a live preview, tags an item and downloads its PDF', async ({ page }) => {
  await signUpCompany(page, 'labels');
  const item = await page.request.post('/api/v1/items', {
    data: { partNumber: 'P-200', name: 'Flange nut' },
  });
  expect(item.status(), await item.text()).toBe(201);

  await page.goto('/admin?tab=label-definitions');
  await page.getByRole('button', { name: 'Decline' }).click();
  // A company with no formats is offered its default from the label configuration.
  await expect(page.getByText('Default 4 x 1 in, QR')).toBeVisible();

  await page.getByRole('button', { name: 'Add format' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a label format' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Shelf 2 x 1');
  await dialog.getByRole('textbox', { name: 'Width' }).fill('2');
  await dialog.getByRole('textbox', { name: 'Height' }).fill('1');
  await dialog.getByText('Code 128').click();
  const preview = dialog.getByTestId('label-preview');
  await expect(preview).toBeVisible();
  await expect(preview).toHaveAttribute('viewBox', '0 0 406 203');
  const box = (await preview.boundingBox())!;
  expect(box.width / box.height).toBeCloseTo(2, 1);
  await expect(preview.locator('rect').first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Add format' }).click();
  await expect(page.getByText('Label format added')).toBeVisible();
  await expect(page.getByText('2 x 1 in · Code 128')).toBeVisible();

  await page.goto('/labels');
  await expect(page.getByRole('heading', { name: 'Tag Items', level: 1 })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Find items' }).fill('P-200');
  await page.getByRole('button', { name: 'Add P-200' }).click();
  await page.getByRole('textbox', { name: 'Copies of P-200 Flange nut' }).fill('3');
  await page.getByRole('combobox', { name: 'Label format' }).click();
  await page.getByRole('option', { name: 'Shelf 2 x 1 (2 x 1 in)' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Print labels' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^labels-shelf-2-x-1-.*\.pdf$/);
  await expect(page.getByText('3 labels ready')).toBeVisible();
  const bytes = readFileSync((await download.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const pdf = await PDFDocument.load(bytes);
  expect(pdf.getPageCount()).toBe(3);
  expect(pdf.getPage(0).getSize()).toEqual({ width: 144, height: 72 });

  await page.setViewportSize({ width: 360, height: 740 });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Tag Items', level: 1 })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

test('the + beside a found item is named and says what it does on hover and on keyboard focus', async ({
  page,
}) => {
  await signUpCompany(page, 'tagplus');
  const item = await page.request.post('/api/v1/items', {
    data: { partNumber: 'P-300', name: 'Hex nut', lotTracked: false },
  });
  expect(item.status(), await item.text()).toBe(201);

  await page.goto('/labels');
  await page.getByRole('button', { name: 'Decline' }).click();
  const search = page.getByRole('searchbox', { name: 'Find items' });
  await search.fill('P-300');
  const add = page.getByRole('button', { name: 'Add P-300 to the labels to print', exact: true });
  const tooltip = page.getByRole('tooltip', { name: 'Add P-300 to the labels to print' });

  await add.hover();
  await expect(tooltip).toBeVisible();
  await search.hover();
  await expect(tooltip).toHaveCount(0);

  // From the search box, Tab reaches the + and the tooltip shows without a mouse.
  await search.focus();
  await page.keyboard.press('Tab');
  await expect(add).toBeFocused();
  await expect(tooltip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('list', { name: 'Selected labels' })).toContainText('P-300 Hex nut');
});
