// Accessibility of the public pages and the signed-out views (login, forgot password, the two-factor step,
// sign-up), each at 1280 and 360 px with the cookie banner showing: axe finds nothing serious or critical.
import type { Page } from '@playwright/test';
import { expect, SIZES, type TA11yWorld, test } from './support/a11y-world.ts';
import { expectAccessible } from './support/axe.ts';

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

/** Each page: where it is, and what shows once it has loaded. */
const PAGES: { path: string; ready: (page: Page, world: TA11yWorld) => Promise<void> }[] = [
  {
    path: '/',
    ready: async (page) => {
      await expect(page.getByRole('tab', { name: 'Inventory', exact: true })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
    },
  },
  {
    path: '/?login=true',
    ready: async (page) => {
      await expect(h1(page)).toHaveText('Log in to Forgeboard');
      await expectAccessible(page, 'the login view');
      await page.getByRole('button', { name: 'Forgot your password?' }).click();
      await expect(page.getByRole('form', { name: 'Reset your password' })).toBeVisible();
    },
  },
  {
    path: '/?login=true&two-factor',
    ready: async (page, world) => {
      const login = page.getByRole('form', { name: 'Log in' });
      await login.getByLabel('E-mail').fill(world.mfaUser.email);
      await login.getByLabel(/^Password/).fill(world.mfaUser.password);
      await login.getByRole('button', { name: 'Log in' }).click();
      await expect(page.getByRole('form', { name: 'Two-factor sign-in' })).toBeVisible();
    },
  },
  {
    path: '/?signup=true&plan=premium',
    ready: async (page) => {
      await expect(h1(page)).toHaveText('Create your company account');
      await expect(page.getByRole('form', { name: 'Create account' })).toBeVisible();
    },
  },
  {
    path: '/learn-more',
    ready: async (page) => await expect(h1(page)).toBeVisible(),
  },
  {
    path: '/plans',
    ready: async (page) =>
      await expect(page.getByRole('heading', { name: 'Premium', exact: true })).toBeVisible(),
  },
  { path: '/privacy-policy', ready: async (page) => await expect(h1(page)).toHaveText('Privacy Policy') },
  { path: '/terms-of-service', ready: async (page) => await expect(h1(page)).toHaveText('Terms of Service') },
  { path: '/cookie-policy', ready: async (page) => await expect(h1(page)).toHaveText('Cookie Policy') },
  {
    path: '/reset-password',
    ready: async (page) => await expect(h1(page)).toHaveText('Reset Your Password'),
  },
  {
    path: '/reset-password?invited=true',
    ready: async (page) => await expect(h1(page)).toHaveText('Set Your Password'),
  },
  {
    path: '/verify-email?email=a%40b.co',
    ready: async (page) => await expect(h1(page)).toHaveText('Verify your e-mail'),
  },
  {
    path: '/verify-expired',
    ready: async (page) => await expect(h1(page)).toHaveText('Verification link expired'),
  },
  {
    path: '/no/such/page',
    ready: async (page) => await expect(h1(page)).toHaveText('Oops! Page not found.'),
  },
];

for (const size of SIZES) {
  test.describe(size.name, () => {
    test.use(size.use);
    for (const { path, ready } of PAGES) {
      test(path, async ({ page, world }) => {
        await page.goto(path.replace('&two-factor', ''));
        await ready(page, world);
        await expectAccessible(page, path);
      });
    }

    // The link of the verification mail: "Verifying" shows while the server checks the token (held here, so the
    // state stays), then the page moves on to a screen checked above.
    test('/auth/callback', async ({ page }) => {
      await page.route('**/api/v1/auth/verify-email', () => {});
      await page.goto('/auth/callback?token=held');
      await expect(h1(page)).toHaveText('Verifying your e-mail');
      await expect(page.getByRole('status')).toHaveText('Verifying your link...');
      await expectAccessible(page, '/auth/callback', { loading: true });
    });
  });
}
