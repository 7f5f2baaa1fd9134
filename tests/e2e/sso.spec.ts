// Company single sign-on on the screens (issue 32, decision 086), against a real OpenID provider (oidc-provider) and
// a real DNS server, both started in this test's process at the ports the app was told (support/sso-servers.ts).
// An admin sets up the provider on Admin › Single sign-on (a wrong issuer is named under its field; the secret is
// only "stored" afterwards), copies the redirect URL to the provider, claims a domain, is told its TXT record is
// missing, publishes it and proves it. A person the company never invited signs in through the login view's single
// sign-on step and the provider's own login form, and lands on /help as a user of that company. With SSO required,
// that domain's password sign-in is refused with the way to single sign-on; an unproved domain and a refused
// callback are said plainly. Removing the provider is refused while a domain requires SSO, then done after a
// confirmation (decision 090). axe at 1280 and 360 px on the tab and the login view's step; the help screenshots.
import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { SSO_ERROR_MESSAGES, SSO_MESSAGES } from '../../common/schemas/sso.ts';
import type { TDnsTxtServer } from '../setup/dns-txt-server.ts';
import { IDP_CLIENT_SECRET, type TTestIdp } from '../setup/oidc-idp.ts';
import { expectAccessible } from './support/axe.ts';
import { takeHelpScreenshot } from './support/help-screenshots.ts';
import { E2E_BASE_URL } from './support/server.ts';
import { signUpCompany } from './support/session.ts';
import { startSsoServers, type TSsoServers } from './support/sso-servers-start.ts';
import { newVisitor, visitorAddress } from './support/visitor.ts';

// The provider and the DNS server listen on fixed ports: only one test may hold them at a time.
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 360, height: 740 };
const CLIENT_ID = 'forgeboard-e2e';

/** The login view's single sign-on step, from the password view. */
async function openSsoStep(page: Page) {
  await page.goto('/?login=true');
  await page.getByRole('button', { name: 'Continue with single sign-on' }).click();
  return page.getByRole('form', { name: 'Single sign-on' });
}

test.describe('single sign-on', () => {
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

  test('an admin sets up the provider and proves a domain; a new person signs in through it; SSO required refuses passwords', async ({
    page,
    browser,
  }) => {
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(41) });
    await page.setViewportSize(DESKTOP);
    const admin = await signUpCompany(page, 'sso');
    const domain = `sso-${randomBytes(4).toString('hex')}.e2e.test`;

    await page.goto('/admin?tab=sso');
    await page.getByRole('button', { name: 'Decline' }).click();
    await expect(page.getByRole('heading', { name: 'Single sign-on', level: 1 })).toBeVisible();
    const form = page.getByRole('form', { name: 'Identity provider' });
    await expect(form.getByText('appears here once the provider is saved')).toBeVisible();
    await expectAccessible(page, 'the single sign-on tab, nothing set up, 1280 px');

    // A wrong issuer is refused under its field (the server fetched no OpenID configuration there).
    const issuer = form.getByRole('textbox', { name: 'Issuer URL' });
    await issuer.fill(`${idp.issuer}/nowhere`);
    await form.getByRole('textbox', { name: 'Client id' }).fill(CLIENT_ID);
    await form.getByLabel('Client secret').fill(IDP_CLIENT_SECRET);
    await form.getByRole('switch', { name: 'Create accounts at first sign-in' }).check({ force: true });
    await form.getByRole('button', { name: 'Set up provider' }).click();
    await expect(issuer).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByText(SSO_MESSAGES.discoveryFailed)).toBeVisible();

    await issuer.fill(idp.issuer);
    await form.getByRole('button', { name: 'Set up provider' }).click();
    await expect(page.getByText('Identity provider set up')).toBeVisible();
    // The secret is never shown again: the field is empty and says one is stored.
    await expect(form.getByLabel('Client secret')).toHaveValue('');
    await expect(form.getByText('Stored. Leave empty to keep it.')).toBeVisible();
    await expect(form.getByRole('switch', { name: 'Create accounts at first sign-in' })).toBeChecked();
    const redirectUri = await form.getByRole('textbox', { name: 'Redirect URL' }).inputValue();
    expect(redirectUri).toMatch(new RegExp(`^${E2E_BASE_URL}/api/auth/sso/callback/`));
    // The admin registers that URL at the provider.
    idp.addClient(CLIENT_ID, redirectUri);

    // The domain: claimed, its TXT record shown; checked before it is published, then after.
    const claim = page.getByRole('form', { name: 'Claim a domain' });
    await claim.getByRole('textbox', { name: 'E-mail domain' }).fill('not a domain');
    await claim.getByRole('button', { name: 'Add domain' }).click();
    await expect(claim.getByText('Enter a domain, such as example.com')).toBeVisible();
    await claim.getByRole('textbox', { name: 'E-mail domain' }).fill(domain.toUpperCase());
    await claim.getByRole('button', { name: 'Add domain' }).click();
    await expect(page.getByText(`${domain} claimed`)).toBeVisible();
    const row = page.getByRole('listitem', { name: domain });
    await expect(row.getByText('Not proved')).toBeVisible();
    const txtName = await row.getByRole('textbox', { name: `Record name for ${domain}` }).inputValue();
    const txtValue = await row.getByRole('textbox', { name: `Record value for ${domain}` }).inputValue();
    expect(txtName).toBe(`_forgeboard-challenge.${domain}`);
    expect(txtValue).toMatch(/^forgeboard-domain-verification=\S+$/);
    await row.getByRole('button', { name: `Check now: ${domain}` }).click();
    await expect(row.getByRole('alert')).toHaveText(SSO_MESSAGES.notProved);
    await expectAccessible(page, 'the single sign-on tab with a domain to prove, 1280 px');

    dns.setTxt(txtName, [txtValue]);
    await row.getByRole('button', { name: `Check now: ${domain}` }).click();
    await expect(row.getByText('Proved', { exact: true })).toBeVisible();
    await expect(page.getByText(`${domain} is proved`)).toBeVisible();
    await expect(row.getByRole('alert')).toHaveCount(0);
    // The help article's picture: the whole tab from its top, without the toasts over it.
    // Closed in the page in one go: the toasts also close themselves, so a list of close buttons read first can name
    // one that is gone by the time it is clicked (a click that then waits for the test's whole time).
    await page.evaluate(() => {
      for (const close of document.querySelectorAll<HTMLButtonElement>('.mantine-Notification-closeButton'))
        close.click();
    });
    await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
    await page.setViewportSize({ width: 1280, height: 1500 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await takeHelpScreenshot(page, 'sso-setup-1280');

    await page.setViewportSize(PHONE);
    await expect(row.getByRole('switch', { name: 'SSO required' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page, 'the single sign-on tab, 360 px');

    // A person the company never invited signs in through the provider's own login form.
    const person = { email: `nia.new@${domain}`, given_name: 'Nia', family_name: 'Newton' };
    idp.addPerson('nia-1', person);
    const visitor = await newVisitor(browser, 41);
    await visitor.page.setViewportSize(DESKTOP);
    const step = await openSsoStep(visitor.page);
    await step.getByRole('textbox', { name: 'Work e-mail' }).fill(person.email);
    await step.getByRole('button', { name: 'Continue' }).click();
    await expect(
      visitor.page.getByRole('heading', { name: 'Sign in to the test identity provider' }),
    ).toBeVisible();
    await visitor.page.getByLabel('E-mail').fill(person.email);
    await visitor.page.getByRole('button', { name: 'Sign in' }).click();
    await expect(visitor.page).toHaveURL(`${E2E_BASE_URL}/help`);
    await expect(visitor.page.getByRole('heading', { name: 'Help & Documentation', level: 1 })).toBeVisible();
    await visitor.page.getByRole('button', { name: 'User menu' }).click();
    await expect(visitor.page.getByText(`${admin.companyName} · user`)).toBeVisible();
    await expect(visitor.page.getByText(person.email)).toBeVisible();
    await visitor.page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(visitor.page.getByRole('button', { name: 'User menu' })).toHaveCount(0);

    // The admin requires single sign-on for the domain.
    await page.setViewportSize(DESKTOP);
    await row.getByRole('switch', { name: 'SSO required' }).click({ force: true });
    await expect(page.getByText(`Single sign-on required for ${domain}`)).toBeVisible();
    await expect(row.getByRole('switch', { name: 'SSO required' })).toBeChecked();

    // That domain's password sign-in is refused, pointing at single sign-on, which starts with the address.
    await visitor.page.goto('/?login=true');
    const login = visitor.page.getByRole('form', { name: 'Log in' });
    await login.getByRole('textbox', { name: 'E-mail' }).fill(person.email);
    await login.getByLabel(/^Password/).fill('Any password 42');
    await login.getByRole('button', { name: 'Log in' }).click();
    const refusal = login.getByRole('alert');
    await expect(refusal).toContainText(SSO_MESSAGES.passwordRefused);
    await refusal.getByRole('button', { name: 'Continue with single sign-on' }).click();
    await expect(
      visitor.page
        .getByRole('form', { name: 'Single sign-on' })
        .getByRole('textbox', { name: 'Work e-mail' }),
    ).toHaveValue(person.email);
    await visitor.context.close();
  });

  test('an admin removes the provider: refused while a domain requires SSO, then gone after a confirmation', async ({
    page,
  }) => {
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(45) });
    await page.addInitScript(() => window.localStorage.setItem('cookie-consent', 'declined'));
    await page.setViewportSize(PHONE);
    await signUpCompany(page, 'ssoremove');
    const domain = `remove-${randomBytes(4).toString('hex')}.e2e.test`;
    // Set up through the API (the journey above does it on screen): a provider, a proved domain, SSO required.
    const saved = await page.request.put('/api/v1/sso/provider', {
      data: { issuer: idp.issuer, clientId: 'forgeboard-remove', clientSecret: IDP_CLIENT_SECRET },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    const claim = await (await page.request.post('/api/v1/sso/domains', { data: { domain } })).json();
    dns.setTxt(claim.txtName, [claim.txtValue]);
    expect((await page.request.post(`/api/v1/sso/domains/${claim.id}/check`)).status()).toBe(200);
    await page.request.patch(`/api/v1/sso/domains/${claim.id}`, { data: { ssoRequired: true } });

    await page.goto('/admin?tab=sso');
    const form = page.getByRole('form', { name: 'Identity provider' });
    await form.getByRole('button', { name: 'Remove provider' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove the identity provider?' });
    await expect(dialog).toContainText('Nobody can sign in through it any more');
    await expectAccessible(page, 'the remove-provider dialog, 360 px');
    await dialog.getByRole('button', { name: 'Remove provider' }).click();
    await expect(dialog.getByRole('alert')).toContainText(`Turn off "SSO required" for ${domain} first`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    // The switch's input is hidden behind its track (hence force), and force skips the check that nothing covers it:
    // the closing dialog's overlay would take the click.
    await expect(dialog).toBeHidden();

    const row = page.getByRole('listitem', { name: domain });
    await row.getByRole('switch', { name: 'SSO required' }).click({ force: true });
    await expect(row.getByRole('switch', { name: 'SSO required' })).not.toBeChecked();
    await form.getByRole('button', { name: 'Remove provider' }).click();
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Remove provider' }).click();
    await expect(page.getByText('Identity provider removed')).toBeVisible();
    await expect(form.getByRole('button', { name: 'Set up provider' })).toBeVisible();
    await expect(form.getByRole('button', { name: 'Remove provider' })).toHaveCount(0);
    // Nobody is routed to it any more: the proved domain's address finds no provider.
    const start = await page.request.post('/api/v1/auth/sso/start', { data: { email: `x@${domain}` } });
    expect(start.status()).toBe(404);
  });

  test('the login view refuses an unproved domain plainly and a refused callback says what to do; axe at 1280 and 360 px', async ({
    browser,
  }) => {
    const { context, page } = await newVisitor(browser, 41);
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      const step = await openSsoStep(page);
      await expect(step.getByRole('textbox', { name: 'Work e-mail' })).toBeFocused();
      await expectAccessible(page, `the login view's single sign-on step, ${size.width} px`);
      const email = step.getByRole('textbox', { name: 'Work e-mail' });
      if (size === PHONE) {
        await email.fill('maria.lopez@example.com');
        await takeHelpScreenshot(page, 'sso-login-360');
      }
      await email.fill(`someone@unproved-${randomBytes(3).toString('hex')}.e2e.test`);
      await step.getByRole('button', { name: 'Continue' }).click();
      await expect(step.getByRole('alert')).toHaveText(SSO_MESSAGES.noProvider);
      await expectAccessible(page, `the single sign-on step refused, ${size.width} px`);
    }

    // A callback the provider's sign-in was refused at: the reason and what to do, with the way back.
    await page.goto('/auth/callback?sso=1&error=jit_disabled');
    await expect(page.getByRole('alert')).toContainText('You are not signed in');
    await expect(page.getByRole('alert')).toContainText(SSO_ERROR_MESSAGES.jit_disabled!);
    await expectAccessible(page, 'a refused single sign-on, 360 px');
    await page.getByRole('link', { name: 'Back to log in' }).click();
    await expect(page.getByRole('form', { name: 'Log in' })).toBeVisible();
    await context.close();
  });
});
