// Suppliers (issue 30, decision 070) on a 390 px phone: an admin adds a supplier under SKU Setup → Suppliers (a bad
// e-mail is refused on its field first), receives a lot naming it from the item's page, and the lot's page says who
// it came from. axe finds nothing serious on the suppliers view.
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import { signUpCompany } from './support/session.ts';
import { visitorAddress } from './support/visitor.ts';

test.describe.configure({ timeout: 90_000 });
test.use({ viewport: { width: 390, height: 844 } });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(35) });
});

async function posted(page: Page, url: string, data: object) {
  const response = await page.request.post(url, { data });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

test('an admin adds a supplier and receives a lot from it', async ({ page }) => {
  await signUpCompany(page, 'suppliers');
  await posted(page, '/api/v1/locations', { kind: 'site', code: 'DOCK', name: 'Goods in' });
  const item = await posted(page, '/api/v1/items', {
    partNumber: 'RES-7',
    name: 'Casting resin',
    unitCost: '6',
    lotTracked: true,
  });

  await page.goto('/admin?tab=items&view=suppliers');
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByText('No suppliers yet.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Add supplier' }).click();
  const add = page.getByRole('form', { name: 'Add a supplier' });
  await add.getByRole('textbox', { name: 'Code' }).fill('ACME');
  await add.getByRole('textbox', { name: 'Name' }).fill('Acme Resins');
  await add.getByRole('textbox', { name: 'Contact' }).fill('Rita Lane');
  await add.getByRole('textbox', { name: 'Email' }).fill('not an address');
  await add.getByRole('button', { name: 'Add supplier' }).click();
  await expect(add.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');
  await add.getByRole('textbox', { name: 'Email' }).fill('Sales@Acme.example');
  await add.getByRole('button', { name: 'Add supplier' }).click();
  await expect(add).toHaveCount(0);
  const card = page.getByRole('article', { name: 'ACME Acme Resins' });
  await expect(card).toContainText('Rita Lane · sales@acme.example');
  await expectAccessible(page, 'the suppliers view');

  // Receive from the item's page, naming the supplier.
  await page.goto(`/items?id=${item.id}`);
  await page.getByRole('button', { name: 'Receive', exact: true }).click();
  const receive = page.getByRole('form', { name: 'Receive RES-7' });
  await receive.getByRole('combobox', { name: 'Into location' }).fill('DOCK');
  await page.getByRole('option').filter({ hasText: 'DOCK' }).first().click();
  await receive.getByRole('textbox', { name: 'Quantity (ea)' }).fill('12');
  await receive.getByRole('textbox', { name: 'Lot number' }).fill('CR-12');
  await receive.getByRole('combobox', { name: 'From supplier' }).fill('acme');
  await page.getByRole('option', { name: 'ACME · Acme Resins' }).click();
  await receive.getByRole('button', { name: 'Receive' }).click();
  await expect(page.getByText('Received 12 ea of RES-7 into DOCK, lot CR-12')).toBeVisible();

  // The lot's page says who it came from.
  await page.getByRole('link', { name: 'CR-12' }).first().click();
  await expect(page.getByRole('heading', { name: 'Lot CR-12', level: 1 })).toBeVisible();
  await expect(page.getByText('from ACME Acme Resins')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

const suppliersFile = (name: string, lines: string[]) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(`${lines.join('\n')}\n`),
});

test('an admin imports suppliers from CSV: a bad row imports nothing, the corrected file adds and changes', async ({
  page,
}) => {
  await signUpCompany(page, 'supplierimport');
  await posted(page, '/api/v1/suppliers', { code: 'ACME', name: 'Acme Resins' });
  await page.goto('/admin?tab=items&view=suppliers');
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByRole('article', { name: 'ACME Acme Resins' })).toBeVisible();

  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import suppliers from CSV' });
  await dialog
    .locator('input[type="file"]')
    .setInputFiles(
      suppliersFile('suppliers-with-a-mistake.csv', [
        'code,name,email',
        'acme,Acme Resins Ltd,orders@acme.example',
        'BOLT,Bolt & Co,not an address',
      ]),
    );
  // The preview names the bad row (the header is row 1) and its column, and the import cannot start.
  await expect(dialog.getByText('2 rows · 1 without problems · 1 problem')).toBeVisible();
  await expect(dialog.getByRole('alert').filter({ hasText: 'Nothing will be imported' })).toBeVisible();
  const problems = dialog.getByRole('table', { name: 'Problems in the file' });
  await expect(problems.getByRole('row').nth(1)).toContainText(/^3\s*email/);
  await expect(dialog.getByRole('button', { name: 'Import suppliers' })).toBeDisabled();

  await dialog
    .locator('input[type="file"]')
    .setInputFiles(
      suppliersFile('suppliers.csv', [
        'code,name,email',
        'acme,Acme Resins Ltd,orders@acme.example',
        'BOLT,Bolt & Co,sales@bolt.example',
      ]),
    );
  await expect(dialog.getByText('2 rows · 2 without problems · no problems')).toBeVisible();
  await dialog.getByRole('button', { name: 'Import 2 suppliers' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('1 supplier added and 1 changed from suppliers.csv.')).toBeVisible();
  await expect(page.getByRole('article', { name: 'acme Acme Resins Ltd' })).toContainText(
    'orders@acme.example',
  );
  await expect(page.getByRole('article', { name: 'BOLT Bolt & Co' })).toContainText('sales@bolt.example');
  await expectAccessible(page, 'the suppliers view after an import');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
