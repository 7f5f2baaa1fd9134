// The mobile menu under 768 px, at a 375 px phone width: toggle, welcome block, scrolling, active item, tap, logout.
import { expect, test } from '@playwright/test';
import { inviteUser, logInAs, signUpCompany } from './support/session.ts';

test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

test('the mobile menu opens, welcomes by name, highlights the page, closes on tap and logs out', async ({
  page,
}) => {
  // The admin invites Ada Lovelace, who sets her password from the mail and logs in on her phone.
  await signUpCompany(page, 'mobile');
  await logInAs(page, await inviteUser(page, 'admin', { firstName: 'Ada', lastName: 'Lovelace' }));
  await page.goto('/inventory');
  await expect(page.getByRole('navigation', { name: 'Sections' })).toBeHidden();

  const toggle = page.getByRole('button', { name: 'Open menu' });
  await toggle.click();
  const menu = page.getByTestId('mobile-menu');
  await expect(menu).toBeVisible();
  await expect(menu.getByTestId('welcome-name')).toHaveText('Ada Lovelace');
  await expect(menu.getByRole('link', { name: 'Inventory', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );

  // SPEC.md: the menu is at most 80% of the viewport height minus 60 px, and scrolls.
  const box = await menu.boundingBox();
  expect(box!.height).toBeLessThanOrEqual(740 * 0.8 - 60 + 1);
  expect(
    await menu.evaluate(
      (el) => el.scrollHeight > el.clientHeight && getComputedStyle(el).overflowY === 'auto',
    ),
  ).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: 'tests/artifacts/nav-mobile.png' });

  await menu.getByRole('link', { name: 'Time Tracking' }).click();
  await expect(page).toHaveURL(/\/time$/);
  await expect(menu).toBeHidden();

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByTestId('mobile-menu').getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveCount(0);
});

test('the admin screens fit a 360 px phone: each loads with its heading and nothing scrolls sideways', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signUpCompany(page, 'narrow');
  for (const path of [
    '/admin?tab=users',
    '/admin?tab=label-config',
    '/admin?tab=items',
    '/admin?tab=audit',
    '/admin/subscription',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
    await expect(page.getByText(/Loading/)).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
  }
});

test('the phone menu highlights the section of the path, on the routes of the admin screens too', async ({
  page,
}) => {
  await signUpCompany(page, 'phonenav');
  const cases: [string, string][] = [
    ['/users', 'Admin'],
    ['/label-config', 'Admin'],
    ['/subscription', 'Admin'],
    ['/admin?tab=users', 'Admin'],
    ['/items', 'Inventory'],
    ['/admin?tab=items', 'Inventory'],
    ['/jobs', 'Time'],
    ['/orders', 'Build'],
    ['/help', 'Help'],
  ];
  for (const [path, section] of cases) {
    await page.goto(path);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Menu' });
    // Exactly one section is current, and it is the path's.
    await expect(menu.locator('[aria-current="true"]'), path).toHaveAccessibleName(section);
  }
});

test('the cookie banner stays compact on a 360 px phone, with its choices in reach and named', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Cookie consent' });
  await expect(banner).toBeVisible();
  // It used to take a quarter of the screen; now at most 15 % of it.
  const box = await banner.boundingBox();
  expect(box!.height).toBeLessThanOrEqual(740 * 0.15);
  await page.screenshot({ path: 'tests/artifacts/cookie-banner-phone.png' });
  await expect(banner.getByRole('link', { name: 'Cookie Policy' })).toBeInViewport();
  for (const name of ['Decline', 'Accept']) {
    const button = banner.getByRole('button', { name });
    await expect(button).toBeInViewport({ ratio: 1 });
    // Big enough to tap (WCAG 2.5.8 asks for 24 px).
    expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(24);
  }
  await banner.getByRole('button', { name: 'Accept' }).tap();
  await expect(banner).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('cookie-consent'))).toBe('accepted');
});
