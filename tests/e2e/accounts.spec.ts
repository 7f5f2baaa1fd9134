// A new company's journey, as its first user lives it: sign up, verify from the delivered mail, log out and in,
// the log-in outcomes of SPEC.md section 8, and a forgotten password.
import { expect, type Page, test } from '@playwright/test';
import { countMail, linkIn, waitForMail } from './support/mail.ts';
import { savePassword } from './support/password-form.ts';
import { uniqueCompany } from './support/session.ts';

const PASSWORD = 'Forge-ahead 42';

// Each test is a different visitor: its own client address (the e2e server trusts the local proxy header), so the
// per-address sign-up limit of docs/security.md counts each on its own.
// Whole journeys with several password hashes (0.4 s of scrypt each on 2 busy cores): longer than the default 30 s.
test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ page }) => {
  const octet = () => Math.floor(Math.random() * 254) + 1;
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': `198.18.${octet()}.${octet()}` });
});

async function signUp(page: Page, email: string, companyName: string) {
  await page.goto('/plans');
  await page.locator('a[href="/?signup=true&plan=premium"]').first().click();
  await expect(page.getByTestId('selected-plan')).toHaveText('Pro');
  const form = page.getByRole('form', { name: 'Create account' });
  const create = form.getByRole('button', { name: 'Create account' });
  await form.getByLabel('Work e-mail').fill(email);
  await form.getByLabel('Company name').fill(companyName);
  await form.getByLabel('First name').fill('Grace');
  await form.getByLabel('Last name').fill('Hopper');
  await form.getByLabel(/^Password/).fill(PASSWORD);
  await expect(form.getByTestId('password-strength')).toHaveText('Strength: Strong');
  await form.getByLabel('Confirm password').fill('Forge-ahead 4');
  await expect(create).toBeDisabled(); // the passwords do not match yet
  await form.getByLabel('Confirm password').fill(PASSWORD);
  await expect(create).toBeEnabled();
  // SPEC.md: both documents must be accepted, else the Terms Required toast.
  await create.click();
  await expect(
    page.getByText('Please accept the Terms of Service and Privacy Policy to continue.'),
  ).toBeVisible();
  await form.getByRole('checkbox', { name: /Terms of Service/ }).check();
  await form.getByRole('checkbox', { name: /Privacy Policy/ }).check();
  await create.click();
  await expect(page.getByText('Please check your email for a verification link')).toBeVisible();
  // SPEC.md section 4: no session comes back, so the view returns to login with a check-email notice.
  await expect(page).toHaveURL(/\/\?login=true$/);
  await expect(checkEmailNotice(page)).toContainText(email);
  await expect(page.getByRole('form', { name: 'Log in' }).getByLabel('E-mail')).toHaveValue(email);
}

const checkEmailNotice = (page: Page) => page.getByRole('status').filter({ hasText: 'Check your e-mail' });

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/?login=true');
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel(/^Password/).fill(password);
  await form.getByRole('button', { name: 'Log in' }).click();
}

test('a new company signs up, verifies from the mail, lands on /help as admin, logs out and in again', async ({
  page,
}) => {
  const companyName = uniqueCompany('Journey');
  const email = `grace.${Date.now()}@journey.test`;
  await signUp(page, email, companyName);

  // Before the link is opened the account cannot log in: SPEC sends it to /verify-email.
  await logIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/verify-email\?email=/);

  const mail = await waitForMail(email, /Confirm your e-mail address/);
  await page.goto(linkIn(mail.text, '/auth/callback?token='));
  await expect(page.getByText('Email verified')).toBeVisible();
  await expect(page).toHaveURL(/\/help$/, { timeout: 10_000 });

  // The company exists with this user as its admin: the Admin section is there.
  const sections = page.getByRole('navigation', { name: 'Sections' });
  await expect(sections.getByRole('button', { name: 'Admin', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByText(`${companyName} · admin`)).toBeVisible();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);

  await logIn(page, email, 'not the password 1A');
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
  await logIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/help$/);
});

test('after sign-up the login view says to check the mail and sends a new link that verifies the account', async ({
  page,
}) => {
  const email = `resend.${Date.now()}@journey.test`;
  await signUp(page, email, uniqueCompany('Resend'));
  await waitForMail(email, /Confirm your e-mail address/);
  expect(await countMail(email, /Confirm your e-mail address/)).toBe(1);

  await checkEmailNotice(page).getByRole('button', { name: 'Send a new verification link' }).click();
  await expect(page.getByText('Verification email sent')).toBeVisible();
  await expect.poll(() => countMail(email, /Confirm your e-mail address/), { timeout: 15_000 }).toBe(2);

  await page.goto(
    linkIn((await waitForMail(email, /Confirm your e-mail address/)).text, '/auth/callback?token='),
  );
  await expect(page.getByText('Email verified')).toBeVisible();
  await expect(page).toHaveURL(/\/help$/, { timeout: 10_000 });
});

test('an existing company name or e-mail is refused at sign-up with SPEC.md toasts', async ({ page }) => {
  const companyName = uniqueCompany('Taken');
  const email = `first.${Date.now()}@taken.test`;
  await signUp(page, email, companyName);
  // The company exists once its first user has verified the address.
  await page.goto(
    linkIn((await waitForMail(email, /Confirm your e-mail address/)).text, '/auth/callback?token='),
  );
  await expect(page).toHaveURL(/\/help$/, { timeout: 10_000 });
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.removeItem('userData'));
  await page.goto('/?signup=true');
  const form = page.getByRole('form', { name: 'Create account' });
  await form.getByLabel('Work e-mail').fill(email);
  await form.getByLabel('Company name').fill(companyName.toUpperCase());
  await form.getByLabel('First name').fill('Ada');
  await form.getByLabel('Last name').fill('Byron');
  await form.getByLabel(/^Password/).fill(PASSWORD);
  await form.getByLabel('Confirm password').fill(PASSWORD);
  await form.getByRole('checkbox', { name: /Terms of Service/ }).check();
  await form.getByRole('checkbox', { name: /Privacy Policy/ }).check();
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(
    page
      .getByText('That company name is already taken. Choose a different name or contact your admin.')
      .first(),
  ).toBeVisible();
  await expect(page.getByText('Please sign in or reset your password.').first()).toBeVisible();
});

test('a forgotten password is reset from the mailed link, which signs the user in', async ({ page }) => {
  const email = `reset.${Date.now()}@reset.test`;
  await signUp(page, email, uniqueCompany('Reset'));
  await page.goto(
    linkIn((await waitForMail(email, /Confirm your e-mail address/)).text, '/auth/callback?token='),
  );
  await expect(page).toHaveURL(/\/help$/, { timeout: 10_000 });
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/?login=true');
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  const forgot = page.getByRole('form', { name: 'Reset your password' });
  await forgot.getByLabel('E-mail').fill(email);
  await forgot.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Check your email for a password reset link')).toBeVisible();

  await page.goto(
    linkIn((await waitForMail(email, /Reset your Forgeboard password/)).text, '/reset-password?token='),
  );
  await expect(page.getByRole('heading', { name: 'Reset Your Password' })).toBeVisible();
  await page.getByLabel(/^New password/).fill('weakpass');
  await page.getByLabel('Confirm new password').fill('weakpass');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(
    page.getByText('must contain at least 8 characters, including uppercase, lowercase, and numbers.'),
  ).toBeVisible();
  await page.getByLabel(/^New password/).fill('Brand-new Pass 7');
  await page.getByLabel('Confirm new password').fill('Brand-new Pass 7');
  expect(await savePassword(page)).toBe(200);
  await expect(page.getByText('Password set successfully.')).toBeVisible();
  // Setting it signed the user in (SPEC.md section 4: go to /, which continues to the remembered route).
  await expect(page).toHaveURL(/\/help$/);
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);

  await logIn(page, email, PASSWORD);
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
  await logIn(page, email, 'Brand-new Pass 7');
  await expect(page).toHaveURL(/\/help$/);
});

test('the sixth failed log-in for one account within 15 minutes is refused with the Too many attempts toast', async ({
  page,
}) => {
  const email = `guess.${Date.now()}@limits.test`;
  for (let attempt = 1; attempt <= 5; attempt++) {
    await logIn(page, email, `Wrong guess ${attempt}A`);
    await expect(page.getByText('Invalid email or password.').first()).toBeVisible();
  }
  await logIn(page, email, 'Wrong guess 6A');
  await expect(page.getByText('Please wait a moment before trying again.')).toBeVisible();
});
