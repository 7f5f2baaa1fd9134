// SAML 2.0 single sign-on (decision 090) against an identity provider made with samlify (tests/setup/saml-idp.ts), on
// PGlite and on PostgreSQL: an admin sets the provider up (the certificate and the entry point checked, our URLs
// answered); an SP-initiated sign-in signs a company user in; a response tampered with, unsigned, signed with another
// key, for another audience, expired or replayed is refused, and so is one brought back by a browser that did not
// start it; the company rules of OpenID Connect apply as they are.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '#server/db/seed/factories.ts';
import { startDnsTxtServer, type TDnsTxtServer } from '../../../tests/setup/dns-txt-server.ts';
import {
  startTestSamlIdp,
  type TSamlFault,
  type TSamlPerson,
  type TTestSamlIdp,
} from '../../../tests/setup/saml-idp.ts';
import { landed, started } from '../../../tests/setup/sso-flow.ts';
import {
  createTestApp,
  TEST_APP_URL,
  TEST_HASH_PARAMS,
  type TTestApp,
} from '../../../tests/setup/test-app.ts';
import { securityEvents } from '../../security/security-events.tables.ts';
import { users } from '../auth/auth.tables.ts';

const DOMAIN = 'saml-works.test';
let t: TTestApp;
let idp: TTestSamlIdp;
let dns: TDnsTxtServer;
let admin: string;
let companyId: string;
let metadataPath: string;

function send(method: 'GET' | 'PUT' | 'POST' | 'PATCH', url: string, cookie: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { origin: TEST_APP_URL, cookie },
  });
}

const person = (local: string, extra: Partial<TSamlPerson> = {}): TSamlPerson => ({
  nameId: `${local}@${DOMAIN}`,
  email: `${local}@${DOMAIN}`,
  ...extra,
});

/** The IdP's POST to the ACS, from its own site, as the browser carries it: answered with our page that posts it again. */
function postToAcs(post: { acsUrl: string; SAMLResponse: string; RelayState: string }) {
  return t.app.inject({
    method: 'POST',
    url: new URL(post.acsUrl).pathname,
    payload: new URLSearchParams({ SAMLResponse: post.SAMLResponse, RelayState: post.RelayState }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://idp.saml-test.example' },
  });
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
/** What a browser reads from an attribute value the page escaped. */
const unescapeHtml = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ENTITIES[name]!);

/** The form of our page that posts the IdP's response again: its action and fields, as the browser reads them. */
function repostForm(html: string) {
  const action = /<form method="post" action="([^"]*)"/.exec(html)?.[1];
  const fields = Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)].map((m) => [
      m[1]!,
      unescapeHtml(m[2]!),
    ]),
  );
  return { action: action ? unescapeHtml(action) : null, fields };
}

/** The IdP's POST, our page, and the page's own POST from this origin with the browser's `cookies`. */
async function returnToAcs(
  post: { acsUrl: string; SAMLResponse: string; RelayState: string },
  cookies: Map<string, string>,
) {
  const page = await postToAcs(post);
  expect(page.statusCode).toBe(200);
  expect(page.headers['content-type']).toContain('text/html');
  const form = repostForm(page.body);
  return t.app.inject({
    method: 'POST',
    url: form.action!,
    payload: new URLSearchParams(form.fields).toString(),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: TEST_APP_URL,
      'sec-fetch-site': 'same-origin',
      cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    },
  });
}

/** The whole SP-initiated sign-in: start at the login view, the IdP's answer, the way back through the ACS. */
async function samlSignIn(who: TSamlPerson, fault: TSamlFault = null) {
  const start = await started(t, who.email);
  expect(start.url.startsWith(`${idp.entryPoint}?`)).toBe(true);
  const metadata = await t.app.inject({ method: 'GET', url: metadataPath });
  const post = await idp.respond(start.url, metadata.body, who, fault);
  return { start, post, result: landed(await returnToAcs(post, start.cookies)) };
}

beforeAll(async () => {
  dns = await startDnsTxtServer();
  idp = startTestSamlIdp();
  t = await createTestApp({ env: { SSO_DNS_SERVERS: dns.address } });
  admin = await t.signIn({ email: `admin@${DOMAIN}`, role: 'admin', companyName: 'SAML Works' });
  companyId = (await send('GET', '/api/v1/session', admin)).json().user.companyId;
  await createUser(t.database.db, companyId, {
    email: `alice@${DOMAIN}`,
    firstName: 'Alice',
    lastName: 'Archer',
    hashParams: TEST_HASH_PARAMS,
  });
});
afterAll(async () => {
  await t?.close();
  await dns?.close();
});

describe('setting up a SAML provider', () => {
  it('checks the certificate and the entry point, and answers the URLs to register at the IdP', async () => {
    const body = { entryPoint: idp.entryPoint, idpEntityId: idp.entityId, certificate: idp.certificate };
    const badCert = await send('PUT', '/api/v1/sso/provider/saml', admin, {
      ...body,
      certificate: 'not a cert',
    });
    expect(badCert.statusCode).toBe(400);
    expect(badCert.json().error.fieldErrors).toHaveProperty('certificate');
    const plain = await send('PUT', '/api/v1/sso/provider/saml', admin, {
      ...body,
      entryPoint: 'http://idp.saml-test.example/sso',
    });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().error.fieldErrors).toHaveProperty('entryPoint');
    const missing = await send('PUT', '/api/v1/sso/provider/saml', admin, { entryPoint: idp.entryPoint });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fieldErrors).toHaveProperty('idpEntityId');
    // No certificate is stored yet, so none may be left out.
    const { certificate: _left, ...withoutCertificate } = body;
    const first = await send('PUT', '/api/v1/sso/provider/saml', admin, withoutCertificate);
    expect(first.statusCode).toBe(400);
    expect(first.json().error.fieldErrors.certificate).toBe('Paste the signing certificate');
    expect((await send('GET', '/api/v1/sso/provider', admin)).json().provider).toBeNull();

    const saved = await send('PUT', '/api/v1/sso/provider/saml', admin, body);
    expect(saved.statusCode, saved.body).toBe(200);
    const provider = saved.json();
    expect(provider).toMatchObject({ protocol: 'saml', issuer: idp.entityId, hasClientSecret: false });
    expect(provider.saml).toMatchObject({
      entryPoint: idp.entryPoint,
      idpEntityId: idp.entityId,
      acsUrl: `${TEST_APP_URL}/api/auth/sso/saml2/sp/acs/${provider.id}`,
      spEntityId: `${TEST_APP_URL}/api/auth/sso/saml2/sp/metadata?providerId=${provider.id}`,
    });
    expect(provider.saml.certificateSubject).toContain('Forgeboard test SAML IdP a');
    metadataPath = new URL(provider.saml.metadataUrl).pathname + new URL(provider.saml.metadataUrl).search;
    const metadata = await t.app.inject({ method: 'GET', url: metadataPath });
    expect(metadata.statusCode).toBe(200);
    expect(metadata.body).toContain(provider.saml.acsUrl);
    expect(metadata.body).toContain('WantAssertionsSigned="true"');
    expect((await send('GET', '/api/v1/sso/provider', admin)).json().provider.protocol).toBe('saml');
    // A later save without the certificate keeps it, with the names' attributes as the admin changed them.
    const kept = await send('PUT', '/api/v1/sso/provider/saml', admin, {
      ...withoutCertificate,
      firstNameAttribute: 'firstName',
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().saml).toMatchObject({
      certificateSubject: provider.saml.certificateSubject,
      firstNameAttribute: 'firstName',
      lastNameAttribute: 'surname',
    });
    const back = await send('PUT', '/api/v1/sso/provider/saml', admin, withoutCertificate);
    expect(back.json().saml.firstNameAttribute).toBe('givenName');

    const claim = (await send('POST', '/api/v1/sso/domains', admin, { domain: DOMAIN })).json();
    dns.setTxt(claim.txtName, [claim.txtValue]);
    expect((await send('POST', `/api/v1/sso/domains/${claim.id}/check`, admin)).statusCode).toBe(200);
  });
});

describe('signing in through SAML', () => {
  it('signs a company user in through an SP-initiated sign-in, and refuses the same response again', async () => {
    const alice = person('alice', { givenName: 'Alice', surname: 'Archer' });
    const { start, post, result } = await samlSignIn(alice);
    expect(result.error, result.location?.toString()).toBeNull();
    expect(result.location?.toString()).toBe(`${TEST_APP_URL}/auth/callback?sso=1`);
    expect(result.session).not.toBeNull();
    const session = (await send('GET', '/api/v1/session', result.session!)).json();
    expect(session.user).toMatchObject({ email: `alice@${DOMAIN}`, companyId, role: 'user' });
    const [event] = await t.database.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.email, `alice@${DOMAIN}`));
    expect(event).toMatchObject({ type: 'sign_in_succeeded', details: { method: 'sso', created: false } });

    // The browser's form posted twice (its binding kept): the plugin refuses it, its request and assertion used.
    const again = landed(await returnToAcs(post, start.cookies));
    expect(again.error).not.toBeNull();
    expect(again.session).toBeNull();
  });

  it("refuses a response brought back by a browser that did not start its sign-in (login CSRF), and escapes the page's fields", async () => {
    // The attacker starts a sign-in to their own account and gets the IdP's response; the victim's browser, which
    // started none (or another), is made to post it.
    const mallory = person('alice');
    const attackers = await started(t, mallory.email);
    const metadata = await t.app.inject({ method: 'GET', url: metadataPath });
    const post = await idp.respond(attackers.url, metadata.body, mallory);
    const victimsOwn = (await started(t, `victim@${DOMAIN}`)).cookies;
    const notThisBrowser = async () =>
      (
        await t.database.db.select().from(securityEvents).where(eq(securityEvents.type, 'sign_in_failed'))
      ).filter((e) => (e.details as { reason?: string }).reason === 'not_this_browser').length;
    const before = await notThisBrowser();
    for (const victim of [new Map<string, string>(), victimsOwn]) {
      const refused = landed(await returnToAcs(post, victim));
      expect(refused.error).toBe('not_this_browser');
      expect(refused.session).toBeNull();
      expect(refused.location?.pathname).toBe('/auth/callback');
    }
    expect(await notThisBrowser()).toBe(before + 2);
    // The response was not used up: the attacker's own browser could still sign in with it (their account, their
    // browser), so nothing of the victim's was at stake.
    expect(landed(await returnToAcs(post, attackers.cookies)).session).not.toBeNull();

    // Whatever a cross-site form sends comes back as text in our page, never as markup.
    const hostile = await postToAcs({ ...post, RelayState: '"><script>alert(1)</script>' });
    expect(hostile.body).not.toContain('<script>alert');
    expect(repostForm(hostile.body).fields.RelayState).toBe('"><script>alert(1)</script>');
    expect(hostile.body).toContain('<script src="/saml-continue.js" defer></script>');
  });

  it.each([
    ['tampered', 'a response changed after it was signed'],
    ['unsigned', 'an unsigned response'],
    ['wrong-key', 'a response signed with another key'],
    ['wrong-audience', 'an assertion for another service provider'],
    ['expired', 'an expired assertion'],
  ] as const)('refuses %s: %s', async (fault: TSamlFault, _what: string) => {
    const { result } = await samlSignIn(person('alice'), fault);
    expect(result.status).toBe(302);
    expect(result.error, `${fault} was let in`).not.toBeNull();
    expect(result.session).toBeNull();
  });

  it('applies the company rules: JIT off refused, on creates a user; another domain and an inactive user refused', async () => {
    const newcomer = person('nora', { givenName: 'Nora', surname: 'Newman' });
    expect((await samlSignIn(newcomer)).result.error).toBe('jit_disabled');
    const body = {
      entryPoint: idp.entryPoint,
      idpEntityId: idp.entityId,
      certificate: idp.certificate,
      jitEnabled: true,
    };
    expect((await send('PUT', '/api/v1/sso/provider/saml', admin, body)).statusCode).toBe(200);
    const created = (await samlSignIn(newcomer)).result;
    expect(created.error).toBeNull();
    const [nora] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, `nora@${DOMAIN}`));
    // The names come from the attributes the admin named (givenName and surname by default).
    expect(nora).toMatchObject({ companyId, role: 'user', firstName: 'Nora', lastName: 'Newman' });

    const stranger: TSamlPerson = { nameId: 'eve', email: 'eve@elsewhere-saml.test' };
    const start = await started(t, `x@${DOMAIN}`);
    const metadata = await t.app.inject({ method: 'GET', url: metadataPath });
    const foreign = landed(
      await returnToAcs(await idp.respond(start.url, metadata.body, stranger), start.cookies),
    );
    expect(foreign.error).toBe('domain_not_proved');

    await t.database.db
      .update(users)
      .set({ active: false })
      .where(eq(users.email, `alice@${DOMAIN}`));
    const inactive = (await samlSignIn(person('alice'))).result;
    expect(inactive.error).toBe('account_inactive');
    expect(inactive.session).toBeNull();
  });
});
