// An admin manages the company's people from /admin?tab=users: invites someone who sets a password and is signed in
// by it, adds someone with a first password who must still set their own, changes a role and a rate, inactivates.
import { randomBytes } from 'node:crypto';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { linkIn, waitForMail } from './support/mail.ts';
import { savePassword } from './support/password-form.ts';
import { E2E_PASSWORD, E2E_SYSADMIN, logInAs, signUpCompany } from './support/session.ts';
import { visitorAddress } from './support/visitor.ts';

// Journeys of two or three people: longer than the default 30 s.
test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(20) });
});

/** A second person's browser: its own cookies and client address. */
async function otherBrowser(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': visitorAddress(20) } });
  return context.newPage();
}

async function openUsers(page: Page) {
  await page.goto('/admin?tab=users');
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
}

async function addUser(
  page: Page,
  person: { email: string; firstName: string; lastName: string },
  firstPassword?: string,
) {
  await page.getByRole('button', { name: 'Add user' }).click();
  const form = page.getByRole('form', { name: 'Add a user' });
  if (firstPassword) await form.getByText('Set a first password').click();
  await form.getByRole('textbox', { name: 'E-mail' }).fill(person.email);
  await form.getByLabel('First name').fill(person.firstName);
  await form.getByLabel('Last name').fill(person.lastName);
  if (firstPassword) await form.getByRole('textbox', { name: 'First password' }).fill(firstPassword);
  await form.getByRole('button', { name: firstPassword ? 'Add user' : 'Send invitation' }).click();
  await expect(page.getByText(firstPassword ? 'User added' : 'Invitation sent')).toBeVisible();
}

/** The desktop table's row of `email`. */
const rowOf = (page: Page, email: string) =>
  page.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: email });

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/?login=true');
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel(/^Password/).fill(password);
  await form.getByRole('button', { name: 'Log in' }).click();
}

/**
 * Sets the password from the mailed link in the person's own browser. Setting it signs them in (SPEC.md section 4:
 * "go to /"), and / sends a first sign-in (nothing remembered in this browser) on to /help: no log-in again.
 */
async function setPasswordFrom(
  page: Page,
  link: string,
  person: { firstName: string; lastName: string },
  heading = 'Set Your Password',
) {
  await page.goto(link);
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  await page.getByLabel(/^New password/).fill(E2E_PASSWORD);
  await page.getByLabel('Confirm new password').fill(E2E_PASSWORD);
  expect(await savePassword(page)).toBe(200);
  await expect(page.getByText('Password set successfully.')).toBeVisible();
  await expect(page).toHaveURL(/\/help$/);
  await expect(page.getByRole('button', { name: 'User menu' })).toContainText(
    `${person.firstName} ${person.lastName}`,
  );
}

test('an invited user gets the mail, sets a password and is signed in by it; the list shows them active', async ({
  page,
  browser,
}) => {
  await signUpCompany(page, 'invites');
  await openUsers(page);
  const person = { firstName: 'Olive', lastName: 'Operator' };
  const email = `olive.${randomBytes(3).toString('hex')}@invited.e2e.test`;
  await addUser(page, { email, ...person });
  await expect(rowOf(page, email).getByText('Invited', { exact: true })).toBeVisible();

  const mail = await waitForMail(email, /invited you to/);
  const olive = await otherBrowser(browser);
  // The invitation opens the root page, which sends it on to "Set Your Password" (SPEC.md section 2); saving it
  // lands Olive on /help, signed in, without logging in again.
  await setPasswordFrom(olive, linkIn(mail.text, '/?token='), person);

  await page.reload();
  await expect(rowOf(page, email).getByText('Active', { exact: true })).toBeVisible();
  await expect(rowOf(page, email).getByText('Never', { exact: true })).toHaveCount(0);
});

test('a user added with a first password must set their own before logging in', async ({ page, browser }) => {
  await signUpCompany(page, 'firstpw');
  await openUsers(page);
  const email = `pat.${randomBytes(3).toString('hex')}@added.e2e.test`;
  const first = 'Given-By-Boss-2026!';
  await addUser(page, { email, firstName: 'Pat', lastName: 'Added' }, first);

  const pat = await otherBrowser(browser);
  await logIn(pat, email, first);
  await expect(
    pat.getByText('Please check your email and follow the link to set your password before logging in.'),
  ).toBeVisible();
  await expect(pat).toHaveURL(/\/\?login=true$/);

  const mail = await waitForMail(email, /set your password/);
  await setPasswordFrom(pat, linkIn(mail.text, '/reset-password?admin_created=true'), {
    firstName: 'Pat',
    lastName: 'Added',
  });
});

test('an admin changes a role and a rate, then inactivates the user; plain users are refused the page', async ({
  page,
  browser,
}) => {
  await signUpCompany(page, 'edits');
  await openUsers(page);
  const email = `rhea.${randomBytes(3).toString('hex')}@edited.e2e.test`;
  await addUser(page, { email, firstName: 'Rhea', lastName: 'Rated' });

  await rowOf(page, email)
    .getByRole('button', { name: `Edit ${email}` })
    .click();
  const form = page.getByRole('form', { name: 'Edit user' });
  await form.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Admin' }).click();
  await form.getByLabel('Burdened labor rate ($/hour)').fill('42.5');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Rhea Rated: role Admin, rate $42.50/hour.')).toBeVisible();
  await expect(rowOf(page, email)).toContainText('Admin');
  await expect(rowOf(page, email)).toContainText('$42.50/h');

  await rowOf(page, email)
    .getByRole('button', { name: `Edit ${email}` })
    .click();
  await form.getByRole('switch', { name: /^Active/ }).click({ force: true });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Rhea Rated: inactivated and signed out.')).toBeVisible();
  await expect(rowOf(page, email).getByText('Inactive', { exact: true })).toBeVisible();

  // The Audit Trail, one of the Admin section's pages, shows who changed what, with the values before and after.
  await page
    .getByRole('navigation', { name: 'Admin pages' })
    .getByRole('link', { name: 'Audit Trail' })
    .click();
  const trail = page.getByRole('table', { name: 'Audit trail' });
  const changed = trail.getByRole('row').filter({ hasText: email }).filter({ hasText: 'Changed' });
  await expect(changed).toContainText('Role: user → admin');
  await expect(changed).toContainText('Burdened labor rate ($/hour): 0 → 42.5');
  await expect(trail.getByRole('row').filter({ hasText: 'Inactivated' })).toContainText('Active: on → off');
  await openUsers(page);

  // The search finds people by name, on the server.
  await page.getByLabel('Search').fill('rhea');
  await expect(page.getByText('1 user')).toBeVisible();

  // A plain user is sent to /scan from both user screens.
  const plainEmail = `plain.${randomBytes(3).toString('hex')}@edited.e2e.test`;
  await addUser(page, { email: plainEmail, firstName: 'Plain', lastName: 'User' });
  const plain = await otherBrowser(browser);
  await setPasswordFrom(plain, linkIn((await waitForMail(plainEmail, /invited you to/)).text, '/?token='), {
    firstName: 'Plain',
    lastName: 'User',
  });
  for (const path of ['/admin?tab=users', '/users']) {
    await plain.goto(path);
    await expect(plain).toHaveURL(/\/scan$/);
  }
});

// Issue 29: the admin page drew a row of tabs of its own (with SKU Setup and Audit Trail) under the bar's row of Admin
// pages (with Subscription): two navigations that disagreed. One is left, the bar's, the same for both roles but for
// the sysadmin's Security Dashboard; each admin screen marks itself in it, and SKU Setup is Inventory's.
for (const role of ['admin', 'sysadmin'] as const) {
  test(`an ${role} moves between the admin screens by one row of pages`, async ({ page }) => {
    if (role === 'admin') await signUpCompany(page, 'adminnav');
    else await logInAs(page, E2E_SYSADMIN);
    const admin = [
      'Users',
      'Config',
      'Label Formats',
      'Subscription',
      'Audit Trail',
      'Single sign-on',
      ...(role === 'sysadmin' ? ['Security Dashboard'] : []),
    ];
    const pages = page.getByRole('navigation', { name: 'Admin pages' });
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\?tab=users$/);
    for (const [index, name] of admin.entries()) {
      if (index > 0) await pages.getByRole('link', { name, exact: true }).click();
      await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
      await expect(pages.getByRole('link')).toHaveText(admin);
      await expect(pages.getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page');
      await expect(page.getByRole('tablist')).toHaveCount(0);
    }
    // SKU Setup is on the admin page but in Inventory's row, and no second row appears with it.
    await page.goto('/admin?tab=items');
    await expect(page.getByRole('heading', { name: 'SKU Setup', level: 1 })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Inventory pages' }).getByRole('link', { name: 'SKU Setup' }),
    ).toHaveAttribute('aria-current', 'page');
    await expect(pages).toHaveCount(0);
    await expect(page.getByRole('tablist')).toHaveCount(0);
  });
}
