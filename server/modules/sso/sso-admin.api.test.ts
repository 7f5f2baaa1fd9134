// Decision 090, on PGlite and on PostgreSQL: a sysadmin's list of every company's pending domain claims (paged on the
// server, refused to admins) and its approval (audited in the claiming company's trail, a security event); and an
// admin removing the provider, refused while a domain requires single sign-on, after which nobody is routed to it.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsTxtServer, type TDnsTxtServer } from '../../../tests/setup/dns-txt-server.ts';
import { IDP_CLIENT_SECRET, startTestIdp, type TTestIdp } from '../../../tests/setup/oidc-idp.ts';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';
import { securityEvents } from '../../security/security-events.tables.ts';
import { auditEntries } from '../audit/audit.tables.ts';
import { ssoDomains } from './sso.tables.ts';

const A_DOMAIN = 'alpha-claims.test';
const B_DOMAIN = 'beta-claims.test';
let t: TTestApp;
let idp: TTestIdp;
let dns: TDnsTxtServer;
let sysadmin: string;
let adminA: string;
let adminB: string;
let companyA: string;

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

async function claim(cookie: string, domain: string) {
  const response = await send('POST', '/api/v1/sso/domains', cookie, { domain });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; txtName: string; txtValue: string };
}

/** Every pending claim the sysadmin's list holds, page by page. */
async function allPending(pageSize: number) {
  const items: { id: string; domain: string; companyName: string }[] = [];
  for (let page = 1; ; page++) {
    const response = await send(
      'GET',
      `/api/v1/sso/pending-domains?page=${page}&pageSize=${pageSize}`,
      sysadmin,
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.items.length).toBeLessThanOrEqual(pageSize);
    items.push(...body.items);
    if (page * pageSize >= body.total) return items;
  }
}

beforeAll(async () => {
  dns = await startDnsTxtServer();
  idp = await startTestIdp();
  t = await createTestApp({ env: { SSO_DNS_SERVERS: dns.address, SSO_TRUSTED_IDP_ORIGINS: idp.origin } });
  sysadmin = await t.signIn({ email: 'root@claims-sys.test', role: 'sysadmin', companyName: 'Claims Sys' });
  adminA = await t.signIn({ email: `admin@${A_DOMAIN}`, role: 'admin', companyName: 'Alpha Claims' });
  adminB = await t.signIn({ email: `admin@${B_DOMAIN}`, role: 'admin', companyName: 'Beta Claims' });
  companyA = (await send('GET', '/api/v1/session', adminA)).json().user.companyId;
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
  await dns?.close();
});

describe("a sysadmin's list of pending domain claims", () => {
  it('lists every company’s pending claims, paged on the server, with the company and the TXT record', async () => {
    const a = await claim(adminA, A_DOMAIN);
    const b = await claim(adminB, B_DOMAIN);
    const first = await send('GET', '/api/v1/sso/pending-domains?pageSize=1', sysadmin);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ page: 1, pageSize: 1 });
    expect(first.json().items).toHaveLength(1);
    expect(first.json().total).toBeGreaterThanOrEqual(2);
    const items = await allPending(1);
    expect(items.find((i) => i.id === a.id)).toMatchObject({
      companyName: 'Alpha Claims',
      companyId: companyA,
      domain: A_DOMAIN,
      claimedBy: expect.stringContaining(`admin@${A_DOMAIN}`),
      txtName: a.txtName,
      txtValue: a.txtValue,
      provedElsewhere: false,
    });
    expect(items.find((i) => i.id === b.id)).toMatchObject({ companyName: 'Beta Claims', domain: B_DOMAIN });
    expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
  });

  it('is refused to an admin (403) and to nobody signed in (401); a bad page size is a 400 naming it', async () => {
    const admin = await send('GET', '/api/v1/sso/pending-domains', adminA);
    expect(admin.statusCode).toBe(403);
    expect(admin.body).not.toContain(B_DOMAIN);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/sso/pending-domains' });
    expect(anonymous.statusCode).toBe(401);
    const bad = await send('GET', '/api/v1/sso/pending-domains?pageSize=0', sysadmin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fieldErrors).toHaveProperty('pageSize');
  });

  it('approves a claim: proved, in the company’s audit trail, a security event, gone from the list', async () => {
    const pending = (await allPending(100)).find((i) => i.domain === A_DOMAIN)!;
    const byAdmin = await send('POST', `/api/v1/sso/domains/${pending.id}/approve`, adminA);
    expect(byAdmin.statusCode).toBe(403);
    const approved = await send('POST', `/api/v1/sso/domains/${pending.id}/approve`, sysadmin);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ domain: A_DOMAIN, proved: true, provedBy: 'sysadmin' });
    const audit = await t.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entityId, pending.id), eq(auditEntries.action, 'approved')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.companyId).toBe(companyA);
    expect(audit[0]!.actorName).toContain('root@claims-sys.test');
    const events = await t.database.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.type, 'sso_domain_approved'));
    const event = events.find((e) => e.details.domainId === pending.id);
    expect(event).toMatchObject({ companyId: companyA, outcome: 'success' });
    expect(event!.details).toMatchObject({ domain: A_DOMAIN });
    expect((await allPending(100)).map((i) => i.id)).not.toContain(pending.id);
  });

  it('marks a claim of a domain another company proved, and refuses to approve it (409)', async () => {
    const late = await claim(adminB, 'late.alpha-claims.test');
    expect(late.txtName).toContain('late.alpha-claims.test');
    const clash = await send('POST', '/api/v1/sso/domains', adminB, { domain: A_DOMAIN });
    expect(clash.statusCode).toBe(409);
    // A pending claim made before the other company proved the domain: listed as proved elsewhere, not approvable.
    await t.database.db.update(ssoDomains).set({ domain: A_DOMAIN }).where(eq(ssoDomains.id, late.id));
    const listed = (await allPending(100)).find((i) => i.id === late.id);
    expect(listed).toMatchObject({ domain: A_DOMAIN, companyName: 'Beta Claims', provedElsewhere: true });
    const refused = await send('POST', `/api/v1/sso/domains/${late.id}/approve`, sysadmin);
    expect(refused.statusCode).toBe(409);
  });
});

describe('removing the provider', () => {
  it('is refused while a domain requires single sign-on, then removes it and routes nobody to it', async () => {
    const saved = await send('PUT', '/api/v1/sso/provider', adminA, {
      issuer: idp.issuer,
      clientId: 'alpha',
      clientSecret: IDP_CLIENT_SECRET,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const domain = (await send('GET', '/api/v1/sso/domains', adminA))
      .json()
      .domains.find((d: { domain: string }) => d.domain === A_DOMAIN);
    const start = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sso/start',
        payload: { email: `someone@${A_DOMAIN}` },
        headers: { origin: TEST_APP_URL },
      });
    expect((await start()).statusCode).toBe(200);

    await send('PATCH', `/api/v1/sso/domains/${domain.id}`, adminA, { ssoRequired: true });
    const refused = await send('DELETE', '/api/v1/sso/provider', adminA);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain(A_DOMAIN);
    expect((await send('GET', '/api/v1/sso/provider', adminA)).json().provider).not.toBeNull();

    await send('PATCH', `/api/v1/sso/domains/${domain.id}`, adminA, { ssoRequired: false });
    const removed = await send('DELETE', '/api/v1/sso/provider', adminA);
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await send('GET', '/api/v1/sso/provider', adminA)).json()).toEqual({ provider: null });
    expect((await start()).statusCode).toBe(404);
    const audit = await t.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.companyId, companyA), eq(auditEntries.entityType, 'sso-provider')));
    expect(audit.map((e) => e.action)).toEqual(expect.arrayContaining(['created', 'deleted']));
    const [event] = await t.database.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.type, 'sso_provider_removed'), eq(securityEvents.companyId, companyA)));
    expect(event!.details).toMatchObject({ issuer: idp.issuer });
    expect((await send('DELETE', '/api/v1/sso/provider', adminA)).statusCode).toBe(404);
  });

  it('is refused to a user (403)', async () => {
    const user = await t.signIn({ email: `user@${A_DOMAIN}`, role: 'user', companyName: 'Alpha Claims' });
    expect((await send('DELETE', '/api/v1/sso/provider', user)).statusCode).toBe(403);
  });
});
