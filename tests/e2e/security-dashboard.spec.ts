// The security dashboard as the installation's sysadmin uses it: a burst of failed log-ins shows in the numbers and
// names the failing account and address; ending another browser's session signs that browser out; it fits a 360 px
// phone and works by keyboard; a company admin cannot open it.
import { randomBytes } from 'node:crypto';
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { E2E_BASE_URL } from './support/server.ts';
import { E2E_SYSADMIN, logInAs, signUpCompany } from './support/session.ts';

// Log-ins wait on scrypt password checks (server/modules/auth/password-hash.ts): seconds each on a busy machine.
test.describe.configure({ timeout: 90_000 });

const octet = () => Math.floor(Math.random() * 254) + 1;
/** A client address of its own (the e2e server trusts X-Forwarded-For from 127.0.0.1). */
const visitorAddress = () => `198.21.${octet()}.${octet()}`;

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress() });
});

const opened: BrowserContext[] = [];
test.afterEach(async () => {
  for (const context of opened.splice(0)) await context.close();
});

/** Another person's browser: its own cookies and client address. */
async function otherBrowser(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': visitorAddress() } });
  opened.push(context);
  return context.newPage();
}

async function openDashboard(page: Page) {
  await logInAs(page, E2E_SYSADMIN);
  await page.goto('/security-dashboard');
  await expect(page.getByRole('heading', { name: 'Security Dashboard', level: 1 })).toBeVisible();
}

test('a burst of failed log-ins shows in the numbers and names the failing account and address', async ({
  page,
  browser,
}) => {
  const victim = await signUpCompany(await otherBrowser(browser), 'secburst');
  // Four wrong passwords for that account from one address, as a guesser would send them.
  const guesser = `203.0.113.${octet()}`;
  const csrf = randomBytes(32).toString('hex');
  await page.context().addCookies([{ name: 'fb_csrf', value: csrf, url: E2E_BASE_URL }]);
  for (let i = 0; i < 4; i++) {
    const response = await page.request.post('/api/v1/auth/sign-in', {
      headers: { 'x-forwarded-for': guesser },
      data: { email: victim.email, password: 'Not-the-password 9', csrfToken: csrf },
    });
    expect(response.status()).toBe(400);
  }

  await openDashboard(page);
  const failed = page.getByRole('group', { name: 'Failed sign-ins' });
  await expect(failed).toBeVisible();
  // Other tests fail log-ins too, at the same time: at least this burst is counted.
  expect(Number(await failed.locator('p').nth(1).textContent())).toBeGreaterThanOrEqual(4);

  const accounts = page.getByRole('table', { name: 'Top failing accounts' });
  const victimRow = accounts.getByRole('row').filter({ hasText: victim.email });
  await expect(victimRow).toContainText(victim.companyName);
  await expect(victimRow.getByRole('cell').last()).toHaveText('4');
  const addresses = page.getByRole('table', { name: 'Top failing addresses' });
  await expect(addresses.getByRole('row').filter({ hasText: guesser }).getByRole('cell').last()).toHaveText(
    '4',
  );

  // The numbers behind the chart, for keyboard and screen reader users.
  await page.getByText('Show the numbers as a table').click();
  await expect(page.getByRole('columnheader', { name: 'Rate limited' })).toBeVisible();
});

test('ending another browser’s session signs that browser out on its next page', async ({
  page,
  browser,
}) => {
  const theirs = await otherBrowser(browser);
  const admin = await signUpCompany(theirs, 'secend');
  await theirs.goto('/help');
  await expect(theirs.getByRole('button', { name: 'User menu' })).toBeVisible();

  await openDashboard(page);
  await page.getByRole('textbox', { name: 'Search sessions' }).fill(admin.email);
  const sessions = page.getByRole('table', { name: 'Active sessions' });
  await expect(sessions.getByRole('row')).toHaveCount(2);
  await sessions.getByRole('button', { name: `End session of ${admin.email}` }).click();
  const dialog = page.getByRole('dialog', { name: 'End this session?' });
  await expect(dialog).toContainText(admin.companyName);
  await dialog.getByRole('button', { name: 'End session' }).click();
  await expect(
    page.getByText(`${admin.email} is signed out of that browser on their next click.`),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('No active session matches.')).toBeVisible();

  await theirs.goto('/help');
  await expect(theirs).toHaveURL(/\/\?login=true$/);
});

test('a company admin who opens the dashboard is sent to /scan', async ({ page }) => {
  await signUpCompany(page, 'secadmin');
  await page.goto('/security-dashboard');
  await expect(page).toHaveURL(/\/scan$/);
  await expect(page.getByRole('heading', { name: 'Security Dashboard' })).toHaveCount(0);
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test('fits the screen, shows sessions as cards and changes the range by keyboard', async ({ page }) => {
    await openDashboard(page);
    await expect(page.getByRole('group', { name: 'Active sessions' })).toBeVisible();
    // Drawn from the same answer: the card is there, the wide table is not.
    await expect(
      page.getByRole('article', { name: `Session of ${E2E_SYSADMIN.email} (this browser)` }),
    ).toBeVisible();
    await expect(page.getByRole('table', { name: 'Active sessions' })).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    const sevenDays = page.getByRole('radio', { name: '7 days' });
    await expect(sevenDays).toBeChecked();
    await sevenDays.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('radio', { name: '24 h' })).toBeChecked();
    await expect(page).toHaveURL(/range=24h/);
    await expect(page.getByText(/^Showing the last 24 hours/)).toBeVisible();
    await expect(page.getByText(/per hour/)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
