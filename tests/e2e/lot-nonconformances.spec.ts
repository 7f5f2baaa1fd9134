// A lot's nonconformances on its page (issue 30, decision 073) on a 390 px phone: a lot nothing was found wrong with
// says so; a lot with eleven shows the newest ten with their numbers, statuses and opening dates, the eleventh on the
// next page, another lot's nonconformance not at all, and a number opens that nonconformance. axe finds nothing
// serious; the section fits 360 px.
import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import { signUpCompany } from './support/session.ts';
import { post, visitorAddress } from './support/visitor.ts';

test.use({ viewport: { width: 390, height: 844 } });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(84) });
});

test('the lot page lists the lot’s nonconformances, paged, each opening its own', async ({ page }) => {
  await signUpCompany(page, 'lotncs');
  const site = await post(page, '/api/v1/locations', { kind: 'site', code: 'PLANT', name: 'Main plant' });
  const item = await post(page, '/api/v1/items', {
    partNumber: 'GSK-4',
    name: 'Gasket',
    unitCost: '2',
    lotTracked: true,
  });
  const receipt = await post(page, '/api/v1/stock/transactions', {
    kind: 'receive',
    idempotencyKey: crypto.randomUUID(),
    lines: [
      { itemId: item.id, locationId: site.id, quantity: '20', lotNumber: 'G-1' },
      { itemId: item.id, locationId: site.id, quantity: '5', lotNumber: 'G-2' },
    ],
  });
  const [doubtful, clean] = receipt.lines.map((l: { lotId: string }) => l.lotId) as [string, string];

  // Nothing found wrong with G-2 yet: the section says so.
  await page.goto(`/items?lot=${clean}`);
  await expect(page.getByRole('heading', { name: 'Lot G-2', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Decline' }).click();
  const cleanSection = page.getByRole('region', { name: 'Nonconformances' });
  await expect(cleanSection).toContainText('None: nothing has been found wrong with lot G-2.');
  await expectAccessible(page, 'a lot with no nonconformances');

  // Eleven on G-1 (the first used as is, so it is dispositioned) and one on G-2.
  const opened: { id: string; numberText: string }[] = [];
  for (let n = 1; n <= 11; n++)
    opened.push(
      await post(page, '/api/v1/nonconformances', {
        itemId: item.id,
        lotId: doubtful,
        quantity: '1',
        description: `Torn edge, batch check ${n}`,
      }),
    );
  await post(page, `/api/v1/nonconformances/${opened[0]!.id}/disposition`, {
    disposition: 'use_as_is',
    quantity: '1',
  });
  await post(page, '/api/v1/nonconformances', {
    itemId: item.id,
    lotId: clean,
    quantity: '1',
    description: 'Wrong colour',
  });

  await page.goto(`/items?lot=${doubtful}`);
  const section = page.getByRole('region', { name: 'Nonconformances' });
  const rows = section.getByRole('listitem');
  // The newest ten, newest first, each with its status and the day it was opened.
  await expect(rows).toHaveCount(10);
  await expect(rows.first()).toHaveAccessibleName('NC-000011');
  await expect(rows.first()).toContainText('Open');
  await expect(rows.first()).toContainText('Torn edge, batch check 11');
  await expect(rows.first()).toContainText(/Opened \w{3} \d{1,2}, \d{4} by/);
  await expect(section).not.toContainText('Wrong colour');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page, 'a lot with nonconformances');

  // The eleventh, the oldest, on the next page: dispositioned.
  await section.getByRole('button', { name: 'next page' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAccessibleName('NC-000001');
  await expect(rows.first()).toContainText('Dispositioned');

  // At 360 px it still fits; its number opens the nonconformance.
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await section.getByRole('link', { name: 'NC-000001' }).click();
  await expect(page.getByRole('heading', { name: 'NC-000001', level: 1 })).toBeVisible();
  await expect(page.getByText('Torn edge, batch check 1', { exact: true })).toBeVisible();
});
