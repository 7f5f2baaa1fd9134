// Tenancy is structure (decision 032): every API route is registered in the tenant group, or in a system group that
// this file names route by route; and no module reaches the owner connection except the system modules named here.
// A new route registered any other way, or a service that opens its own transaction on the owner connection, fails.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../tests/setup/test-app.ts';

/**
 * The routes that run as the server, each a deliberate choice: before any tenant (sign-up, sign-in, resets),
 * better-auth's own tables (accounts, second factors, sessions; the seats a plan counts), across companies (the
 * sysadmins' dashboard).
 */
const SYSTEM_ROUTES = [
  'GET /api/health',
  'GET /api/auth/*',
  'POST /api/auth/*',
  'GET /api/v1/session',
  'POST /api/v1/session/sign-out',
  'POST /api/v1/analytics/events',
  'POST /api/v1/auth/verify-email',
  'POST /api/v1/auth/check-availability',
  'POST /api/v1/auth/sign-up',
  'POST /api/v1/auth/finish-registration',
  'POST /api/v1/auth/sign-in',
  'POST /api/v1/auth/resend-verification',
  'POST /api/v1/auth/forgot-password',
  'POST /api/v1/auth/reset-password',
  'POST /api/v1/auth/change-password',
  'POST /api/v1/auth/two-factor/enable',
  'POST /api/v1/auth/two-factor/confirm',
  'POST /api/v1/auth/two-factor/verify',
  'POST /api/v1/auth/two-factor/backup-codes',
  'POST /api/v1/auth/two-factor/disable',
  'POST /api/v1/auth/sso/start',
  'POST /api/v1/auth/passkeys/registration-options',
  'POST /api/v1/auth/passkeys',
  'GET /api/v1/auth/passkeys',
  'DELETE /api/v1/auth/passkeys/:id',
  'POST /api/v1/auth/passkey/options',
  'POST /api/v1/auth/passkey/sign-in',
  'POST /api/v1/auth/two-factor/passkey/options',
  'POST /api/v1/auth/two-factor/passkey',
  'POST /api/v1/sso/domains/:id/approve',
  'GET /api/v1/sso/pending-domains',
  'GET /api/v1/user/identities',
  'GET /api/v1/user/identities/authorize',
  'POST /api/v1/user/identities/password',
  'DELETE /api/v1/user/identities/:id',
  'GET /api/v1/users',
  'POST /api/v1/users',
  'GET /api/v1/users/:id',
  'PATCH /api/v1/auth/passkeys/:id',
  'PATCH /api/v1/users/:id',
  'POST /api/v1/users/:id/invitation',
  'POST /api/v1/users/:id/labor-rates/preview',
  'POST /api/v1/users/:id/labor-rates',
  'DELETE /api/v1/users/:id/two-factor',
  'GET /api/v1/security/overview',
  'GET /api/v1/security/events',
  'GET /api/v1/security/sessions',
  'DELETE /api/v1/security/sessions/:id',
  'GET /api/v1/security/admin-actions',
  'GET /api/v1/subscription',
  'POST /api/v1/subscription/plan',
  'GET /api/v1/kiosk',
  'POST /api/v1/kiosk/badge',
  'POST /api/v1/kiosk/clock-in',
  'POST /api/v1/kiosk/clock-out',
].sort();

/** The API reference's own pages (static files of @fastify/swagger-ui): no data behind them. */
const isDocumentation = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/');

/**
 * Module files that may reach the owner connection (`app.database`, `withTenant` on the root database): the
 * services behind the system routes above.
 */
const OWNER_CONNECTION_FILES = [
  /^server\/modules\/auth\//,
  /^server\/modules\/users\//,
  /^server\/modules\/session\//,
  /^server\/modules\/security-dashboard\//,
  /^server\/modules\/health\//,
  /^server\/modules\/subscription\//,
  /^server\/modules\/analytics\/analytics-events\./,
  // Single sign-on (decision 086): the start and the callback come before any company; a domain proved by another
  // company, and a sysadmin's approval, look across companies.
  /^server\/modules\/sso\//,
  // Passkeys (decision 089): better-auth's table, before any tenant at sign-in, the caller's own rows after.
  /^server\/modules\/passkeys\//,
  // Linked identities (decision 088): the signed-in person's own accounts rows, better-auth's table.
  /^server\/modules\/identities\//,
  // The PM calendar's feed: a calendar app has no session, so its secret finds the feed as the server (decision 059).
  /^server\/modules\/maintenance\/calendar-feed\.public\./,
  // A kiosk tablet has no session: its key finds the kiosk (and so the company) as the server (decision 083).
  /^server\/modules\/kiosks\/kiosk-device\./,
  // The maintenance scheduler: no request, every company with the area on; it lists them as the server and then works
  // in each one's tenant transaction (decision 058), as the job worker does for mail.
  /^server\/modules\/maintenance\/scheduler\.ts$/,
];

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const apiRoutes = () =>
  [...t.app.routeAccess].filter(([key]) => {
    const url = key.slice(key.indexOf(' ') + 1);
    return url.startsWith('/api/') && !isDocumentation(url);
  });

describe('route groups', () => {
  it('registers every API route in the tenant group or a named system group', () => {
    const ungrouped = apiRoutes()
      .filter(([, { access }]) => access === 'ungrouped')
      .map(([key]) => key);
    expect(ungrouped, 'register these in tenantRoutes (server/plugins/route-groups.ts)').toEqual([]);
    expect(apiRoutes().length).toBeGreaterThan(60);
  });

  it('runs only the named routes as the server, each group saying why', () => {
    const system = apiRoutes().filter(([, { access }]) => access === 'system');
    expect(system.map(([key]) => key).sort()).toEqual(SYSTEM_ROUTES);
    for (const [key, { why }] of system) expect(why, key).toMatch(/\w{3,}/);
  });

  it('refuses every tenant route to a signed-out request before it reads the request', async () => {
    const tenant = apiRoutes().filter(([, { access }]) => access === 'tenant');
    expect(tenant.length).toBeGreaterThan(40);
    for (const [key] of tenant) {
      const [method, url] = key.split(' ') as [string, string];
      const response = await t.app.inject({
        method: method as 'GET',
        url: url.replaceAll(/:[A-Za-z]+/g, '0190a1b2-0000-7000-8000-000000000000'),
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
      });
      expect(response.statusCode, key).toBe(401);
      expect(response.json().error.code, key).toBe('UNAUTHENTICATED');
    }
  });
});

describe('the owner connection', () => {
  it('is reached by no module file but the named system ones', () => {
    const root = fileURLToPath(new URL('..', import.meta.url));
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
          const file = relative(root, path);
          if (OWNER_CONNECTION_FILES.some((allowed) => allowed.test(file))) continue;
          const text = readFileSync(path, 'utf8');
          // systemRoutes hands its callback the owner connection: wrapping tenant routes in one is a way around.
          if (/\bwithTenant\(|\.database\b|\bdatabase\.db\b|\bsystemRoutes\(/.test(text))
            offenders.push(file);
        }
      }
    };
    walk(join(root, 'server/modules'));
    expect(offenders, 'take the TTenant handle (tenantOf(request)) instead').toEqual([]);
  });
});
