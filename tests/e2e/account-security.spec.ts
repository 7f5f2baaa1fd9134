// Account security as users live it: changing the password from the user menu (and what it does to their other
// browsers), a wrong current password, and an admin inactivating a user who is signed in elsewhere.
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { inviteUser, logInAs, signUpCompany, type TE2EAccount } from './support/session.ts';

const NEW_PASSWORD = 'Fresh-start 77';
const DEACTIVATED = 'Your account has been deactivated. Please contact your administrator for assistance.';

// Every step here waits on scrypt password checks (128 MB each, server/modules/auth/password-hash.ts): on a busy
// two-core machine they take seconds, so the tests and the waits on a password check get more time than usual.
test.describe.configure({ timeout: 90_000 });
const PASSWORD_CHECK = { timeout: 20_000 };

/** A client address of its own, so the per-address rate limits count each browser as its own visitor. */
function visitorHeaders(): Record<string, string> {
  const octet = () => Math.floor(Math.random() * 254) + 1;
  return { 'x-forwarded-for': `198.18.${octet()}.${octet()}` };
}

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders(visitorHeaders());
});

const opened: BrowserContext[] = [];
test.afterEach(async () => {
  for (const context of opened.splice(0)) await context.close();
});

/** A second browser of `account`'s: a context of its own (own cookies and address), logged in, on /help. */
async function openBrowserAs(browser: Browser, account: TE2EAccount): Promise<Page> {
  const context = await browser.newContext({ extraHTTPHeaders: visitorHeaders() });
  opened.push(context);
  const page = await context.newPage();
  await logInAs(page, account);
  await page.goto('/help');
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  return page;
}

/** Logs in through the real login form. */
async function logInThroughForm(page: Page, email: string, password: string) {
  await page.goto('/?login=true');
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel(/^Password/).fill(password);
  await form.getByRole('button', { name: 'Log in' }).click();
}

/** Opens /help and waits for the server's word on the session: still `account`, and the page stays. */
async function expectStillSignedIn(page: Page, account: TE2EAccount) {
  const answer = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/v1/session' && response.request().method() === 'GET',
  );
  await page.goto('/help');
  expect((await (await answer).json()).user?.email).toBe(account.email);
  await expect(page).toHaveURL(/\/help$/);
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
}

/** Opens the change-password dialog from the desktop user menu. */
async function openChangePassword(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change password' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('changing the password signs out the other browser, keeps this one, and only the new password logs in', async ({
  page,
  browser,
}) => {
  await signUpCompany(page, 'pwchange');
  const user = await inviteUser(page, 'user', { firstName: 'Pat', lastName: 'Changer' });
  const here = await openBrowserAs(browser, user);
  const other = await openBrowserAs(browser, user);

  const dialog = await openChangePassword(here);
  await dialog.getByLabel(/^Current password/).fill(user.password);
  await dialog.getByLabel(/^New password/).fill(NEW_PASSWORD);
  await expect(dialog.getByTestId('password-strength')).toHaveText('Strength: Strong');
  await dialog.getByLabel(/^Confirm new password/).fill(NEW_PASSWORD);
  await expect(dialog.getByRole('checkbox', { name: 'Sign out of my other devices' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(here.getByText('Password changed', { exact: true })).toBeVisible(PASSWORD_CHECK);
  await expect(here.getByText('Signed out of 1 other device.')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The other browser's session is gone: its next protected page sends it to log in. This one stays.
  await other.goto('/help');
  await expect(other).toHaveURL(/\/\?login=true$/);
  await expectStillSignedIn(here, user);

  await logInThroughForm(other, user.email, user.password);
  await expect(other.getByText('Invalid email or password.')).toBeVisible(PASSWORD_CHECK);
  await logInThroughForm(other, user.email, NEW_PASSWORD);
  await expect(other).toHaveURL(/\/help$/, PASSWORD_CHECK);
  await expect(other.getByRole('button', { name: 'User menu' })).toBeVisible();
});

test('a wrong current password shows on its field and changes nothing', async ({ page, browser }) => {
  await signUpCompany(page, 'pwwrong');
  const user = await inviteUser(page, 'user', { firstName: 'Wren', lastName: 'Wrong' });
  const here = await openBrowserAs(browser, user);
  const other = await openBrowserAs(browser, user);

  const dialog = await openChangePassword(here);
  const current = dialog.getByLabel(/^Current password/);
  await current.fill('Not-my-password 1');
  await dialog.getByLabel(/^New password/).fill(NEW_PASSWORD);
  await dialog.getByLabel(/^Confirm new password/).fill(NEW_PASSWORD);
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog.getByText('Your current password is not right.')).toBeVisible(PASSWORD_CHECK);
  await expect(current).toHaveAccessibleDescription('Your current password is not right.');
  await expect(current).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog).toBeVisible();
  await expect(here.getByText('Password changed', { exact: true })).toHaveCount(0);

  // Both browsers are still signed in, and the password is still the old one.
  await expectStillSignedIn(other, user);
  await expectStillSignedIn(here, user);
  const third = await (await browser.newContext({ extraHTTPHeaders: visitorHeaders() })).newPage();
  opened.push(third.context());
  await logInThroughForm(third, user.email, NEW_PASSWORD);
  await expect(third.getByText('Invalid email or password.')).toBeVisible(PASSWORD_CHECK);
  await logInThroughForm(third, user.email, user.password);
  await expect(third).toHaveURL(/\/help$/, PASSWORD_CHECK);
});

test('an inactivated user is signed out at once, and the login form says the account is deactivated', async ({
  page,
  browser,
}) => {
  await signUpCompany(page, 'inactive');
  const user = await inviteUser(page, 'user', { firstName: 'Ina', lastName: 'Active' });
  const theirs = await openBrowserAs(browser, user);
  await expect(theirs).toHaveURL(/\/help$/);

  // The admin inactivates them (SPEC.md section 6).
  const listed = await page.request.get(`/api/v1/users?q=${encodeURIComponent(user.email)}`);
  expect(listed.ok()).toBe(true);
  const { items } = (await listed.json()) as { items: { id: string; email: string }[] };
  const id = items.find((item) => item.email === user.email)?.id;
  expect(id).toBeDefined();
  const patched = await page.request.patch(`/api/v1/users/${id}`, { data: { active: false } });
  expect(patched.ok()).toBe(true);

  await theirs.goto('/help');
  await expect(theirs).toHaveURL(/\/\?login=true$/);
  await logInThroughForm(theirs, user.email, user.password);
  await expect(theirs.getByText(DEACTIVATED)).toBeVisible(PASSWORD_CHECK);
  await expect(theirs).toHaveURL(/\/\?login=true$/);
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test('the dialog opens from the mobile menu, fits the screen and works by keyboard', async ({ page }) => {
    const admin = await signUpCompany(page, 'pwphone');
    await page.goto('/help');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByTestId('mobile-menu').getByRole('button', { name: 'Change password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change password' });
    await expect(dialog).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // Field by field with the keyboard; a mismatch is caught before anything is sent.
    const current = dialog.getByLabel(/^Current password/);
    await expect(current).toBeFocused();
    await page.keyboard.type(admin.password);
    await page.keyboard.press('Tab');
    await expect(dialog.getByLabel(/^New password/)).toBeFocused();
    await page.keyboard.type(NEW_PASSWORD);
    await page.keyboard.press('Tab');
    const confirm = dialog.getByLabel(/^Confirm new password/);
    await expect(confirm).toBeFocused();
    await page.keyboard.type('Fresh-start 78');
    await page.keyboard.press('Enter');
    await expect(
      dialog.getByText('Password mismatch: Passwords do not match. Please try again.'),
    ).toBeVisible();

    await confirm.fill('');
    await confirm.focus();
    await page.keyboard.type(NEW_PASSWORD);
    await page.keyboard.press('Tab');
    const signOutOthers = dialog.getByRole('checkbox', { name: 'Sign out of my other devices' });
    await expect(signOutOthers).toBeFocused();
    await page.keyboard.press('Space');
    await expect(signOutOthers).not.toBeChecked();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Change password' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Password changed', { exact: true })).toBeVisible(PASSWORD_CHECK);
    await expect(page.getByText('Your other devices stay signed in.')).toBeVisible();
    await expect(dialog).toBeHidden();
  });
});
