// Borrowing (/inventory?tab=borrowed): an admin switches borrowing on, lends part of an item's stock to a colleague
// with a due date, sees it under Out, takes back part and then the rest, and finds it under Returned; the item's
// stock is back where it started.
import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { pickDate } from './support/date-picker.ts';
import { inviteUser, patchLabelConfig, signUpCompany } from './support/session.ts';
import { post, visitorAddress } from './support/visitor.ts';

// One journey through sign-up, set-up and five dialogs: longer than the default 30 s.
test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(23) });
});

/** A date `days` from now (YYYY-MM-DD). */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const totalOf = async (page: Page, itemId: string) =>
  (await (await page.request.get(`/api/v1/items/${itemId}/balances`)).json()).total;

test('an admin lends part of an item to a colleague and takes it back in two parts', async ({ page }) => {
  await signUpCompany(page, 'borrow');
  await patchLabelConfig(page.request, { allowBorrowing: true });
  await inviteUser(page, 'user', { firstName: 'Ana', lastName: 'Diaz' });
  const site = await post(page, '/api/v1/locations', { kind: 'site', code: 'TOOLROOM', name: 'Tool room' });
  const partNumber = `P-${randomUUID().slice(0, 6).toUpperCase()}`;
  const item = await post(page, '/api/v1/items', { partNumber, name: 'Torque wrench', lotTracked: false });
  await post(page, '/api/v1/stock/transactions', {
    kind: 'receive',
    idempotencyKey: randomUUID(),
    lines: [{ itemId: item.id, locationId: site.id, quantity: '5' }],
  });
  expect(await totalOf(page, item.id)).toBe('5');

  await page.goto('/inventory?tab=borrowed');
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByText('Nothing is out. Lend something with “Lend an item”.')).toBeVisible();

  // Lend 2 of the 5 to Ana, due in a month.
  await page.getByRole('button', { name: 'Lend an item' }).click();
  const pick = page.getByRole('form', { name: 'Choose the item to lend' });
  await pick.getByRole('combobox', { name: 'Item' }).fill(partNumber);
  await page.getByRole('option', { name: `${partNumber} · Torque wrench` }).click();
  await pick.getByRole('button', { name: 'Continue' }).click();

  const lendForm = page.getByRole('form', { name: `Lend ${partNumber}` });
  await expect(lendForm.getByRole('combobox', { name: 'Take it from' })).toHaveValue(
    'TOOLROOM — 5 ea on hand',
  );
  await lendForm.getByRole('textbox', { name: 'Quantity (ea)' }).fill('2');
  await lendForm.getByRole('combobox', { name: 'Person' }).fill('Ana');
  await page.getByRole('option', { name: 'Ana Diaz' }).click();
  const due = inDays(30);
  await pickDate(page, lendForm.getByRole('button', { name: 'Due back on' }), due);
  await lendForm.getByRole('textbox', { name: 'Note' }).fill('Press 3 service');
  await lendForm.getByRole('button', { name: 'Lend' }).click();
  await expect(page.getByText(`Lent 2 ea of ${partNumber} to Ana Diaz, due ${due}`)).toBeVisible();
  await expect(lendForm).toHaveCount(0);
  expect(await totalOf(page, item.id)).toBe('3');

  // Under Out: 2 of 2 with Ana, not overdue.
  const table = page.getByRole('table', { name: 'Borrowed items' });
  const row = table.getByRole('row').filter({ hasText: partNumber });
  await expect(row).toContainText('2 of 2 ea');
  await expect(row).toContainText('Ana Diaz');
  await expect(row).toContainText(due);
  await expect(row.getByText('Out', { exact: true })).toBeVisible();

  // Take back 1: the quantity starts at what is out, the location at where it came from.
  await row.getByRole('button', { name: `Return ${partNumber} from Ana Diaz` }).click();
  const returnForm = page.getByRole('form', { name: `Return ${partNumber}` });
  const quantity = returnForm.getByRole('textbox', { name: 'Quantity back (ea)' });
  await expect(quantity).toHaveValue('2');
  await expect(returnForm.getByRole('combobox', { name: 'Put it back into' })).toHaveValue('TOOLROOM');
  await quantity.fill('3');
  await returnForm.getByRole('button', { name: 'Return' }).click();
  await expect(returnForm.getByText('Only 2 ea is still out: return at most that.')).toBeVisible();
  await quantity.fill('1');
  await returnForm.getByRole('button', { name: 'Return' }).click();
  await expect(page.getByText(`Took back 1 ea of ${partNumber} from Ana Diaz: 1 ea still out`)).toBeVisible();
  await expect(row).toContainText('1 of 2 ea');
  expect(await totalOf(page, item.id)).toBe('4');

  // Then the rest: nothing is out any more, and it is listed under Returned.
  await row.getByRole('button', { name: `Return ${partNumber} from Ana Diaz` }).click();
  await expect(returnForm.getByRole('textbox', { name: 'Quantity back (ea)' })).toHaveValue('1');
  await returnForm.getByRole('button', { name: 'Return' }).click();
  await expect(
    page.getByText(`Took back 1 ea of ${partNumber} from Ana Diaz: everything is back`),
  ).toBeVisible();
  await expect(page.getByText('Nothing is out. Lend something with “Lend an item”.')).toBeVisible();
  await page
    .getByRole('radiogroup', { name: 'Show borrowings' })
    .getByText('Returned', { exact: true })
    .click();
  const returned = table.getByRole('row').filter({ hasText: partNumber });
  await expect(returned).toContainText('2 ea');
  await expect(returned.getByText('Returned', { exact: true })).toBeVisible();
  await expect(returned.getByRole('button', { name: /Return/ })).toHaveCount(0);

  expect(await totalOf(page, item.id)).toBe('5');
});
