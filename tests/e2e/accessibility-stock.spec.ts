// Accessibility of the stock screens — the stock list, the balance report, borrowing, an item's and a lot's pages,
// stock checks, /scan and Tag Items — with every dialog they open, at 1280 and 360 px, as an admin and (where they
// see less) as a plain user: axe finds nothing serious or critical.
import type { Page } from '@playwright/test';
import { expect, SIZES, test } from './support/a11y-world.ts';
import { expectAccessible, expectDialogAccessible } from './support/axe.ts';

/** Text of the page's main part as the user sees it (a table cell on a laptop, a card on a phone). */
const shown = (page: Page, text: string | RegExp) =>
  page.getByRole('main').getByText(text, { exact: true }).filter({ visible: true }).first();

const h1 = (page: Page, name: string) => page.getByRole('heading', { name, level: 1 });

/** A stock dialog has its form once its body mounted. */
const withForm = (name: string) => async (dialog: ReturnType<Page['getByRole']>) =>
  await expect(dialog.getByRole('form', { name })).toBeVisible();

for (const size of SIZES) {
  test.describe(size.name, () => {
    test.use(size.use);

    test.describe('admin', () => {
      test.use({ role: 'admin' });

      test('/inventory: stock list and balance report', async ({ page }) => {
        await page.goto('/inventory');
        await expect(h1(page, 'Inventory')).toBeVisible();
        await expect(shown(page, 'WID-42')).toBeVisible();
        await expectAccessible(page, 'the stock list');
        await page.goto('/inventory?tab=report');
        await expect(page.getByText('Items with stock or movement')).toBeVisible();
        await expectAccessible(page, 'the balance report');
      });

      test('/inventory?tab=borrowed with Lend and Return', async ({ page }) => {
        await page.goto('/inventory?tab=borrowed');
        await expect(shown(page, /WO-7/)).toBeVisible();
        await expectAccessible(page, 'the borrowed list');
        await expectDialogAccessible(
          page,
          'Lend an item',
          () => page.getByRole('button', { name: 'Lend an item' }).click(),
          withForm('Choose the item to lend'),
        );
        // Chosen, the item opens its own lending dialog.
        await page.getByRole('button', { name: 'Lend an item' }).click();
        const pick = page.getByRole('form', { name: 'Choose the item to lend' });
        await pick.getByRole('combobox', { name: 'Item' }).fill('WID-42');
        await page.getByRole('option', { name: 'WID-42 · Torque wrench' }).click();
        await expectDialogAccessible(
          page,
          'Lend WID-42',
          () => pick.getByRole('button', { name: 'Continue' }).click(),
          withForm('Lend WID-42'),
        );
        await expectDialogAccessible(
          page,
          'Return WID-42',
          () =>
            page
              .getByRole('button', { name: /^Return WID-42 from/ })
              .filter({ visible: true })
              .click(),
          withForm('Return WID-42'),
        );
      });

      test('/items?id= (an item) with Receive, Issue, Move, Adjust, Borrow and Reverse', async ({
        page,
        world,
      }) => {
        await page.goto(`/items?id=${world.lotItemId}`);
        await expect(h1(page, 'P-100')).toBeVisible();
        await expect(shown(page, 'PLANT / A')).toBeVisible();
        await expect(page.getByLabel('Total on hand')).toContainText('10 ea');
        await expectAccessible(page, 'the item page');
        for (const verb of ['Receive', 'Issue', 'Move', 'Adjust']) {
          await expectDialogAccessible(
            page,
            `${verb} P-100`,
            () => page.getByRole('button', { name: verb, exact: true }).click(),
            withForm(`${verb} P-100`),
          );
        }
        await expectDialogAccessible(
          page,
          'Lend P-100',
          () => page.getByRole('button', { name: 'Borrow', exact: true }).click(),
          withForm('Lend P-100'),
        );
        await expectDialogAccessible(
          page,
          'Reverse a posting',
          () => page.getByRole('button', { name: 'Reverse' }).filter({ visible: true }).first().click(),
          withForm('Reverse a posting'),
        );
      });

      test('/items?lot= (a lot)', async ({ page, world }) => {
        await page.goto(`/items?lot=${world.lotId}`);
        await expect(h1(page, 'Lot L-7')).toBeVisible();
        await expect(page.getByLabel('Lot on hand')).toContainText('10 ea');
        await expect(page.getByText('Not used in any built lot yet.')).toBeVisible();
        await expectAccessible(page, 'the lot page');
      });

      test('/stock-check with Start a count', async ({ page }) => {
        await page.goto('/stock-check');
        await expect(h1(page, 'Stock Check')).toBeVisible();
        await expect(shown(page, /Spring count/)).toBeVisible();
        await expectAccessible(page, 'the list of counts');
        await expectDialogAccessible(
          page,
          'Start a count',
          () => page.getByRole('button', { name: 'Start a count' }).click(),
          withForm('Start a count'),
        );
      });

      test('/stock-check?session= (a count) with its dialogs and Review', async ({ page, world }) => {
        await page.goto(`/stock-check?session=${world.countId}`);
        await expect(page.getByRole('heading', { level: 1, name: /Spring count/ })).toBeVisible();
        await expect(
          page.getByRole('textbox', { name: 'Counted quantity of P-100 at PLANT / A, lot L-7' }),
        ).toBeVisible();
        await expectAccessible(page, 'a count');
        await expectDialogAccessible(page, 'Add an item found here', () =>
          page.getByRole('button', { name: 'Add an item found here' }).click(),
        );
        await expectDialogAccessible(page, /^Post .*\?$/, () =>
          page.getByRole('button', { name: 'Post count' }).click(),
        );
        await expectDialogAccessible(page, /^Cancel .*\?$/, () =>
          page.getByRole('button', { name: 'Cancel count' }).click(),
        );
        await page
          .getByRole('radiogroup', { name: 'Count view' })
          .getByText('Review', { exact: true })
          .click();
        // Every line, so that the review's table (cards on a phone) is checked too, not only its empty message.
        await page
          .getByRole('radiogroup', { name: 'Review lines' })
          .getByText('All', { exact: true })
          .click();
        await expect(shown(page, /^P-100/)).toBeVisible();
        await expectAccessible(page, 'the review of a count');
      });

      test('/scan with a scanned item and its dialogs', async ({ page, world }) => {
        await page.goto('/scan');
        await expect(h1(page, 'Scan Items')).toBeVisible();
        await expectAccessible(page, 'the scan page');
        // This browser has no camera: what the page says then.
        await page.getByRole('button', { name: 'Start camera' }).click();
        await expect(page.getByRole('alert').filter({ hasText: 'Camera unavailable' })).toBeVisible();
        await expectAccessible(page, 'the scan page without a camera');
        await page.getByRole('textbox', { name: 'Type a code' }).fill(world.itemCode);
        await page.getByRole('button', { name: 'Find' }).click();
        const card = page.getByRole('article', { name: `Scan ${world.itemCode}` });
        await expect(card.getByRole('heading', { name: 'WID-42' })).toBeVisible();
        await expectAccessible(page, 'a scanned item');
        for (const verb of ['Receive', 'Issue', 'Move']) {
          await expectDialogAccessible(
            page,
            `${verb} WID-42`,
            () => card.getByRole('button', { name: verb, exact: true }).click(),
            withForm(`${verb} WID-42`),
          );
        }
        await expectDialogAccessible(
          page,
          'Lend WID-42',
          () => card.getByRole('button', { name: 'Borrow', exact: true }).click(),
          withForm('Lend WID-42'),
        );
        await expectDialogAccessible(
          page,
          'Return WID-42',
          () => card.getByRole('button', { name: 'Return', exact: true }).click(),
          async (dialog) => await expect(dialog.getByText(/WO-7/)).toBeVisible(),
        );
      });

      test('/s/<code> of nobody', async ({ page }) => {
        await page.goto('/s/FBI00000000');
        await expect(page.getByRole('alert').filter({ hasText: 'Not recognised' })).toBeVisible();
        await expectAccessible(page, 'a label link that is not recognised');
      });

      test('/labels with items to print', async ({ page }) => {
        await page.goto('/labels');
        await expect(h1(page, 'Tag Items')).toBeVisible();
        await page.getByRole('searchbox', { name: 'Find items' }).fill('P-100');
        await page.getByRole('button', { name: 'Add P-100 to the labels to print', exact: true }).click();
        await expect(page.getByRole('list', { name: 'Selected labels' })).toContainText('P-100 Hex bolt');
        await expectAccessible(page, 'Tag Items');
      });
    });

    test.describe('user', () => {
      test.use({ role: 'user' });

      test('/inventory and an item, as a user', async ({ page, world }) => {
        await page.goto('/inventory');
        await expect(shown(page, 'WID-42')).toBeVisible();
        await expectAccessible(page, "a user's stock list");
        await page.goto(`/items?id=${world.lotItemId}`);
        await expect(h1(page, 'P-100')).toBeVisible();
        await expect(shown(page, 'PLANT / A')).toBeVisible();
        await expect(page.getByRole('button', { name: 'Adjust' })).toHaveCount(0);
        await expectAccessible(page, "a user's item page");
      });

      test('/stock-check and a count, as a user', async ({ page, world }) => {
        await page.goto('/stock-check');
        await expect(shown(page, /Spring count/)).toBeVisible();
        await expect(page.getByRole('button', { name: 'Start a count' })).toHaveCount(0);
        await expectAccessible(page, "a user's list of counts");
        await page.goto(`/stock-check?session=${world.countId}`);
        await expect(
          page.getByRole('textbox', { name: 'Counted quantity of P-100 at PLANT / A, lot L-7' }),
        ).toBeVisible();
        await expectAccessible(page, "a user's count");
      });

      test('/scan with a scanned item, as a user', async ({ page, world }) => {
        await page.goto('/scan');
        await page.getByRole('textbox', { name: 'Type a code' }).fill(world.itemCode);
        await page.getByRole('button', { name: 'Find' }).click();
        const card = page.getByRole('article', { name: `Scan ${world.itemCode}` });
        await expect(card.getByRole('heading', { name: 'WID-42' })).toBeVisible();
        await expectAccessible(page, "a user's scanned item");
      });
    });
  });
}
