// SKU setup's CSV import as an admin meets it: a file with a bad row is reported row by row and imports nothing;
// the corrected file imports every row, and the export gives them back.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { signUpCompany } from './support/session.ts';

test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({
    'x-forwarded-for': `198.23.${Math.floor(Math.random() * 254) + 1}.${Math.floor(Math.random() * 254) + 1}`,
  });
});

const HEADER = 'part_number,name,unit_of_measure,category,unit_cost,reorder_point';
const csvFile = (name: string, rows: string[]) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(`${[HEADER, ...rows].join('\n')}\n`),
});

test('a CSV with a bad row is reported and imports nothing; the corrected file imports every row', async ({
  page,
}) => {
  await signUpCompany(page, 'csvimport');
  await page.goto('/admin?tab=items');
  await expect(page.getByRole('heading', { name: 'SKU Setup', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Decline' }).click();

  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import items from CSV' });
  await dialog
    .locator('input[type="file"]')
    .setInputFiles(
      csvFile('items-with-a-mistake.csv', [
        'CSV-100,Hex screw M8 x 25,pcs,Fasteners,0.12,200',
        'CSV-101,Flat washer M8,pcs,Fasteners,-0.05,400',
        'CSV-102,O-ring 20 x 2,pcs,Seals,0.3,50',
      ]),
    );
  // The preview names the bad row (the header is row 1) and its column, and the import cannot start.
  await expect(dialog.getByText('3 rows · 2 without problems · 1 problem')).toBeVisible();
  await expect(dialog.getByRole('alert').filter({ hasText: 'Nothing will be imported' })).toBeVisible();
  const problems = dialog.getByRole('table', { name: 'Problems in the file' });
  await expect(problems.getByRole('row').nth(1)).toHaveText(/^3\s*unit_cost\s*Unit cost cannot be negative$/);
  await expect(dialog.getByRole('button', { name: 'Import items' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  const none = await page.request.get('/api/v1/items?status=all');
  expect((await none.json()).total).toBe(0);
  await expect(page.getByText('No items yet. Add your first item with “Add item”.')).toBeVisible();

  // The corrected file: all three come in, and the list shows them.
  await page.getByRole('button', { name: 'Import CSV' }).click();
  await dialog
    .locator('input[type="file"]')
    .setInputFiles(
      csvFile('items.csv', [
        'CSV-100,Hex screw M8 x 25,pcs,Fasteners,0.12,200',
        'CSV-101,Flat washer M8,pcs,Fasteners,0.05,400',
        'CSV-102,O-ring 20 x 2,pcs,Seals,0.3,50',
      ]),
    );
  await expect(dialog.getByText('3 rows · 3 without problems · no problems')).toBeVisible();
  await dialog.getByRole('button', { name: 'Import 3 items' }).click();
  await expect(page.getByText('3 items added from items.csv.')).toBeVisible();
  const items = page.getByRole('table', { name: 'Items' });
  for (const partNumber of ['CSV-100', 'CSV-101', 'CSV-102'])
    await expect(items.getByText(partNumber)).toBeVisible();

  // The export gives back what was imported, decimals as written.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const text = await readFile(await (await download).path(), 'utf8');
  expect(text).toContain('CSV-101,Flat washer M8');
  expect(text).toMatch(/CSV-101,Flat washer M8,[^\n]*,0\.05,400/);
});
