// The security dashboard: what a sysadmin sees of every company's sign-ins, events and MFA adoption, the range and
// bucket rules, and who may look at all — on PGlite and on PostgreSQL. Sessions: security-sessions.api.test.ts.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_EVENT_TYPE_LABELS } from '#common/schemas/security-dashboard.ts';
import { SECURITY_RANGE_MESSAGES } from '#common/security-range.ts';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';
import { createCompany, createUser, FACTORY_PASSWORD } from '../../db/seed/factories.ts';
import { ZSecurityEventTypeSchema } from '../../security/security-event-types.ts';
import { recordSecurityEvent } from '../../security/security-events.ts';
import { users } from '../auth/auth.tables.ts';

let t: TTestApp;
let sysadmin: string;
let admin: string;
let user: string;
beforeAll(async () => {
  t = await createTestApp();
  sysadmin = await t.signIn({ email: 'ops@console.example', role: 'sysadmin', companyName: 'Console Ops' });
  admin = await t.signIn({ email: 'ada@anvil-sec.example', role: 'admin', companyName: 'Anvil Sec' });
  user = await t.signIn({ email: 'uma@anvil-sec.example', role: 'user', companyName: 'Anvil Sec' });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, cookie = sysadmin) =>
  t.app.inject({ method: 'GET', url, headers: { origin: TEST_APP_URL, cookie } });

/** A browser's sign-in attempt from `address`, with the login form's CSRF double submit. */
function attemptSignIn(email: string, password: string, address: string) {
  const csrf = randomBytes(32).toString('hex');
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-in',
    payload: { email, password, csrfToken: csrf },
    headers: { origin: TEST_APP_URL, cookie: `fb_csrf=${csrf}` },
    remoteAddress: address,
  });
}

const HOUR = 3600_000;
const DAY = 24 * HOUR;

describe('who may look', () => {
  const routes = [
    ['GET', '/api/v1/security/overview'],
    ['GET', '/api/v1/security/events'],
    ['GET', '/api/v1/security/sessions'],
    ['DELETE', '/api/v1/security/sessions/0190a000-0000-7000-8000-000000000000'],
    ['GET', '/api/v1/security/admin-actions'],
  ] as const;

  it.each(routes)(
    '%s %s: 401 signed out, 403 for an admin and a user, 2xx or 404 for the sysadmin',
    async (method, url) => {
      const as = (cookie?: string) =>
        t.app.inject({ method, url, headers: { origin: TEST_APP_URL, ...(cookie ? { cookie } : {}) } });
      expect((await as()).statusCode).toBe(401);
      for (const cookie of [admin, user]) {
        const refused = await as(cookie);
        expect(refused.statusCode).toBe(403);
        expect(refused.json().error.code).toBe('FORBIDDEN');
      }
      expect((await as(sysadmin)).statusCode).toBe(method === 'DELETE' ? 404 : 200);
    },
  );
});

describe('the overview', () => {
  it('counts a real burst of failed sign-ins, the rate limit it hits, and names the failing addresses and accounts', async () => {
    const from = new Date().toISOString();
    // An account that exists (5 wrong passwords, then the per-account limit refuses 2 more) and one that does not.
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push(
        (await attemptSignIn('uma@anvil-sec.example', 'Wrong-Guess-1', '203.0.113.7')).statusCode,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429]);
    for (let i = 0; i < 2; i++) {
      expect((await attemptSignIn('ghost@nowhere.example', 'Wrong-Guess-1', '203.0.113.8')).statusCode).toBe(
        400,
      );
    }
    // An inactive account with the right password.
    const company = await createCompany(t.database.db, { name: 'Dormant Works' });
    await createUser(t.database.db, company.company.id, { email: 'sleepy@dormant.example', active: false });
    expect((await attemptSignIn('sleepy@dormant.example', FACTORY_PASSWORD, '203.0.113.9')).statusCode).toBe(
      403,
    );

    const to = new Date(Date.now() + 1000).toISOString();
    const response = await get(`/api/v1/security/overview?from=${from}&to=${to}`);
    expect(response.statusCode).toBe(200);
    const overview = response.json();
    expect(overview.bucket).toBe('hour');
    expect(overview.counts).toEqual({
      signInsSucceeded: 0,
      signInsFailed: 7,
      rateLimited: 2,
      lockedOut: 0,
      inactiveAccountAttempts: 1,
    });
    expect(overview.topAddresses).toEqual([
      { ip: '203.0.113.7', count: 5, lastAt: expect.any(String) },
      { ip: '203.0.113.8', count: 2, lastAt: expect.any(String) },
    ]);
    expect(overview.topAccounts).toEqual([
      { email: 'uma@anvil-sec.example', count: 5, lastAt: expect.any(String), companyName: 'Anvil Sec' },
      { email: 'ghost@nowhere.example', count: 2, lastAt: expect.any(String), companyName: null },
    ]);
    const total = (key: 'failed' | 'rateLimited') =>
      overview.series.reduce((sum: number, point: Record<string, number>) => sum + point[key]!, 0);
    expect([total('failed'), total('rateLimited')]).toEqual([7, 2]);
  });

  it('fills every hour of a day with zeros where nothing happened, counting each event in its own hour', async () => {
    const at = (iso: string) => new Date(iso);
    for (const [type, when] of [
      ['sign_in_failed', '2025-03-01T05:10:00Z'],
      ['sign_in_failed', '2025-03-01T05:59:59.999Z'],
      ['rate_limited', '2025-03-01T05:30:00Z'],
      ['rate_limited', '2025-03-01T05:31:00Z'],
      ['sign_in_failed', '2025-03-01T07:00:00Z'],
      // Outside [from, to): the range's start is inclusive, its end exclusive.
      ['sign_in_failed', '2025-02-28T23:59:59.999Z'],
      ['sign_in_failed', '2025-03-02T00:00:00Z'],
    ] as const) {
      await recordSecurityEvent(t.database.db, {
        type,
        email: 'burst@series.example',
        ip: '198.51.100.1',
        at: at(when),
      });
    }
    const response = await get('/api/v1/security/overview?from=2025-03-01T00:00:00Z&to=2025-03-02T00:00:00Z');
    expect(response.statusCode).toBe(200);
    const { bucket, series, counts } = response.json();
    expect(bucket).toBe('hour');
    expect(series).toHaveLength(24);
    expect(series[0]).toEqual({ at: '2025-03-01T00:00:00.000Z', failed: 0, rateLimited: 0 });
    expect(series[5]).toEqual({ at: '2025-03-01T05:00:00.000Z', failed: 2, rateLimited: 2 });
    expect(series[7]).toEqual({ at: '2025-03-01T07:00:00.000Z', failed: 1, rateLimited: 0 });
    const others = series.filter((_: unknown, i: number) => i !== 5 && i !== 7);
    expect(
      others.every((p: { failed: number; rateLimited: number }) => p.failed === 0 && p.rateLimited === 0),
    ).toBe(true);
    expect(counts).toMatchObject({ signInsFailed: 3, rateLimited: 2 });
  });

  it('draws ranges longer than 48 hours per UTC day, and counts a two-factor sign-in once', async () => {
    const record = (type: 'sign_in_failed' | 'rate_limited' | 'locked_out', iso: string) =>
      recordSecurityEvent(t.database.db, { type, ip: '198.51.100.2', at: new Date(iso) });
    await record('sign_in_failed', '2025-04-01T00:00:00Z');
    await record('sign_in_failed', '2025-04-01T23:59:59.999Z');
    await record('rate_limited', '2025-04-01T12:00:00Z');
    await record('sign_in_failed', '2025-04-03T09:00:00Z');
    await record('locked_out', '2025-04-03T09:05:00Z');
    await recordSecurityEvent(t.database.db, {
      type: 'sign_in_succeeded',
      email: 'twostep@series.example',
      details: { stage: 'password', twoFactorRequired: true },
      at: new Date('2025-04-03T09:00:00Z'),
    });
    await recordSecurityEvent(t.database.db, {
      type: 'sign_in_succeeded',
      email: 'twostep@series.example',
      details: { mfa: true, method: 'totp' },
      at: new Date('2025-04-03T09:00:30Z'),
    });
    const response = await get('/api/v1/security/overview?from=2025-04-01T00:00:00Z&to=2025-04-08T12:00:00Z');
    const { bucket, series, counts } = response.json();
    expect(bucket).toBe('day');
    expect(series).toEqual([
      { at: '2025-04-01T00:00:00.000Z', failed: 2, rateLimited: 1 },
      { at: '2025-04-02T00:00:00.000Z', failed: 0, rateLimited: 0 },
      { at: '2025-04-03T00:00:00.000Z', failed: 1, rateLimited: 0 },
      ...['04', '05', '06', '07', '08'].map((day) => ({
        at: `2025-04-${day}T00:00:00.000Z`,
        failed: 0,
        rateLimited: 0,
      })),
    ]);
    expect(counts).toEqual({
      signInsSucceeded: 1,
      signInsFailed: 3,
      rateLimited: 1,
      lockedOut: 1,
      inactiveAccountAttempts: 0,
    });
  });

  it('covers the last 7 days by default', async () => {
    const { from, to, bucket, series } = (await get('/api/v1/security/overview')).json();
    expect(Date.parse(to) - Date.parse(from)).toBe(7 * DAY);
    expect(Math.abs(Date.parse(to) - Date.now())).toBeLessThan(60_000);
    expect(bucket).toBe('day');
    expect(series.length).toBeGreaterThanOrEqual(7);
    expect(series.length).toBeLessThanOrEqual(8);
  });

  it('shows MFA adoption per company among active users, lowest first, a page at a time', async () => {
    const db = t.database.db;
    const made: Record<string, string> = {};
    for (const [name, people] of [
      ['Mfa Full Co', [true, true]],
      ['Mfa Half Co', [true, false]],
      ['Mfa None Co', [false]],
    ] as const) {
      const { company } = await createCompany(db, { name });
      made[name] = company.id;
      for (const mfa of people) {
        const row = await createUser(db, company.id, {});
        if (mfa) await db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, row.id));
      }
    }
    // An inactive user with MFA counts for nobody.
    const gone = await createUser(db, made['Mfa Half Co']!, { active: false });
    await db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, gone.id));

    const { mfa } = (await get('/api/v1/security/overview?mfaPageSize=50')).json();
    const byName = (name: string) =>
      mfa.companies.items.find((c: { companyName: string }) => c.companyName === name);
    expect(byName('Mfa Full Co')).toEqual({
      companyId: made['Mfa Full Co'],
      companyName: 'Mfa Full Co',
      users: 2,
      usersWithMfa: 2,
      percent: 100,
    });
    expect(byName('Mfa Half Co')).toMatchObject({ users: 2, usersWithMfa: 1, percent: 50 });
    expect(byName('Mfa None Co')).toMatchObject({ users: 1, usersWithMfa: 0, percent: 0 });
    const names = mfa.companies.items.map((c: { companyName: string }) => c.companyName);
    expect(names.indexOf('Mfa None Co')).toBeLessThan(names.indexOf('Mfa Half Co'));
    expect(names.indexOf('Mfa Half Co')).toBeLessThan(names.indexOf('Mfa Full Co'));
    const sum = (key: 'users' | 'usersWithMfa') =>
      mfa.companies.items.reduce((n: number, c: Record<string, number>) => n + c[key]!, 0);
    expect(mfa.companies.total).toBe(mfa.companies.items.length);
    expect([mfa.users, mfa.usersWithMfa]).toEqual([sum('users'), sum('usersWithMfa')]);
    expect(mfa.percent).toBe(Math.round((sum('usersWithMfa') / sum('users')) * 100));

    const second = (await get('/api/v1/security/overview?mfaPage=2&mfaPageSize=1')).json().mfa.companies;
    expect(second).toMatchObject({ page: 2, pageSize: 1, total: mfa.companies.total });
    expect(second.items.map((c: { companyName: string }) => c.companyName)).toEqual([names[1]]);
  });
});

describe('the event log', () => {
  it('pages every company’s events newest first with company names, filtered by type and company', async () => {
    const db = t.database.db;
    const [ops] = await db.select().from(users).where(eq(users.email, 'ops@console.example'));
    const base = Date.parse('2025-06-01T12:00:00Z');
    for (let i = 0; i < 5; i++) {
      await recordSecurityEvent(db, {
        type: i % 2 === 0 ? 'password_changed' : 'mfa_enabled',
        companyId: ops!.companyId,
        userId: ops!.id,
        email: 'ops@console.example',
        at: new Date(base + i * 60_000),
      });
    }
    const range = 'from=2025-06-01T00:00:00Z&to=2025-06-02T00:00:00Z';
    const seen: string[] = [];
    let cursor: string | null = null;
    const sizes: number[] = [];
    do {
      const response = await get(
        `/api/v1/security/events?${range}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(response.statusCode).toBe(200);
      const page = response.json();
      sizes.push(page.items.length);
      for (const item of page.items) {
        expect(item).toMatchObject({ companyName: 'Console Ops', email: 'ops@console.example' });
        seen.push(item.createdAt);
      }
      cursor = page.nextCursor;
    } while (cursor);
    expect(sizes).toEqual([2, 2, 1]);
    expect(seen).toEqual([...seen].sort().reverse());
    expect(new Set(seen).size).toBe(5);

    const typed = (await get(`/api/v1/security/events?${range}&type=mfa_enabled`)).json();
    expect(typed.items.map((e: { type: string }) => e.type)).toEqual(['mfa_enabled', 'mfa_enabled']);
    const otherCompany = (
      await get(`/api/v1/security/events?${range}&companyId=${crypto.randomUUID()}`)
    ).json();
    expect(otherCompany.items).toEqual([]);
    const ownCompany = (await get(`/api/v1/security/events?${range}&companyId=${ops!.companyId}`)).json();
    expect(ownCompany.items).toHaveLength(5);
  });

  it('has a label for every event type the server records', () => {
    expect(ZSecurityEventTypeSchema.options.filter((type) => !SECURITY_EVENT_TYPE_LABELS[type])).toEqual([]);
  });
});

describe('bad requests name the field', () => {
  const tooLongFrom = new Date(Date.now() - 91 * DAY).toISOString();
  it.each([
    [
      '/api/v1/security/overview?from=2026-11-02T00:00:00Z&to=2026-11-01T00:00:00Z',
      'to',
      SECURITY_RANGE_MESSAGES.endBeforeStart,
    ],
    [
      '/api/v1/security/overview?from=2026-11-02T00:00:00Z&to=2026-11-02T00:00:00Z',
      'to',
      SECURITY_RANGE_MESSAGES.endBeforeStart,
    ],
    [
      '/api/v1/security/overview?from=2026-01-01T00:00:00Z&to=2026-04-02T00:00:00Z',
      'from',
      SECURITY_RANGE_MESSAGES.tooLong,
    ],
    [`/api/v1/security/overview?from=${tooLongFrom}`, 'from', SECURITY_RANGE_MESSAGES.tooLong],
    ['/api/v1/security/overview?from=yesterday', 'from', null],
    ['/api/v1/security/overview?mfaPageSize=51', 'mfaPageSize', null],
    [
      '/api/v1/security/events?from=2026-11-02T00:00:00Z&to=2026-11-01T00:00:00Z',
      'to',
      SECURITY_RANGE_MESSAGES.endBeforeStart,
    ],
    ['/api/v1/security/events?cursor=not-a-cursor', 'cursor', null],
    ['/api/v1/security/events?type=spaceship', 'type', null],
    ['/api/v1/security/events?companyId=42', 'companyId', null],
    ['/api/v1/security/events?limit=101', 'limit', null],
    ['/api/v1/security/sessions?pageSize=101', 'pageSize', null],
    ['/api/v1/security/sessions?page=0', 'page', null],
    ['/api/v1/security/admin-actions?pageSize=0', 'pageSize', null],
  ])('%s: 400 naming %s', async (url, field, message) => {
    const response = await get(url);
    expect(response.statusCode).toBe(400);
    const { fieldErrors } = response.json().error;
    expect(Object.keys(fieldErrors)).toEqual([field]);
    if (message) expect(fieldErrors[field]).toBe(message);
  });

  it('refuses a session id that is not one with 400 naming id', async () => {
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/security/sessions/not-an-id',
      headers: { origin: TEST_APP_URL, cookie: sysadmin },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fieldErrors)).toEqual(['id']);
  });
});
