// Linked identities on the screens (issue 32, decision 088), against the real OpenID provider and DNS server of the
// SSO journey (started in this process at the ports the app was told: support/sso-servers.ts). A person created by
// signing in through the company's provider opens "Sign-in methods" from the user menu: unlinking their only way in
// is refused with what to do, and they stay signed in; they set a password, log out and sign in with it, and unlink
// the provider after a confirmation. axe at 1280 and 360 px on the dialog.
import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { PASSWORD_MISMATCH_TEXT } from '../../common/password.ts';
import { IDENTITY_MESSAGES } from '../../common/schemas/identities.ts';
import type { TDnsTxtServer } from '../setup/dns-txt-server.ts';
import { IDP_CLIENT_SECRET, type TTestIdp } from '../setup/oidc-idp.ts';
import { expectAccessible } from './support/axe.ts';
import { E2E_BASE_URL } from './support/server.ts';
import { signUpCompany } from './support/session.ts';
import { startSsoServers, type TSsoServers } from './support/sso-servers-start.ts';
import { newVisitor, visitorAddress } from './support/visitor.ts';

// The provider and the DNS server listen on fixed ports: one test at a time. Scrypt and the provider's round trips
// on a busy two-core machine take long.
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 360, height: 740 };
const CLIENT_ID = 'forgeboard-identities';
const NEW_PASSWORD = 'Tangerine-Bicycle-Lantern-42';

/** The desktop user menu's "Sign-in methods" dialog. */
async function openSignInMethods(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign-in methods' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign-in methods' });
  await expect(dialog.getByRole('listitem').first()).toBeVisible();
  return dialog;
}

test.describe('linked identities', () => {
  let idp: TTestIdp;
  let dns: TDnsTxtServer;
  let servers: TSsoServers | undefined;
  test.beforeAll(async () => {
    // The other SSO spec file may hold the fixed ports on the other worker for a few minutes.
    test.setTimeout(900_000);
    servers = await startSsoServers();
    ({ idp, dns } = servers);
  });
  test.afterAll(async () => {
    await servers?.close();
  });

  test('a person created by single sign-on keeps their only way in, sets a password, signs in with it and unlinks the provider', async ({
    page,
    browser,
  }) => {
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(51) });
    await page.addInitScript(() => window.localStorage.setItem('cookie-consent', 'declined'));
    await signUpCompany(page, 'idents');
    const domain = `ident-${randomBytes(4).toString('hex')}.e2e.test`;
    // The company's provider and a proved domain, through the API (sso.spec.ts does it on screen).
    const saved = await page.request.put('/api/v1/sso/provider', {
      data: { issuer: idp.issuer, clientId: CLIENT_ID, clientSecret: IDP_CLIENT_SECRET, jitEnabled: true },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    idp.addClient(CLIENT_ID, (await saved.json()).redirectUri);
    const claim = await (await page.request.post('/api/v1/sso/domains', { data: { domain } })).json();
    dns.setTxt(claim.txtName, [claim.txtValue]);
    expect((await page.request.post(`/api/v1/sso/domains/${claim.id}/check`)).status()).toBe(200);

    // A new person signs in through the provider's own login form and becomes a user.
    const email = `uma.user@${domain}`;
    idp.addPerson('uma-1', { email, given_name: 'Uma', family_name: 'User' });
    const { context, page: uma } = await newVisitor(browser, 51);
    await uma.setViewportSize(DESKTOP);
    await uma.goto('/?login=true');
    await uma.getByRole('button', { name: 'Continue with single sign-on' }).click();
    const step = uma.getByRole('form', { name: 'Single sign-on' });
    await step.getByRole('textbox', { name: 'Work e-mail' }).fill(email);
    await step.getByRole('button', { name: 'Continue' }).click();
    // On the provider's page (before it, "E-mail" would also find the login view's "Work e-mail").
    await expect(uma.getByRole('heading', { name: 'Sign in to the test identity provider' })).toBeVisible();
    await uma.getByLabel('E-mail', { exact: true }).fill(email);
    await uma.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(uma).toHaveURL(`${E2E_BASE_URL}/help`);

    // Their only way in: listed, "Set a password" offered, unlinking it refused with what to do; still signed in.
    let dialog = await openSignInMethods(uma);
    const sso = dialog.getByRole('listitem').filter({ hasText: 'Single sign-on' });
    await expect(sso).toHaveCount(1);
    await expect(dialog.getByRole('button', { name: 'Set a password' })).toBeVisible();
    await expectAccessible(uma, 'the sign-in methods dialog, 1280 px');
    await sso.getByRole('button', { name: /^Unlink Single sign-on/ }).click();
    await sso.getByRole('button', { name: 'Yes, unlink' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(IDENTITY_MESSAGES.singleNotDeletable);
    await expect(dialog.getByRole('listitem')).toHaveCount(1);
    await expectAccessible(uma, 'the sign-in methods dialog with a refusal, 1280 px');
    await uma.reload();
    await expect(uma.getByRole('button', { name: 'User menu' })).toBeVisible();

    // A first password.
    dialog = await openSignInMethods(uma);
    await dialog.getByRole('button', { name: 'Set a password' }).click();
    const form = dialog.getByRole('form', { name: 'Set a password' });
    await form.getByLabel(/^New password/).fill(NEW_PASSWORD);
    await form.getByLabel(/^Confirm new password/).fill('Something else 99');
    await form.getByRole('button', { name: 'Set password' }).click();
    await expect(form.getByText(PASSWORD_MISMATCH_TEXT)).toBeVisible();
    await form.getByLabel(/^Confirm new password/).fill(NEW_PASSWORD);
    await form.getByRole('button', { name: 'Set password' }).click();
    await expect(dialog.getByRole('listitem').filter({ hasText: 'Password' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(dialog.getByRole('button', { name: 'Set a password' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Close' }).first().click();

    // Logged out, they sign in with the password.
    await uma.getByRole('button', { name: 'User menu' }).click();
    await uma.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(uma.getByRole('button', { name: 'User menu' })).toHaveCount(0);
    // Logging out ends on the bare root (web/lib/session.ts); a navigation started before it would be interrupted.
    await expect(uma).toHaveURL(/\/$/);
    await uma.goto('/?login=true');
    const login = uma.getByRole('form', { name: 'Log in' });
    await login.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await login.getByLabel(/^Password/).fill(NEW_PASSWORD);
    await login.getByRole('button', { name: 'Log in' }).click();
    await expect(uma.getByRole('button', { name: 'User menu' })).toBeVisible({ timeout: 30_000 });

    // On a phone, from the menu: the provider unlinked after a confirmation; the password stays.
    await uma.setViewportSize(PHONE);
    await uma.goto('/help');
    await uma.getByRole('button', { name: 'Open menu' }).click();
    await uma.getByTestId('mobile-menu').getByRole('button', { name: 'Sign-in methods' }).click();
    dialog = uma.getByRole('dialog', { name: 'Sign-in methods' });
    await expect(dialog.getByRole('listitem')).toHaveCount(2);
    await expectAccessible(uma, 'the sign-in methods dialog, 360 px');
    expect(await uma.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const provider = dialog.getByRole('listitem').filter({ hasText: 'Single sign-on' });
    await provider.getByRole('button', { name: /^Unlink Single sign-on/ }).click();
    await provider.getByRole('button', { name: 'Yes, unlink' }).click();
    await expect(dialog.getByRole('listitem')).toHaveCount(1);
    await expect(dialog.getByRole('listitem')).toContainText('Password');
    await expect(dialog.getByRole('button', { name: 'Link single sign-on' })).toBeVisible();
    await context.close();
  });
});
