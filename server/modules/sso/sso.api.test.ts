// Company single sign-on (decision 086) against a real OpenID Connect provider started here (oidc-provider) and a
// local DNS server for the domain proofs, on PGlite and on PostgreSQL: an admin sets the provider up and proves a
// domain; the code flow signs people in (and in only the right company); every forged or spoiled step is refused.
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE } from '#common/schemas/auth.ts';
import { createCompany, createUser, FACTORY_PASSWORD } from '#server/db/seed/factories.ts';
import { startDnsTxtServer, type TDnsTxtServer } from '../../../tests/setup/dns-txt-server.ts';
import { IDP_CLIENT_SECRET, startTestIdp, type TTestIdp } from '../../../tests/setup/oidc-idp.ts';
import { callback, loginAtIdp, signInWithSso, started, startSso } from '../../../tests/setup/sso-flow.ts';
import {
  createTestApp,
  TEST_APP_URL,
  TEST_HASH_PARAMS,
  type TTestApp,
} from '../../../tests/setup/test-app.ts';
import { securityEvents } from '../../security/security-events.tables.ts';
import { users } from '../auth/auth.tables.ts';
import { ssoProviders } from './sso.tables.ts';

const DOMAIN = 'acme-sso.test';
let t: TTestApp;
let idp: TTestIdp;
let dns: TDnsTxtServer;
let admin: string;
let companyId: string;

function send(
  method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  cookie: string,
  payload?: object,
) {
  return t.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { origin: TEST_APP_URL, cookie },
  });
}

async function sessionOf(cookie: string) {
  return (await send('GET', '/api/v1/session', cookie)).json();
}

function passwordSignIn(email: string) {
  const csrf = randomBytes(32).toString('hex');
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-in',
    payload: { email, password: FACTORY_PASSWORD, csrfToken: csrf },
    headers: { origin: TEST_APP_URL, cookie: `${CSRF_COOKIE}=${csrf}` },
    remoteAddress: `10.252.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`,
  });
}

/** Sets up `clientId`'s provider for the admin's company and registers it at the provider. */
async function setUpProvider(cookie: string, clientId: string, extra: object = {}) {
  const response = await send('PUT', '/api/v1/sso/provider', cookie, {
    issuer: idp.issuer,
    clientId,
    clientSecret: IDP_CLIENT_SECRET,
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(200);
  idp.addClient(clientId, response.json().redirectUri);
  return response.json();
}

/** Claims and proves `domain` through its TXT record. */
async function proveDomain(cookie: string, domain: string) {
  const claim = (await send('POST', '/api/v1/sso/domains', cookie, { domain })).json();
  dns.setTxt(claim.txtName, [claim.txtValue]);
  const checked = await send('POST', `/api/v1/sso/domains/${claim.id}/check`, cookie);
  expect(checked.statusCode, checked.body).toBe(200);
  return checked.json();
}

beforeAll(async () => {
  dns = await startDnsTxtServer();
  idp = await startTestIdp();
  t = await createTestApp({ env: { SSO_DNS_SERVERS: dns.address, SSO_TRUSTED_IDP_ORIGINS: idp.origin } });
  admin = await t.signIn({ email: `admin@${DOMAIN}`, role: 'admin', companyName: 'Acme SSO' });
  companyId = (await sessionOf(admin)).user.companyId;
  await createUser(t.database.db, companyId, {
    email: `alice@${DOMAIN}`,
    firstName: 'Alice',
    lastName: 'Archer',
    hashParams: TEST_HASH_PARAMS,
  });
  idp.addPerson('alice-sub', { email: `alice@${DOMAIN}`, given_name: 'Alice', family_name: 'Archer' });
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
  await dns?.close();
});

describe('setting up the provider and proving a domain', () => {
  it('stores the secret encrypted and never answers it', async () => {
    const provider = await setUpProvider(admin, 'acme');
    expect(provider).toMatchObject({
      issuer: idp.issuer,
      clientId: 'acme',
      hasClientSecret: true,
      jitEnabled: false,
    });
    expect(JSON.stringify(provider)).not.toContain(IDP_CLIENT_SECRET);
    expect(provider.redirectUri).toBe(`${TEST_APP_URL}/api/auth/sso/callback/${provider.id}`);
    const [row] = await t.database.db
      .select()
      .from(ssoProviders)
      .where(eq(ssoProviders.companyId, companyId));
    expect(row!.clientSecret).not.toContain(IDP_CLIENT_SECRET);
    expect(row!.oidcConfig).not.toContain(IDP_CLIENT_SECRET);
    const read = await send('GET', '/api/v1/sso/provider', admin);
    expect(read.body).not.toContain(IDP_CLIENT_SECRET);
  });

  it('refuses bad input with a 400 naming the field, and an issuer with no OpenID configuration', async () => {
    const bad = await send('PUT', '/api/v1/sso/provider', admin, { issuer: 'not a url', clientId: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fieldErrors).toHaveProperty('issuer');
    const nowhere = await send('PUT', '/api/v1/sso/provider', admin, {
      issuer: `${idp.origin}/nothing`,
      clientId: 'x',
    });
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json().error.fieldErrors).toHaveProperty('issuer');
    const domain = await send('POST', '/api/v1/sso/domains', admin, { domain: 'no dots' });
    expect(domain.statusCode).toBe(400);
    expect(domain.json().error.fieldErrors).toHaveProperty('domain');
  });

  it('proves a domain only when its TXT record holds the value shown', async () => {
    const claim = (await send('POST', '/api/v1/sso/domains', admin, { domain: DOMAIN })).json();
    expect(claim).toMatchObject({
      domain: DOMAIN,
      proved: false,
      txtName: `_forgeboard-challenge.${DOMAIN}`,
    });
    const missing = await send('POST', `/api/v1/sso/domains/${claim.id}/check`, admin);
    expect(missing.statusCode).toBe(409);
    dns.setTxt(claim.txtName, ['forgeboard-domain-verification=someone-elses']);
    expect((await send('POST', `/api/v1/sso/domains/${claim.id}/check`, admin)).statusCode).toBe(409);
    dns.setTxt(claim.txtName, ['v=spf1 -all', claim.txtValue]);
    const proved = await send('POST', `/api/v1/sso/domains/${claim.id}/check`, admin);
    expect(proved.json()).toMatchObject({ proved: true, provedBy: 'dns' });
  });
});

describe('signing in through the provider', () => {
  it('signs a user of the company in through the full code flow', async () => {
    const { landed } = await signInWithSso(t, idp, `alice@${DOMAIN}`, 'alice-sub');
    expect(landed.error).toBeNull();
    expect(landed.location?.pathname).toBe('/auth/callback');
    expect(landed.session).not.toBeNull();
    const session = await sessionOf(landed.session!);
    expect(session.user).toMatchObject({ email: `alice@${DOMAIN}`, companyId });
    const events = await t.database.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.email, `alice@${DOMAIN}`), eq(securityEvents.type, 'sign_in_succeeded')));
    expect(events.some((e) => e.details.method === 'sso')).toBe(true);
  });

  it('refuses a replayed callback and a replayed code', async () => {
    const { start, back } = await signInWithSso(t, idp, `alice@${DOMAIN}`, 'alice-sub');
    const again = await callback(t, back, start.cookies);
    expect(again.error).not.toBeNull();
    expect(again.session).toBeNull();
    // The old code with a fresh state of a new start: the provider will not exchange it twice.
    const fresh = await started(t, `alice@${DOMAIN}`);
    const freshBack = await loginAtIdp(idp, fresh, 'alice-sub');
    freshBack.searchParams.set('code', back.searchParams.get('code')!);
    const replayed = await callback(t, freshBack, fresh.cookies);
    expect(replayed.error).not.toBeNull();
    expect(replayed.session).toBeNull();
  });

  it('refuses a tampered state and a missing nonce cookie', async () => {
    const start = await started(t, `alice@${DOMAIN}`);
    const back = await loginAtIdp(idp, start, 'alice-sub');
    const tampered = new URL(back);
    tampered.searchParams.set('state', `${back.searchParams.get('state')}x`);
    const refused = await callback(t, tampered, start.cookies);
    expect(refused.error).not.toBeNull();
    expect(refused.session).toBeNull();
    const withoutNonce = new Map([...start.cookies].filter(([name]) => name !== 'fb.sso_nonce'));
    const noNonce = await callback(t, back, withoutNonce);
    expect(noNonce.error).toBe('nonce_mismatch');
    expect(noNonce.session).toBeNull();
  });

  for (const fault of ['wrong-audience', 'wrong-issuer', 'expired', 'bad-signature'] as const) {
    it(`refuses an ID token with ${fault}`, async () => {
      idp.fault = fault;
      try {
        const { landed } = await signInWithSso(t, idp, `alice@${DOMAIN}`, 'alice-sub');
        expect(landed.error).toBe('invalid_provider');
        expect(landed.session).toBeNull();
      } finally {
        idp.fault = null;
      }
    });
  }

  it('routes an unproved domain nowhere', async () => {
    await send('POST', '/api/v1/sso/domains', admin, { domain: 'pending-sso.test' });
    const response = await startSso(t, 'bob@pending-sso.test');
    expect(response.statusCode).toBe(404);
    expect((await startSso(t, 'someone@unclaimed.test')).statusCode).toBe(404);
  });
});

describe('people the company does not know yet', () => {
  it('refuses them until the admin allows accounts at first sign-in, then makes them users', async () => {
    idp.addPerson('carol-sub', { email: `carol@${DOMAIN}`, given_name: 'Carol', family_name: 'Cole' });
    const refused = await signInWithSso(t, idp, `carol@${DOMAIN}`, 'carol-sub');
    expect(refused.landed.error).toBe('jit_disabled');
    expect(refused.landed.session).toBeNull();
    const [event] = await t.database.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.email, `carol@${DOMAIN}`), eq(securityEvents.type, 'sign_in_failed')));
    expect(event?.details).toMatchObject({ method: 'sso', reason: 'jit_disabled' });
    // Without the secret: the stored one is kept.
    const allowed = await send('PUT', '/api/v1/sso/provider', admin, {
      issuer: idp.issuer,
      clientId: 'acme',
      jitEnabled: true,
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
    const { landed } = await signInWithSso(t, idp, `carol@${DOMAIN}`, 'carol-sub');
    expect(landed.error).toBeNull();
    const session = await sessionOf(landed.session!);
    expect(session.user).toMatchObject({ firstName: 'Carol', lastName: 'Cole', role: 'user', companyId });
  });

  it("respects the plan's user limit", async () => {
    const { company } = await createCompany(t.database.db, { name: 'Tiny SSO', planId: 'basic' });
    const tinyAdmin = await t.signIn({
      email: 'admin@tiny-sso.test',
      role: 'admin',
      companyName: 'Tiny SSO',
    });
    await setUpProvider(tinyAdmin, 'tiny', { jitEnabled: true });
    await proveDomain(tinyAdmin, 'tiny-sso.test');
    for (const name of ['one', 'two']) {
      await createUser(t.database.db, company.id, {
        email: `${name}@tiny-sso.test`,
        hashParams: TEST_HASH_PARAMS,
      });
    }
    idp.addPerson('dave-sub', { email: 'dave@tiny-sso.test', given_name: 'Dave' });
    const { landed } = await signInWithSso(t, idp, 'dave@tiny-sso.test', 'dave-sub');
    expect(landed.error).toBe('plan_limit');
    const [dave] = await t.database.db.select().from(users).where(eq(users.email, 'dave@tiny-sso.test'));
    expect(dave).toBeUndefined();
  });

  it('refuses an address of another company, and an inactive user', async () => {
    await createUser(t.database.db, companyId, {
      email: `erin@${DOMAIN}`,
      active: false,
      hashParams: TEST_HASH_PARAMS,
    });
    idp.addPerson('erin-sub', { email: `erin@${DOMAIN}` });
    expect((await signInWithSso(t, idp, `erin@${DOMAIN}`, 'erin-sub')).landed.error).toBe('account_inactive');
    // Tiny's provider vouching for an Acme address: not one of Tiny's proved domains.
    idp.addPerson('mallory-sub', { email: `alice@${DOMAIN}` });
    const start = await started(t, 'anyone@tiny-sso.test');
    const back = await loginAtIdp(idp, start, 'mallory-sub');
    const landed = await callback(t, back, start.cookies);
    expect(landed.error).toBe('domain_not_proved');
    expect(landed.session).toBeNull();
  });
});

describe('single sign-on required for a domain', () => {
  it("refuses the domain's passwords, but not a sysadmin's", async () => {
    const [domain] = (await send('GET', '/api/v1/sso/domains', admin))
      .json()
      .domains.filter((d: { domain: string }) => d.domain === DOMAIN);
    expect((await passwordSignIn(`alice@${DOMAIN}`)).statusCode).toBe(200);
    const required = await send('PATCH', `/api/v1/sso/domains/${domain.id}`, admin, { ssoRequired: true });
    expect(required.json()).toMatchObject({ ssoRequired: true });
    const refused = await passwordSignIn(`alice@${DOMAIN}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'SSO_REQUIRED' });
    expect(refused.json().error.message).toContain('single sign-on');
    await createUser(t.database.db, companyId, {
      email: `root@${DOMAIN}`,
      role: 'sysadmin',
      hashParams: TEST_HASH_PARAMS,
    });
    expect((await passwordSignIn(`root@${DOMAIN}`)).statusCode).toBe(200);
  });

  it('lets another company neither claim nor prove a proved domain', async () => {
    const other = await t.signIn({ email: 'admin@other-sso.test', role: 'admin', companyName: 'Other SSO' });
    const claim = await send('POST', '/api/v1/sso/domains', other, { domain: DOMAIN });
    expect(claim.statusCode).toBe(409);
    expect(claim.json().error.fieldErrors).toHaveProperty('domain');
  });
});
