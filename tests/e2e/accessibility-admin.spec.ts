// Accessibility of the signed-in shell (its menus and account dialogs), the admin screens with their dialogs — users,
// configuration, label formats and the label designer, SKU setup and the location tree, the audit trail, the plan —
// the job cost report, an area switched off, and the sysadmin's security dashboard, at 1280 and 360 px:
// axe finds nothing serious or critical.
import type { Page } from '@playwright/test';
import { expect, SIZES, test } from './support/a11y-world.ts';
import { expectAccessible, expectDialogAccessible } from './support/axe.ts';
import { pickPeriod } from './support/date-picker.ts';
import { E2E_PASSWORD } from './support/session.ts';

/** Text of the page's main part as the user sees it (a table cell on a laptop, a card on a phone). */
const shown = (page: Page, text: string | RegExp) =>
  page.getByRole('main').getByText(text, { exact: true }).filter({ visible: true }).first();

const h1 = (page: Page, name: string) => page.getByRole('heading', { name, level: 1 });

/** The account menu: the user menu on a laptop, the phone's menu below 768 px. */
async function openAccountMenu(page: Page, phone: boolean) {
  if (phone) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Menu' })).toBeVisible();
  } else {
    await page.getByRole('button', { name: 'User menu' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
  }
}

const accountAction = (page: Page, phone: boolean, name: string | RegExp) =>
  phone
    ? page.getByTestId('mobile-menu').getByRole('button', { name })
    : page.getByRole('menuitem', { name });

for (const size of SIZES) {
  const phone = size.use.viewport.width < 768;
  test.describe(size.name, () => {
    test.use(size.use);

    test.describe('admin', () => {
      test.use({ role: 'admin' });

      // An admin's screen (the Job Cost Report, issue 31's last) with the account menu and its dialogs.
      test('/job-cost-report with the menu, Change password and Two-factor', async ({ page }) => {
        await page.goto('/job-cost-report');
        await expect(h1(page, 'Job Cost Report')).toBeVisible();
        // The report has come: its figures over every job (there may be none).
        await expect(page.getByRole('region', { name: 'Total cost' })).toBeVisible();
        await expectAccessible(page, 'the job cost report');
        await openAccountMenu(page, phone);
        await expectAccessible(page, 'the account menu');
        await expectDialogAccessible(
          page,
          'Change password',
          () => accountAction(page, phone, 'Change password').click(),
          async (dialog) => await expect(dialog.getByLabel('Current password')).toBeVisible(),
        );
        if (!phone) await openAccountMenu(page, phone);
        await expectDialogAccessible(
          page,
          'Two-factor authentication',
          () => accountAction(page, phone, /^Two-factor authentication/).click(),
          async (dialog) => await expect(dialog.getByLabel('Password', { exact: true })).toBeVisible(),
        );
        // Its second step, the QR code and backup codes (enrolment starts; nothing is on until a code is entered).
        if (!phone) await openAccountMenu(page, phone);
        await expectDialogAccessible(
          page,
          'Two-factor authentication',
          async () => {
            await accountAction(page, phone, /^Two-factor authentication/).click();
            const dialog = page.getByRole('dialog', { name: 'Two-factor authentication' });
            await dialog.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
            await dialog.getByRole('button', { name: 'Continue' }).click();
          },
          async (dialog) =>
            await expect(
              dialog.getByRole('img', { name: 'QR code for your authenticator app' }),
            ).toBeVisible(),
        );
      });

      test('/maintenance/logs (an area switched off)', async ({ page }) => {
        await page.goto('/maintenance/logs');
        await expect(page.getByRole('alert')).toContainText('is switched off');
        await expectAccessible(page, 'an area switched off');
      });

      test('/admin?tab=users with Add user and Edit', async ({ page }) => {
        await page.goto('/admin?tab=users');
        await expect(h1(page, 'Users')).toBeVisible();
        await expect(shown(page, /Ana Diaz/)).toBeVisible();
        await expectAccessible(page, 'the users');
        await expectDialogAccessible(page, 'Add a user', () =>
          page.getByRole('button', { name: 'Add user' }).click(),
        );
        await expectDialogAccessible(page, /^Edit /, () =>
          page
            .getByRole('button', { name: /^Edit user\./ })
            .filter({ visible: true })
            .first()
            .click(),
        );
      });

      test('/users', async ({ page }) => {
        await page.goto('/users');
        await expect(h1(page, 'Users')).toBeVisible();
        await expect(shown(page, /Ana Diaz/)).toBeVisible();
        await expectAccessible(page, '/users');
      });

      test('/admin?tab=label-config and /label-config', async ({ page }) => {
        await page.goto('/admin?tab=label-config');
        await expect(page.getByRole('form', { name: 'Company configuration' })).toBeVisible();
        await expectAccessible(page, 'the configuration tab');
        await page.goto('/label-config');
        await expect(h1(page, 'Label Configuration')).toBeVisible();
        await expectAccessible(page, '/label-config');
      });

      test('/admin?tab=label-definitions with the label designer and Delete', async ({ page }) => {
        await page.goto('/admin?tab=label-definitions');
        await expect(shown(page, 'Shelf 2 x 1')).toBeVisible();
        await expectAccessible(page, 'the label formats');
        const preview = async (dialog: ReturnType<Page['getByRole']>) =>
          await expect(dialog.getByTestId('label-preview')).toBeVisible();
        await expectDialogAccessible(
          page,
          'Add a label format',
          () => page.getByRole('button', { name: 'Add format' }).click(),
          preview,
        );
        await expectDialogAccessible(
          page,
          'Edit Shelf 2 x 1',
          () => page.getByRole('button', { name: 'Edit Shelf 2 x 1' }).click(),
          preview,
        );
        await expectDialogAccessible(page, 'Delete this label format?', () =>
          page.getByRole('button', { name: 'Delete Shelf 2 x 1' }).click(),
        );
      });

      test('/admin?tab=items with Add item, Edit and Import', async ({ page }) => {
        await page.goto('/admin?tab=items');
        await expect(h1(page, 'SKU Setup')).toBeVisible();
        await expect(shown(page, 'WID-42')).toBeVisible();
        await expectAccessible(page, 'the items');
        await expectDialogAccessible(page, 'Add an item', () =>
          page.getByRole('button', { name: 'Add item' }).click(),
        );
        await expectDialogAccessible(page, 'Edit WID-42', () =>
          page.getByRole('button', { name: 'Edit WID-42' }).filter({ visible: true }).click(),
        );
        await expectDialogAccessible(page, 'Import items from CSV', () =>
          page.getByRole('button', { name: 'Import CSV' }).click(),
        );
        // With a file whose row has a problem: the report and its table of problems.
        await expectDialogAccessible(
          page,
          'Import items from CSV',
          async () => {
            await page.getByRole('button', { name: 'Import CSV' }).click();
            await page
              .getByRole('dialog', { name: 'Import items from CSV' })
              .locator('input[type="file"]')
              .setInputFiles({
                name: 'items.csv',
                mimeType: 'text/csv',
                buffer: Buffer.from('part_number,name,unit_cost\nCSV-1,Washer,-1\n'),
              });
          },
          async (dialog) =>
            await expect(dialog.getByRole('table', { name: 'Problems in the file' })).toBeVisible(),
        );
      });

      test('/admin?tab=items&view=locations with the tree and its dialogs', async ({ page }) => {
        await page.goto('/admin?tab=items&view=locations');
        await page.getByRole('button', { name: 'Show what is inside PLANT' }).click();
        await page.getByRole('button', { name: 'Show what is inside PLANT / A' }).click();
        await expect(page.getByRole('button', { name: 'Edit PLANT / A / S1' })).toBeVisible();
        await expectAccessible(page, 'the location tree');
        await expectDialogAccessible(page, 'Add a site', () =>
          page.getByRole('button', { name: 'Add site' }).click(),
        );
        await expectDialogAccessible(page, 'Add inside PLANT / A', () =>
          page.getByRole('button', { name: 'Add a location inside PLANT / A', exact: true }).click(),
        );
        await expectDialogAccessible(page, 'Edit PLANT / A / S1', () =>
          page.getByRole('button', { name: 'Edit PLANT / A / S1' }).click(),
        );
      });

      test('/admin?tab=audit', async ({ page }) => {
        await page.goto('/admin?tab=audit');
        await expect(h1(page, 'Audit Trail')).toBeVisible();
        await expect(page.getByText(/^\d+ changes$/)).toBeVisible();
        await expectAccessible(page, 'the audit trail');
        // The period's calendar, then one day chosen (the field then offers its clear button).
        const days = page.getByRole('button', { name: 'Days' });
        await days.click();
        await expect(page.getByRole('dialog').filter({ has: page.getByText(/^(Mo|Su)$/) })).toBeVisible();
        await expectAccessible(page, 'the calendar of a period');
        await page.keyboard.press('Escape');
        const day = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
        await pickPeriod(page, days, day, day);
        await expect(page.getByRole('button', { name: 'Clear' })).toBeVisible();
        await expectAccessible(page, 'the audit trail of one day');
      });

      test('/admin/subscription with Change the plan, and /subscription', async ({ page }) => {
        await page.goto('/admin/subscription');
        await expect(page.getByRole('region', { name: 'Your plan' })).toBeVisible();
        await expectAccessible(page, 'the plan');
        await expectDialogAccessible(page, 'Change the plan', () =>
          page
            .getByRole('button', { name: /^Choose / })
            .first()
            .click(),
        );
        await page.goto('/subscription');
        await expect(page.getByRole('region', { name: 'Your plan' })).toBeVisible();
        await expectAccessible(page, '/subscription');
      });
    });

    test.describe('sysadmin', () => {
      test.use({ role: 'sysadmin' });

      test('/security-dashboard with End session', async ({ page }) => {
        await page.goto('/security-dashboard');
        await expect(h1(page, 'Security Dashboard')).toBeVisible();
        const end = page.getByRole('button', { name: /^End session of / }).filter({ visible: true });
        await expect(end.first()).toBeVisible();
        await expectAccessible(page, 'the security dashboard');
        await expectDialogAccessible(page, 'End this session?', () => end.first().click());
      });
    });
  });
}
