// Two-factor authentication as a user lives it: enrol from the user menu with an authenticator app, then log in
// with a code — codes come from oathtool, an independent RFC 6238 generator.
import { expect, type Page, test } from '@playwright/test';
import { linkIn, waitForMail } from './support/mail.ts';
import { uniqueCompany } from './support/session.ts';
import { nextStep, totpCode } from './support/totp.ts';

const PASSWORD = 'Second-factor 99';

test.beforeEach(async ({ page }) => {
  const octet = () => Math.floor(Math.random() * 254) + 1;
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': `198.19.${octet()}.${octet()}` });
});

async function signUpAndVerify(page: Page, email: string) {
  await page.goto('/?signup=true');
  const form = page.getByRole('form', { name: 'Create account' });
  await form.getByLabel('Work e-mail').fill(email);
  await form.getByLabel('Company name').fill(uniqueCompany('MFA'));
  await form.getByLabel('First name').fill('Katherine');
  await form.getByLabel('Last name').fill('Johnson');
  await form.getByLabel(/^Password/).fill(PASSWORD);
  await form.getByLabel('Confirm password').fill(PASSWORD);
  await form.getByRole('checkbox', { name: /Terms of Service/ }).check();
  await form.getByRole('checkbox', { name: /Privacy Policy/ }).check();
  await form.getByRole('button', { name: 'Create account' }).click();
  await page.goto(
    linkIn((await waitForMail(email, /Confirm your e-mail address/)).text, '/auth/callback?token='),
  );
  await expect(page).toHaveURL(/\/help$/, { timeout: 10_000 });
}

test('a user turns on two-factor authentication and then logs in with a code from the app', async ({
  page,
}) => {
  test.setTimeout(90_000); // waits for a fresh 30-second step twice
  const email = `mfa.${Date.now()}@mfa.test`;
  await signUpAndVerify(page, email);

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Two-factor authentication: off' }).click();
  const dialog = page.getByRole('dialog', { name: 'Two-factor authentication' });
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await dialog.getByTestId('totp-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  await expect(dialog.getByTestId('backup-codes').locator('code')).toHaveCount(10);
  await dialog.getByLabel('Authentication code').fill(totpCode(secret));
  await dialog.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByText('Each log-in now asks for a code from your app.')).toBeVisible();

  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Two-factor authentication: on' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/?login=true');
  const login = page.getByRole('form', { name: 'Log in' });
  await login.getByLabel('E-mail').fill(email);
  await login.getByLabel(/^Password/).fill(PASSWORD);
  await login.getByRole('button', { name: 'Log in' }).click();
  const challenge = page.getByRole('form', { name: 'Two-factor sign-in' });
  await expect(challenge).toBeVisible();
  // The code used to turn it on cannot be used again: log in with the next step's code.
  const step = nextStep();
  await page.waitForTimeout(step.waitMs + 500);
  await challenge.getByLabel('Authentication code').fill(totpCode(secret));
  await challenge.getByRole('button', { name: 'Verify and log in' }).click();
  await expect(page).toHaveURL(/\/help$/);
});
