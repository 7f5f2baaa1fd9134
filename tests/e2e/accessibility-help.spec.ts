// Accessibility of Help (issue 20): /help with Getting started and the article list, a search with its highlighted
// words, an article on /help, and the context-help drawer over a screen (Inventory), at 1280 and 360 px, as an admin
// and as a plain user: axe finds nothing serious or critical.
import type { Page } from '@playwright/test';
import { expect, SIZES, test } from './support/a11y-world.ts';
import { expectAccessible, expectDialogAccessible } from './support/axe.ts';

const h1 = (page: Page, name: string) => page.getByRole('heading', { name, level: 1 });

for (const size of SIZES) {
  test.describe(size.name, () => {
    test.use(size.use);

    for (const role of ['admin', 'user'] as const) {
      test.describe(role, () => {
        test.use({ role });

        test('/help: Getting started, the articles and a search', async ({ page }) => {
          await page.goto('/help');
          await expect(h1(page, 'Help & Documentation')).toBeVisible();
          await expect(page.getByRole('list', { name: 'Getting started steps' })).toBeVisible();
          await expect(page.getByRole('heading', { name: 'Inventory', level: 2 })).toBeVisible();
          await expectAccessible(page, '/help');
          await page.getByRole('searchbox', { name: 'Search help' }).fill('count');
          await expect(
            page.getByRole('region', { name: 'Search results' }).locator('mark').first(),
          ).toBeVisible();
          await expectAccessible(page, 'a search on /help');
        });

        test('/help?article=stock-check: an article', async ({ page }) => {
          await page.goto('/help?article=stock-check');
          await expect(page.getByRole('heading', { name: 'Stock Check', level: 2 })).toBeVisible();
          await expect(page.getByRole('img', { name: 'The list of counts on a desk screen' })).toBeVisible();
          await expectAccessible(page, 'the Stock Check article');
        });

        // Over /inventory: a screen without the charts' chunk, whose first load under a busy machine outlasted the
        // 7 s wait on /stock-check (the drawer over a count is the journey spec's, tests/e2e/help.spec.ts).
        test('/inventory with its Help drawer open', async ({ page }) => {
          await page.goto('/inventory');
          await expect(h1(page, 'Inventory')).toBeVisible();
          await expectDialogAccessible(
            page,
            'Help: Inventory',
            () => page.getByRole('button', { name: 'Help for this screen' }).click(),
            (drawer) => expect(drawer.getByRole('heading', { name: 'Find stock' })).toBeVisible(),
          );
        });
      });
    }
  });
}
