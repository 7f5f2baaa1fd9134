// The public site: every route renders its content, the 404 page, the cookie banner, the Back rule, accessibility.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

test('the landing page shows the offer, the feature tour and its calls to action', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Forgeboard home' })).toBeVisible();
  await page.getByRole('button', { name: 'Accept' }).click();
  await page.screenshot({ path: 'tests/artifacts/landing.png', fullPage: false });
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(page.getByText(/one-year beta/i).first()).toBeVisible();
  for (const tab of ['Inventory', 'Quality', 'Build', 'Maintenance', 'Time']) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    await expect(page.getByRole('tab', { name: tab, exact: true })).toHaveAttribute('aria-selected', 'true');
  }
  await expect(page.locator('a[href="/plans"]').first()).toBeVisible();
  await expect(page.locator('a[href="/learn-more"]').first()).toBeVisible();
});

test('login and sign-up views switch by query, with the chosen plan and Back to Home', async ({ page }) => {
  await page.goto('/?login=true');
  await expect(page.getByRole('heading', { name: 'Log in to Forgeboard' })).toBeVisible();
  await page.goto('/?signup=true&plan=premium');
  await expect(page.getByRole('heading', { name: 'Create your company account' })).toBeVisible();
  await expect(page.getByTestId('selected-plan')).toHaveText('Pro');
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('/plans shows the four plan cards with their limits', async ({ page }) => {
  await page.goto('/plans');
  for (const title of ['Free', 'Standard', 'Premium', 'Beta']) {
    await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
  }
  for (const limit of ['Up to 3 users', 'Up to 10 SKUs', 'Up to 100 SKUs', 'Up to 500 SKUs']) {
    await expect(page.getByText(limit, { exact: true }).first()).toBeVisible();
  }
});

test('every other public page has its content', async ({ page }) => {
  const pages: [string, RegExp][] = [
    ['/learn-more', /./],
    ['/privacy-policy', /Privacy Policy/],
    ['/terms-of-service', /Terms of Service/],
    ['/cookie-policy', /Cookie Policy/],
    ['/reset-password', /Reset Your Password/],
    ['/reset-password?invited=true', /Set Your Password/],
    ['/reset-password?admin_created=true', /Set Your Password/],
    ['/verify-email?email=a%40b.co', /Verify your e-mail/],
    ['/verify-expired', /Verification link expired/],
  ];
  for (const [path, heading] of pages) {
    await page.goto(path);
    const h1 = page.getByRole('heading', { level: 1 });
    await expect(h1, path).toHaveText(heading);
  }
  const main = await page.goto('/terms-of-service');
  expect(main?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Service');
  expect((await page.locator('main').textContent())?.length ?? 0).toBeGreaterThan(2000);
});

test('an unknown path shows the 404 page with a way home', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Oops! Page not found.')).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the cookie banner stores accept and decline under cookie-consent', async ({ page }) => {
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Cookie consent' });
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Decline' }).click();
  await expect(banner).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('cookie-consent'))).toBe('declined');
  await page.reload();
  await expect(banner).toBeHidden();

  await page.evaluate(() => localStorage.removeItem('cookie-consent'));
  await page.reload();
  await banner.getByRole('button', { name: 'Accept' }).click();
  expect(await page.evaluate(() => localStorage.getItem('cookie-consent'))).toBe('accepted');
});

test('Back goes home from /plans and one step back elsewhere', async ({ page }) => {
  await page.goto('/privacy-policy');
  await page.goto('/plans');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/');
  await page.locator('a[href="/learn-more"]').first().click();
  await expect(page).toHaveURL(/\/learn-more$/);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('public pages have no serious accessibility violations', async ({ page }) => {
  for (const path of ['/', '/plans', '/learn-more', '/privacy-policy', '/?login=true', '/nope']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${path}: ${v.id} ${v.help}`)).toEqual([]);
  }
});
