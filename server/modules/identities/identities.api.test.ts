// Linked identities (decision 088) against the real OpenID Connect provider of the SSO tests (oidc-provider, started
// here) and the local DNS server, on PGlite and on PostgreSQL: a password user links the company's provider through
// the full code flow and keeps their session; an identity linked to someone else is refused; an account that signs in
// only through the provider sets a first password (a recent sign-in only) and unlinks the provider; the last way in
// is never unlinked, and every refusal leaves the session signed in.
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE } from '#common/schemas/auth.ts';
import { startDnsTxtServer, type TDnsTxtServer } from '../../../tests/setup/dns-txt-server.ts';
import { IDP_CLIENT_SECRET, startTestIdp, type TTestIdp } from '../../../tests/setup/oidc-idp.ts';
import { callback, cookiesOf, loginAtIdp, signInWithSso } from '../../../tests/setup/sso-flow.ts';
import { createTestApp, SESSION_COOKIE, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';
import { securityEvents } from '../../security/security-events.tables.ts';
import { auditEntries } from '../audit/audit.tables.ts';
import { sessions, users } from '../auth/auth.tables.ts';

const DOMAIN = 'link-sso.test';
const BASE = '/api/v1/user/identities';
const NEW_PASSWORD = 'Tangerine-Bicycle-Lantern-42';
let t: TTestApp;
let idp: TTestIdp;
let dns: TDnsTxtServer;
let admin: string;

function send(method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, cookie: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { origin: TEST_APP_URL, cookie },
  });
}

/** The session's user, or null when the cookie no longer signs anyone in. */
async function signedInAs(cookie: string): Promise<string | null> {
  const body = (await send('GET', '/api/v1/session', cookie)).json();
  return body.user?.email ?? null;
}

async function identitiesOf(cookie: string) {
  const response = await send('GET', BASE, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** GET authorize, the provider's login as `sub`, and the redirect back with the browser's cookies and session. */
async function link(cookie: string, sub: string) {
  const started = await send('GET', `${BASE}/authorize`, cookie);
  expect(started.statusCode, started.body).toBe(200);
  const jar = cookiesOf(started);
  jar.set(SESSION_COOKIE, cookie.slice(SESSION_COOKIE.length + 1));
  const back = await loginAtIdp(idp, { url: started.json().url, cookies: jar }, sub);
  return callback(t, back, jar);
}

async function eventsOf(email: string, type: 'identity_linked' | 'identity_unlinked') {
  return t.database.db
    .select()
    .from(securityEvents)
    .where(and(eq(securityEvents.email, email), eq(securityEvents.type, type)));
}

async function sessionCount(email: string): Promise<number> {
  const rows = await t.database.db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(users.email, email));
  return rows.length;
}

function passwordSignIn(email: string, password: string) {
  const csrf = randomBytes(32).toString('hex');
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-in',
    payload: { email, password, csrfToken: csrf },
    headers: { origin: TEST_APP_URL, cookie: `${CSRF_COOKIE}=${csrf}` },
    remoteAddress: `10.249.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`,
  });
}

/** A person created by signing in through the provider (accounts at first sign-in are on): their session cookie. */
async function ssoOnlyUser(local: string): Promise<string> {
  idp.addPerson(`${local}-sub`, { email: `${local}@${DOMAIN}`, given_name: local, family_name: 'Sso' });
  const { landed } = await signInWithSso(t, idp, `${local}@${DOMAIN}`, `${local}-sub`);
  expect(landed.error).toBeNull();
  expect(landed.session).not.toBeNull();
  return landed.session!;
}

beforeAll(async () => {
  dns = await startDnsTxtServer();
  idp = await startTestIdp();
  t = await createTestApp({ env: { SSO_DNS_SERVERS: dns.address, SSO_TRUSTED_IDP_ORIGINS: idp.origin } });
  admin = await t.signIn({ email: `admin@${DOMAIN}`, role: 'admin', companyName: 'Link SSO' });
  const provider = await send('PUT', '/api/v1/sso/provider', admin, {
    issuer: idp.issuer,
    clientId: 'link',
    clientSecret: IDP_CLIENT_SECRET,
    jitEnabled: true,
  });
  expect(provider.statusCode, provider.body).toBe(200);
  idp.addClient('link', provider.json().redirectUri);
  const claim = (await send('POST', '/api/v1/sso/domains', admin, { domain: DOMAIN })).json();
  dns.setTxt(claim.txtName, [claim.txtValue]);
  expect((await send('POST', `/api/v1/sso/domains/${claim.id}/check`, admin)).statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
  await dns?.close();
});

describe('linking the company provider', () => {
  it('links it to the signed-in password user through the full code flow, in the same session', async () => {
    const bob = await t.signIn({ email: `bob@${DOMAIN}`, role: 'user', companyName: 'Link SSO' });
    const before = await identitiesOf(bob);
    expect(before).toMatchObject({ canLinkSso: true, canSetPassword: false });
    expect(before.identities).toEqual([expect.objectContaining({ kind: 'password', label: 'Password' })]);
    idp.addPerson('bob-sub', { email: `bob@${DOMAIN}`, given_name: 'Bob', family_name: 'Baker' });
    const landed = await link(bob, 'bob-sub');
    expect(landed.error).toBeNull();
    expect(landed.location?.toString()).toBe(`${TEST_APP_URL}/help?signInMethods=linked`);
    // No second session: the browser stays in the one it linked from.
    expect(landed.session).toBeNull();
    expect(await sessionCount(`bob@${DOMAIN}`)).toBe(1);
    expect(await signedInAs(bob)).toBe(`bob@${DOMAIN}`);
    const after = await identitiesOf(bob);
    expect(after.canLinkSso).toBe(false);
    expect(after.identities.map((i: { kind: string }) => i.kind)).toEqual(['password', 'sso']);
    expect(after.identities[1].label).toBe(`Single sign-on (${new URL(idp.issuer).host})`);
    expect(JSON.stringify(after)).not.toContain('bob-sub');
    expect(await eventsOf(`bob@${DOMAIN}`, 'identity_linked')).toEqual([
      expect.objectContaining({ outcome: 'success', details: expect.objectContaining({ method: 'sso' }) }),
    ]);
    const again = await send('GET', `${BASE}/authorize`, bob);
    expect(again.statusCode).toBe(409);
  });

  it('refuses an identity already linked to another user with identity_already_exists, keeping the session', async () => {
    await ssoOnlyUser('carol');
    const dan = await t.signIn({ email: `dan@${DOMAIN}`, role: 'user', companyName: 'Link SSO' });
    // The provider now says carol's subject has dan's address (a rename at the provider): it is carol's identity.
    idp.addPerson('carol-sub', { email: `dan@${DOMAIN}`, given_name: 'Dan', family_name: 'Sso' });
    const landed = await link(dan, 'carol-sub');
    expect(landed.error).toBe('identity_already_exists');
    expect(landed.location?.pathname).toBe('/help');
    expect(landed.location?.searchParams.get('signInMethods')).toBe('refused');
    expect(landed.session).toBeNull();
    expect(await signedInAs(dan)).toBe(`dan@${DOMAIN}`);
    expect((await identitiesOf(dan)).identities).toHaveLength(1);
    expect(await eventsOf(`dan@${DOMAIN}`, 'identity_linked')).toEqual([
      expect.objectContaining({
        outcome: 'denied',
        details: expect.objectContaining({ reason: 'identity_already_exists' }),
      }),
    ]);
  });

  it('refuses a provider account with another address, and a link from a session that ended', async () => {
    const fay = await t.signIn({ email: `fay@${DOMAIN}`, role: 'user', companyName: 'Link SSO' });
    idp.addPerson('gus-sub', { email: `gus@${DOMAIN}`, given_name: 'Gus', family_name: 'Sso' });
    expect((await link(fay, 'gus-sub')).error).toBe('identity_email_mismatch');
    expect(await signedInAs(fay)).toBe(`fay@${DOMAIN}`);
    idp.addPerson('fay-sub', { email: `fay@${DOMAIN}`, given_name: 'Fay', family_name: 'Sso' });
    const started = await send('GET', `${BASE}/authorize`, fay);
    const jar = cookiesOf(started);
    const back = await loginAtIdp(idp, { url: started.json().url, cookies: jar }, 'fay-sub');
    // The redirect comes back without fay's session (signed out meanwhile): no link, no sign-in.
    const landed = await callback(t, back, jar);
    expect(landed.error).toBe('link_session_ended');
    expect(landed.session).toBeNull();
    expect((await identitiesOf(fay)).identities).toHaveLength(1);
  });

  it('answers 404 when the address has no provider of the company', async () => {
    const other = await t.signIn({ email: 'hal@elsewhere-link.test', role: 'user', companyName: 'Link SSO' });
    const response = await send('GET', `${BASE}/authorize`, other);
    expect(response.statusCode).toBe(404);
    expect((await identitiesOf(other)).canLinkSso).toBe(false);
  });
});

describe('a password for an account that signs in only through the provider, and unlinking', () => {
  it('refuses to unlink the only identity, and the session lives on', async () => {
    const erin = await ssoOnlyUser('erin');
    const list = await identitiesOf(erin);
    expect(list).toMatchObject({ canSetPassword: true, canLinkSso: false });
    expect(list.identities).toEqual([expect.objectContaining({ kind: 'sso' })]);
    const refused = await send('DELETE', `${BASE}/${list.identities[0].id}`, erin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('SINGLE_IDENTITY_NOT_DELETABLE');
    expect(await signedInAs(erin)).toBe(`erin@${DOMAIN}`);
    expect((await identitiesOf(erin)).identities).toHaveLength(1);
  });

  it('sets a first password, signs in with it, and unlinks the provider', async () => {
    const ivy = await ssoOnlyUser('ivy');
    const set = await send('POST', `${BASE}/password`, ivy, {
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().canSetPassword).toBe(false);
    expect(
      set
        .json()
        .identities.map((i: { kind: string }) => i.kind)
        .sort(),
    ).toEqual(['password', 'sso']);
    const twice = await send('POST', `${BASE}/password`, ivy, {
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(twice.statusCode).toBe(409);
    const signIn = await passwordSignIn(`ivy@${DOMAIN}`, NEW_PASSWORD);
    expect(signIn.statusCode, signIn.body).toBe(200);
    const sso = set.json().identities.find((i: { kind: string }) => i.kind === 'sso');
    const unlinked = await send('DELETE', `${BASE}/${sso.id}`, ivy);
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    expect(unlinked.json().identities).toEqual([expect.objectContaining({ kind: 'password' })]);
    expect(unlinked.json().canLinkSso).toBe(true);
    expect(await signedInAs(ivy)).toBe(`ivy@${DOMAIN}`);
    expect(await eventsOf(`ivy@${DOMAIN}`, 'identity_unlinked')).toEqual([
      expect.objectContaining({ details: expect.objectContaining({ method: 'sso' }) }),
    ]);
    const [user] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, `ivy@${DOMAIN}`));
    const audit = await t.database.db.select().from(auditEntries).where(eq(auditEntries.entityId, user!.id));
    expect(audit.map((e) => e.action).sort()).toEqual(['created', 'identity-linked', 'identity-unlinked']);
  });

  it('asks for a recent sign-in before a first password, and keeps the session', async () => {
    const jon = await ssoOnlyUser('jon');
    const [user] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, `jon@${DOMAIN}`));
    await t.database.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 20 * 60_000) })
      .where(eq(sessions.userId, user!.id));
    const response = await send('POST', `${BASE}/password`, jon, {
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('REAUTHENTICATION_NEEDED');
    expect(await signedInAs(jon)).toBe(`jon@${DOMAIN}`);
    expect((await identitiesOf(jon)).canSetPassword).toBe(true);
  });

  it("answers 404 for another user's identity id and another company's, changing nothing", async () => {
    const kim = await t.signIn({ email: `kim@${DOMAIN}`, role: 'user', companyName: 'Link SSO' });
    const adminIds = (await identitiesOf(admin)).identities.map((i: { id: string }) => i.id);
    const outsider = await t.signIn({
      email: 'lee@other-link.test',
      role: 'admin',
      companyName: 'Other Link',
    });
    for (const cookie of [kim, outsider]) {
      const response = await send('DELETE', `${BASE}/${adminIds[0]}`, cookie);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('IDENTITY_NOT_FOUND');
      expect(await signedInAs(cookie)).not.toBeNull();
    }
    expect((await identitiesOf(admin)).identities.map((i: { id: string }) => i.id)).toEqual(adminIds);
  });

  it('refuses bad input with a 400 naming the field, and a signed-out caller with 401', async () => {
    const kim = await t.signIn({ email: `kim@${DOMAIN}`, role: 'user', companyName: 'Link SSO' });
    const badId = await send('DELETE', `${BASE}/not-an-id`, kim);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error.fieldErrors).toHaveProperty('id');
    const weak = await send('POST', `${BASE}/password`, kim, { password: 'short', confirmPassword: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.fieldErrors).toHaveProperty('password');
    const mismatch = await send('POST', `${BASE}/password`, kim, {
      password: NEW_PASSWORD,
      confirmPassword: `${NEW_PASSWORD}x`,
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.fieldErrors).toHaveProperty('confirmPassword');
    expect(await signedInAs(kim)).toBe(`kim@${DOMAIN}`);
    expect((await send('GET', BASE, '')).statusCode).toBe(401);
  });
});
