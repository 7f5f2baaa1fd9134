// A sysadmin's list of every company's pending domain claims (decision 090) on Admin › Single sign-on: a company's
// admin claims a domain; the installation's sysadmin finds it (company, domain, TXT record), approves it after a
// confirmation that says what approval does, and the claim leaves the list; the company's admin sees it proved.
// An admin sees no such list. axe at 1280 and 360 px; nothing wider than a 360 px phone.
import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import { E2E_BASE_URL } from './support/server.ts';
import { E2E_SYSADMIN, logInAs, signUpCompany } from './support/session.ts';
import { visitorAddress } from './support/visitor.ts';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 360, height: 740 };

async function openSsoTab(page: Page) {
  await page.goto('/admin?tab=sso');
  await expect(page.getByRole('heading', { name: 'Single sign-on', level: 1 })).toBeVisible();
}

test('a sysadmin approves a pending domain claim of another company; an admin sees no such list', async ({
  page,
  browser,
}) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(43) });
  await page.addInitScript(() => window.localStorage.setItem('cookie-consent', 'declined'));
  await page.setViewportSize(DESKTOP);
  const admin = await signUpCompany(page, 'ssoclaims');
  const domain = `claims-${randomBytes(4).toString('hex')}.e2e.test`;
  const claimed = await page.request.post('/api/v1/sso/domains', { data: { domain } });
  expect(claimed.status(), await claimed.text()).toBe(201);
  const txtValue = (await claimed.json()).txtValue as string;
  await openSsoTab(page);
  await expect(page.getByRole('listitem', { name: domain }).getByText('Not proved')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pending domain claims of every company' })).toHaveCount(0);

  const context = await browser.newContext({
    baseURL: E2E_BASE_URL,
    extraHTTPHeaders: { 'x-forwarded-for': visitorAddress(44) },
  });
  await context.addInitScript(() => window.localStorage.setItem('cookie-consent', 'declined'));
  const sys = await context.newPage();
  await sys.setViewportSize(DESKTOP);
  await logInAs(sys, E2E_SYSADMIN);
  await openSsoTab(sys);
  const list = sys.getByRole('list', { name: 'Pending domain claims' });
  // Newest first: the claim just made is on the first page.
  const row = list.getByRole('listitem', { name: `${domain}, ${admin.companyName}` });
  await expect(row).toBeVisible();
  await expect(row.getByText(admin.companyName, { exact: false })).toBeVisible();
  await expect(row.getByRole('textbox', { name: `Record value for ${domain}` })).toHaveValue(txtValue);
  await expectAccessible(sys, "the sysadmin's pending claims, 1280 px");

  await sys.setViewportSize(PHONE);
  await expect(row).toBeVisible();
  expect(await sys.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectAccessible(sys, "the sysadmin's pending claims, 360 px");

  // Approval asks first and says what it does; Cancel changes nothing.
  await row.getByRole('button', { name: `Approve ${domain}` }).click();
  const dialog = sys.getByRole('dialog', { name: `Approve ${domain}?` });
  await expect(dialog).toContainText(`sign in through ${admin.companyName}'s identity provider`);
  await expectAccessible(sys, 'the approval dialog, 360 px');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `Approve ${domain}` }).click();
  await sys
    .getByRole('dialog')
    .getByRole('button', { name: `Approve ${domain}` })
    .click();
  await expect(sys.getByText(`${domain} approved for ${admin.companyName}`)).toBeVisible();
  await expect(row).toHaveCount(0);
  await context.close();

  // The company's admin sees the domain proved by approval.
  await page.reload();
  await expect(page.getByRole('listitem', { name: domain }).getByText('Proved (approved)')).toBeVisible();
});
