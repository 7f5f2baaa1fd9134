// The Config tab: an admin switches an area off and every open tab of the app drops it at once, without a reload;
// label sizes are kept within printable bounds, and an emptied size says it is required.
import { expect, test } from '@playwright/test';
import { signUpCompany } from './support/session.ts';

test.beforeEach(async ({ page }) => {
  const octet = () => Math.floor(Math.random() * 254) + 1;
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': `198.21.${octet()}.${octet()}` });
});

test('switching an area off removes it from a second open tab without a reload', async ({
  page,
  context,
}) => {
  await signUpCompany(page, 'config');
  const other = await context.newPage();
  await other.goto('/help');
  const otherSections = other.getByRole('navigation', { name: 'Sections' });
  await expect(otherSections.getByRole('button', { name: 'Quality', exact: true })).toBeVisible();

  await page.goto('/admin?tab=label-config');
  await expect(page.getByRole('heading', { name: 'Config', level: 1 })).toBeVisible();
  // The cookie banner covers the foot of the page until answered.
  await page.getByRole('button', { name: 'Decline' }).click();
  const form = page.getByRole('form', { name: 'Company configuration' });
  await form.getByRole('switch', { name: /^Quality/ }).click();
  await expect(form.getByRole('switch', { name: /^Quality/ })).not.toBeChecked();
  await form.getByRole('button', { name: 'Save configuration' }).click();
  await expect(page.getByText('Configuration saved')).toBeVisible();

  await expect(otherSections.getByRole('button', { name: 'Quality', exact: true })).toHaveCount(0);
  await expect(otherSections.getByRole('button', { name: 'Build', exact: true })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Quality', exact: true }),
  ).toHaveCount(0);
  // Kept on the server: a fresh load of the other tab still has no Quality.
  await other.reload();
  await expect(otherSections.getByRole('button', { name: 'Build', exact: true })).toBeVisible();
  await expect(otherSections.getByRole('button', { name: 'Quality', exact: true })).toHaveCount(0);
});

test('label sizes are saved within bounds; an unprintable size is refused and nothing changes', async ({
  page,
}) => {
  await signUpCompany(page, 'sizes');
  await page.goto('/admin?tab=label-config');
  const form = page.getByRole('form', { name: 'Company configuration' });
  await form.getByLabel('Width (inches)').fill('40');
  await form.getByRole('button', { name: 'Save configuration' }).click();
  await expect(form.getByText('Enter a size from 0.25 to 12 inches')).toBeVisible();
  // An emptied size says it is required, as an empty text field does (not that it is out of bounds).
  await form.getByLabel('Width (inches)').fill('');
  await form.getByRole('button', { name: 'Save configuration' }).click();
  await expect(form.getByText('Width is required')).toBeVisible();
  await expect(form.getByText('Enter a size from 0.25 to 12 inches')).toHaveCount(0);

  await form.getByLabel('Width (inches)').fill('2');
  await expect(page.getByRole('img', { name: 'Label preview, 2 by 1 inches' })).toBeVisible();
  await form.getByRole('button', { name: 'Save configuration' }).click();
  await expect(page.getByText('Configuration saved')).toBeVisible();
  await page.reload();
  await expect(form.getByLabel('Width (inches)')).toHaveValue('2');
  await expect(form.getByLabel('Height (inches)')).toHaveValue('1');
});
