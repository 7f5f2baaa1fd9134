// SAML 2.0 single sign-on on Admin › Single sign-on (decision 090): an admin chooses SAML, is refused a text that is
// no certificate, sets the provider up and copies the Identifier and Reply URL; the domain is approved by the
// installation's sysadmin (the DNS proof is sso.spec.ts's); a new person signs in from the login view through the
// identity provider and lands on /help in the company, named from the response's attributes; a response made for
// another browser's sign-in is refused (login CSRF). A later save keeps the stored certificate. axe at 1280 and 360 px; nothing wider than a phone.
//
// The identity provider is samlify's (tests/setup/saml-idp.ts), the library the app uses on its side. Its single
// sign-on URL is an https name that nothing serves here, so the browser's visit there is answered by the test through
// page.route, as the IdP's web front: the AuthnRequest the app sent in, a signed response auto-posted to the app's
// Reply URL out.
import { randomBytes } from 'node:crypto';
import { type BrowserContext, expect, test } from '@playwright/test';
import { SSO_ERROR_MESSAGES, SSO_MESSAGES } from '../../common/schemas/sso.ts';
import { startTestSamlIdp, type TSamlPerson } from '../setup/saml-idp.ts';
import { expectAccessible } from './support/axe.ts';
import { E2E_BASE_URL } from './support/server.ts';
import { E2E_SYSADMIN, logInAs, signUpCompany } from './support/session.ts';
import { newVisitor, visitorAddress } from './support/visitor.ts';

test.describe.configure({ timeout: 180_000 });

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 360, height: 740 };
const idp = startTestSamlIdp();

/**
 * The IdP's web front for `context`: answers its sign-in URL for `person` with the form an IdP sends, which posts
 * the signed response to the app's Reply URL of `providerId` at once.
 */
async function serveIdp(context: BrowserContext, providerId: string, person: TSamlPerson) {
  const metadataUrl = `${E2E_BASE_URL}/api/auth/sso/saml2/sp/metadata?providerId=${providerId}`;
  await context.route(`${idp.entryPoint}**`, async (route) => {
    const metadata = await (await context.request.get(metadataUrl)).text();
    const post = await idp.respond(route.request().url(), metadata, person);
    await route.fulfill({ contentType: 'text/html', body: autoPost(post) });
  });
}

/** An IdP's page (or an attacker's copy of one): a form that posts a signed response to the app's Reply URL at once. */
function autoPost(post: { acsUrl: string; SAMLResponse: string; RelayState: string }): string {
  const field = (name: string, value: string) =>
    `<input type="hidden" name="${name}" value="${value.replaceAll('"', '&quot;')}">`;
  return `<!doctype html><title>Test SAML IdP</title><form method="post" action="${post.acsUrl}">${field('SAMLResponse', post.SAMLResponse)}${field('RelayState', post.RelayState)}</form><script>document.forms[0].submit()</script>`;
}

test('an admin sets up SAML 2.0 and a new person signs in through it, named from the attributes', async ({
  page,
  browser,
}) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(52) });
  await page.setViewportSize(DESKTOP);
  await signUpCompany(page, 'saml');
  const domain = `saml-${randomBytes(4).toString('hex')}.e2e.test`;

  await page.goto('/admin?tab=sso');
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByRole('heading', { name: 'Single sign-on', level: 1 })).toBeVisible();
  await page.getByText('SAML 2.0', { exact: true }).click();
  const form = page.getByRole('form', { name: 'SAML identity provider' });
  await expect(form.getByText('appear here once the provider is saved')).toBeVisible();
  await form.getByRole('textbox', { name: 'Single sign-on URL' }).fill(idp.entryPoint);
  await form.getByRole('textbox', { name: "Provider's entity id" }).fill(idp.entityId);
  const certificate = form.getByRole('textbox', { name: 'Signing certificate' });
  await certificate.fill('not a certificate');
  await form.getByRole('switch', { name: 'Create accounts at first sign-in' }).check({ force: true });
  await form.getByRole('button', { name: 'Set up provider' }).click();
  await expect(certificate).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText(SSO_MESSAGES.badCertificate)).toBeVisible();
  await expectAccessible(page, 'the SAML form with a refused certificate, 1280 px');

  await certificate.fill(idp.certificate);
  await form.getByRole('button', { name: 'Set up provider' }).click();
  await expect(page.getByText('Identity provider set up')).toBeVisible();
  // The URLs to register at the IdP; the certificate is named by its subject, the field empty.
  const acsUrl = await form.getByRole('textbox', { name: 'Reply URL (ACS)' }).inputValue();
  expect(acsUrl).toMatch(new RegExp(`^${E2E_BASE_URL}/api/auth/sso/saml2/sp/acs/`));
  const samlProviderId = acsUrl.split('/').pop()!;
  await expect(form.getByRole('textbox', { name: 'Identifier (Entity ID)' })).toHaveValue(
    `${E2E_BASE_URL}/api/auth/sso/saml2/sp/metadata?providerId=${samlProviderId}`,
  );
  await expect(certificate).toHaveValue('');
  await expect(
    form.getByText(/Stored: .*Forgeboard test SAML IdP a.*Leave empty to keep it\./),
  ).toBeVisible();
  await expect(page.getByRole('radio', { name: 'SAML 2.0' })).toBeChecked();

  // A later save leaves the certificate out and keeps it.
  await form.getByRole('textbox', { name: 'Last name attribute' }).fill('surname');
  await form.getByRole('button', { name: 'Save provider' }).click();
  await expect(page.getByText('Identity provider saved')).toBeVisible();
  await expect(form.getByText(/Stored: .*Forgeboard test SAML IdP a/)).toBeVisible();

  await page.setViewportSize(PHONE);
  await expect(form.getByRole('button', { name: 'Save provider' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectAccessible(page, 'the SAML form, 360 px');

  // The domain, claimed by the admin and approved by the installation's sysadmin.
  const claimed = await page.request.post('/api/v1/sso/domains', { data: { domain } });
  expect(claimed.status(), await claimed.text()).toBe(201);
  const sys = await newVisitor(browser, 52);
  await logInAs(sys.page, E2E_SYSADMIN);
  const approved = await sys.page.request.post(`/api/v1/sso/domains/${(await claimed.json()).id}/approve`);
  expect(approved.status(), await approved.text()).toBe(200);
  await sys.context.close();

  // A new person signs in from the login view through the IdP.
  const person: TSamlPerson = {
    nameId: `sam-${domain}`,
    email: `sam.saml@${domain}`,
    givenName: 'Sam',
    surname: 'Saml',
  };
  const visitor = await newVisitor(browser, 52);
  await serveIdp(visitor.context, samlProviderId, person);
  await visitor.page.setViewportSize(PHONE);
  await visitor.page.goto('/?login=true');
  await visitor.page.getByRole('button', { name: 'Continue with single sign-on' }).click();
  const step = visitor.page.getByRole('form', { name: 'Single sign-on' });
  await step.getByRole('textbox', { name: 'Work e-mail' }).fill(person.email);
  await step.getByRole('button', { name: 'Continue' }).click();
  await expect(visitor.page).toHaveURL(`${E2E_BASE_URL}/help`);
  await expect(visitor.page.getByRole('heading', { name: 'Help & Documentation', level: 1 })).toBeVisible();
  const session = (await (await visitor.page.request.get('/api/v1/session')).json()) as {
    user: { firstName: string; lastName: string; role: string; email: string };
  };
  expect(session.user).toMatchObject({
    firstName: 'Sam',
    lastName: 'Saml',
    role: 'user',
    email: person.email,
  });
  await visitor.context.close();

  // Login CSRF refused: a response made for a sign-in started elsewhere (an attacker's), posted from the attacker's
  // site by a browser that started none, does not sign that browser in; the page says what to do.
  const attacker = await newVisitor(browser, 53);
  const start = await attacker.page.request.post('/api/v1/auth/sso/start', {
    data: { email: `mallory@${domain}` },
  });
  expect(start.status(), await start.text()).toBe(200);
  const metadata = await (
    await attacker.page.request.get(
      `${E2E_BASE_URL}/api/auth/sso/saml2/sp/metadata?providerId=${samlProviderId}`,
    )
  ).text();
  const forged = await idp.respond((await start.json()).url, metadata, {
    nameId: `mallory-${domain}`,
    email: `mallory@${domain}`,
  });
  await attacker.context.close();
  const victim = await newVisitor(browser, 54);
  await victim.page.setViewportSize(PHONE);
  await victim.context.route('https://attacker.e2e.test/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: autoPost(forged) }),
  );
  await victim.page.goto('https://attacker.e2e.test/');
  await expect(victim.page).toHaveURL(/\/auth\/callback\?/);
  await expect(victim.page.getByText(SSO_ERROR_MESSAGES.not_this_browser!)).toBeVisible();
  const after = (await (await victim.page.request.get('/api/v1/session')).json()) as { state: string };
  expect(after.state).not.toBe('signed-in');
  await victim.context.close();

  // The admin's Users list has the new person, by name.
  await page.setViewportSize(DESKTOP);
  await page.goto('/admin?tab=users');
  await expect(page.getByText('Sam Saml').first()).toBeVisible();
});
