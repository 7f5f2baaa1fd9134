// Nonconformances (issue 30, decision 073) on a 390 px phone: an admin opens one for 3 of a held lot's 8 from its
// page, writes up its containment, and scraps 2 of the 3 — the dialog says what will move, that the rest stays open
// and what the lot still waits for, before it is sent; the page then shows 1 left to decide and the lot still held;
// "Disposition the rest" uses the last one as is, and the lot stays held for the 5 no decision covers (decision 073,
// 2026-12-01). The lot's page holds less, lists the hold in its hold history and shows the scrap. The opener cannot
// close it; another person of the company does. axe finds nothing serious on the nonconformance or in its dialogs.
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, expectDialogAccessible } from './support/axe.ts';
import { takeHelpScreenshot } from './support/help-screenshots.ts';
import { inviteUser, logInAs, signUpCompany } from './support/session.ts';
import { visitorAddress } from './support/visitor.ts';

test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: 390, height: 844 } });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(77) });
});

async function posted(page: Page, url: string, data: object, status = 201) {
  const response = await page.request.post(url, { data });
  expect(response.status(), await response.text()).toBe(status);
  return response.json();
}

test('a nonconformance on a held lot is scrapped by an admin and closed by someone else', async ({
  page,
}) => {
  await signUpCompany(page, 'noncon');
  const colleague = await inviteUser(page, 'user', { firstName: 'Quinn', lastName: 'Checker' });
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
    lines: [{ itemId: item.id, locationId: site.id, quantity: '8', lotNumber: 'R-88' }],
  });
  const lotId: string = receipt.lines[0].lotId;
  await posted(page, `/api/v1/lots/${lotId}/hold`, { reason: 'Cloudy resin' }, 200);

  // From the lot's page: Open nonconformance, on that lot.
  await page.goto(`/items?lot=${lotId}`);
  await expect(page.getByRole('heading', { name: 'Lot R-88', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Decline' }).click();
  await page.getByRole('link', { name: 'Open nonconformance' }).click();
  const open = page.getByRole('form', { name: 'Open nonconformance' });
  await expect(open).toContainText('RES-5 · Epoxy resin, lot R-88');
  await open.getByRole('textbox', { name: 'Quantity (ea)' }).fill('3');
  await open.getByRole('button', { name: 'Open' }).click();
  // What is wrong is required: the field says so and nothing is opened.
  await expect(open.getByRole('textbox', { name: 'What is wrong' })).toHaveAttribute('aria-invalid', 'true');
  await open.getByRole('textbox', { name: 'What is wrong' }).fill('Three cans cloudy, lids bulging');
  await open.getByRole('button', { name: 'Open' }).click();
  await expect(open).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'NC-000001', level: 1 })).toBeVisible();
  await expect(page.getByText('Open', { exact: true }).first()).toBeVisible();

  // The investigation is saved by anyone; here the opener writes the containment.
  await page.getByRole('textbox', { name: 'Containment' }).fill('Cans moved to the quarantine shelf');
  await page.getByRole('button', { name: 'Save investigation' }).click();
  await expect(page.getByText('The investigation is up to date.')).toBeVisible();
  await expectAccessible(page, 'an open nonconformance');

  // Disposition: scrap 2 of the 3. The dialog says what will move, and what is left, before anything is sent.
  await expectDialogAccessible(page, 'Disposition NC-000001', () =>
    page.getByRole('button', { name: 'Disposition' }).click(),
  );
  await page.getByRole('button', { name: 'Disposition' }).click();
  const dialog = page.getByRole('form', { name: 'Disposition' });
  await dialog.getByRole('radio', { name: 'Scrap' }).check();
  await expect(dialog.getByRole('textbox', { name: 'Quantity (ea)' })).toHaveValue('3');
  await dialog.getByRole('textbox', { name: 'Quantity (ea)' }).fill('2');
  await expect(dialog.getByText('What this does')).toBeVisible();
  await expect(dialog).toContainText(
    'Takes 2 ea of RES-5 from lot R-88 out of stock as scrap, written off at the ledger',
  );
  await expect(dialog).toContainText(
    'NC-000001 stays open for the rest of its quantity. Lot R-88 stays on hold, waiting for NC-000001 (1 ea undecided), a decision on 5 ea no nonconformance covers.',
  );
  await dialog.getByRole('button', { name: 'Scrap' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('1 ea is left to decide.').first()).toBeVisible();
  const decided = page.getByRole('region', { name: 'Dispositions' });
  await expect(decided).toContainText('2 of 3 ea decided, 1 ea left to decide');
  await expect(
    decided.getByRole('list', { name: 'What this disposition posted to the ledger' }),
  ).toContainText(/^-2 ea at PLANT.*, lot R-88 · \$/);
  await expect(page.getByText('Open', { exact: true }).first()).toBeVisible();

  // The rest: used as is. All of it is decided, and the lot stays held for the 5 no nonconformance covers.
  await page.getByRole('button', { name: 'Disposition the rest' }).click();
  await dialog.getByRole('radio', { name: 'Use as is' }).check();
  await expect(dialog.getByRole('textbox', { name: 'Quantity (ea)' })).toHaveValue('1');
  await expect(dialog).toContainText('That decides all of NC-000001.');
  await dialog.getByRole('button', { name: 'Use as is' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(decided).toContainText('All 3 ea decided');
  await expect(decided).toContainText(
    'Lot R-88 stays on hold, waiting for a decision on 5 ea no nonconformance covers.',
  );
  await expectAccessible(page, 'a nonconformance decided in two parts');
  // The opener does not close their own.
  await expect(page.getByRole('button', { name: 'Close', exact: true })).toBeDisabled();
  await expect(page.getByText('You opened it, so someone else closes it')).toBeVisible();
  await takeHelpScreenshot(page, 'nonconformances-390');

  // The lot's page holds less, and its history shows the scrap.
  await page.goto(`/items?lot=${lotId}`);
  await expect(page.getByLabel('Lot on hand')).toContainText('6 ea');
  await expect(page.getByRole('region', { name: 'Hold history' })).toContainText('HeldCloudy resin');
  const scrapped = page.getByRole('article').filter({ hasText: 'PLANT · lot R-88 · balance after 6' });
  await expect(scrapped).toContainText('Scrap');
  await expect(scrapped).toContainText('-2 ea');

  // Another person of the company closes it.
  await logInAs(page, colleague);
  await page.goto('/quality?tab=nonconformances');
  await page.getByRole('link', { name: 'NC-000001' }).first().click();
  await expect(page.getByRole('heading', { name: 'NC-000001', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByText('Nothing more changes on it.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close', exact: true })).toHaveCount(0);
  await expect(page.getByText(/closed by Quinn Checker/)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Containment' })).toHaveAttribute('readonly', '');
  await expectAccessible(page, 'a closed nonconformance');
  // Nothing on the phone scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
