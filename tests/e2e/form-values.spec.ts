// Values as a newcomer meets them in forms (issue 17): an empty quantity says it is required, not that it "must be
// a number"; money shows in cents while the form keeps the exact stored cost; the audit trail names fields as the
// screens do.
import { expect, type Page, test } from '@playwright/test';
import { signUpCompany } from './support/session.ts';

test.beforeEach(async ({ page }) => {
  const octet = () => Math.floor(Math.random() * 254) + 1;
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': `198.27.${octet()}.${octet()}` });
});

async function created(page: Page, url: string, data: object): Promise<string> {
  const response = await page.request.post(url, { data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).id;
}

/** A site PLANT and an item P-9 kept there, made through the API as a colleague would. */
async function itemWithStockPlace(page: Page, item: object = {}): Promise<string> {
  const plant = await created(page, '/api/v1/locations', { kind: 'site', code: 'PLANT', name: 'Main plant' });
  return created(page, '/api/v1/items', {
    partNumber: 'P-9',
    name: 'Shim',
    defaultLocationId: plant,
    lotTracked: false,
    ...item,
  });
}

test('receiving with the quantity left empty says the quantity is required', async ({ page }) => {
  await signUpCompany(page, 'values');
  const itemId = await itemWithStockPlace(page);
  await page.goto(`/items?id=${itemId}`);
  await page.getByRole('button', { name: 'Decline' }).click();
  await page.getByRole('button', { name: 'Receive', exact: true }).click();
  const receive = page.getByRole('form', { name: 'Receive P-9' });
  await expect(receive.getByRole('combobox', { name: 'Into location' })).toHaveValue('PLANT');
  await receive.getByRole('button', { name: 'Receive' }).click();

  const quantity = receive.getByRole('textbox', { name: 'Quantity (ea)' });
  await expect(quantity).toHaveAccessibleDescription(/Quantity is required/);
  await expect(receive.getByText(/must be a number/)).toHaveCount(0);
});

test('a unit cost of 9.2625 shows as $9.26 in the item list, and the form keeps all four decimals', async ({
  page,
}) => {
  await signUpCompany(page, 'money');
  await itemWithStockPlace(page, { unitCost: '9.2625' });
  await page.goto('/admin?tab=items');
  await expect(page.getByRole('heading', { name: 'SKU Setup', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Decline' }).click();

  const row = page.getByRole('table', { name: 'Items' }).getByRole('row').filter({ hasText: 'P-9' });
  await expect(row).toContainText('$9.26');
  await expect(row).not.toContainText('9.2625');

  await row.getByRole('button', { name: 'Edit P-9' }).click();
  const edit = page.getByRole('form', { name: 'Edit item' });
  await expect(edit.getByRole('textbox', { name: 'Unit cost ($)' })).toHaveValue('9.2625');
});

test('the audit trail names changed fields as the screens do, never by their stored names', async ({
  page,
}) => {
  await signUpCompany(page, 'audit');
  const userId = await created(page, '/api/v1/users', {
    method: 'invite',
    email: `rhea.${Date.now()}@audit.e2e.test`,
    firstName: 'Rhea',
    lastName: 'Rated',
  });
  const rate = await page.request.patch(`/api/v1/users/${userId}`, { data: { burdenedLaborRate: '42.5' } });
  expect(rate.status(), await rate.text()).toBe(200);
  const config = await page.request.patch('/api/v1/company/label-config', {
    data: { enableQualityFeature: false },
  });
  expect(config.status(), await config.text()).toBe(200);

  await page.goto('/admin?tab=audit');
  await page.getByRole('button', { name: 'Decline' }).click();
  const trail = page.getByRole('table', { name: 'Audit trail' });
  await expect(trail).toContainText('Burdened labor rate ($/hour): 0 → 42.5');
  await expect(trail).toContainText('Quality area: on → off');
  await expect(trail).not.toContainText('burdenedLaborRate');
  await expect(trail).not.toContainText('enableQualityFeature');
});
