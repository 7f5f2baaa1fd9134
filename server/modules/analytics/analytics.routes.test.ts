// First-party analytics API: events are recorded against the sender's company only, validated, and summarised for admins.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInCompany } from '../../../tests/fixtures/companies.ts';
import { createTestApp, type TTestApp } from '../../../tests/setup/test-app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const companyOf = (name: string) => signInCompany(t, name);

const send = (payload: unknown, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/analytics/events',
    payload: payload as object,
    headers: cookie ? { cookie } : {},
  });

async function summary(cookie: string, query = '') {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/analytics/summary${query}`,
    headers: { cookie },
  });
  expect(response.statusCode).toBe(200);
  return response.json() as {
    days: number;
    counts: { name: string; count: number }[];
    topPaths: { path: string; count: number }[];
  };
}

describe('POST /api/v1/analytics/events', () => {
  it("counts a signed-in user's page views and sign-in for their company, without query strings", async () => {
    const { admin, user } = await companyOf('Counted Works');
    expect((await send({ name: 'page_view', path: '/inventory?search=bolt' }, user)).statusCode).toBe(204);
    expect((await send({ name: 'page_view', path: '/inventory' }, user)).statusCode).toBe(204);
    expect((await send({ name: 'page_view', path: '/help' }, admin)).statusCode).toBe(204);
    expect((await send({ name: 'sign_in', path: '/', props: { method: 'dev' } }, user)).statusCode).toBe(204);

    const result = await summary(admin);
    expect(result.days).toBe(30);
    expect(result.counts).toEqual([
      { name: 'page_view', count: 3 },
      { name: 'sign_in', count: 1 },
    ]);
    expect(result.topPaths).toEqual([
      { path: '/inventory', count: 2 },
      { path: '/help', count: 1 },
    ]);
  });

  it("records a signed-out visitor's page view against no company", async () => {
    const { admin } = await companyOf('Visitor Watch');
    expect((await send({ name: 'page_view', path: '/plans' })).statusCode).toBe(204);
    expect((await summary(admin)).counts).toEqual([]);
  });

  it('refuses an unknown event or a path that is not an app path with 400 naming the field, and records nothing', async () => {
    const { admin, user } = await companyOf('Strict Counts');
    const badName = await send({ name: 'delete_everything', path: '/help' }, user);
    expect(badName.statusCode).toBe(400);
    expect(badName.json().error.code).toBe('VALIDATION');
    expect(Object.keys(badName.json().error.fieldErrors)).toEqual(['name']);

    const badPath = await send({ name: 'page_view', path: 'https://elsewhere.example/x' }, user);
    expect(badPath.statusCode).toBe(400);
    expect(badPath.json().error.fieldErrors.path).toBe('Must be an app path starting with /');

    const tooMany = await send(
      {
        name: 'scan_item',
        path: '/scan',
        props: Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`k${i}`, i])),
      },
      user,
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.fieldErrors.props).toBe('At most 10 properties');

    expect((await summary(admin)).counts).toEqual([]);
  });
});

describe('GET /api/v1/analytics/summary', () => {
  it("shows an admin only their own company's events, whatever other companies send", async () => {
    const a = await companyOf('Alpha Analytics');
    const b = await companyOf('Beta Analytics');
    await send({ name: 'print_labels', path: '/labels', props: { value: 12 } }, a.user);
    await send({ name: 'scan_item', path: '/scan', props: { success: true, type: 'camera' } }, b.user);

    expect((await summary(a.admin)).counts).toEqual([{ name: 'print_labels', count: 1 }]);
    expect((await summary(b.admin)).counts).toEqual([{ name: 'scan_item', count: 1 }]);
  });

  it('is for admins: a plain user gets 403, a visitor 401, and a bad range 400 naming days', async () => {
    const { admin, user } = await companyOf('Guarded Stats');
    const asUser = await t.app.inject({
      method: 'GET',
      url: '/api/v1/analytics/summary',
      headers: { cookie: user },
    });
    expect(asUser.statusCode).toBe(403);
    const asVisitor = await t.app.inject({ method: 'GET', url: '/api/v1/analytics/summary' });
    expect(asVisitor.statusCode).toBe(401);
    const badRange = await t.app.inject({
      method: 'GET',
      url: '/api/v1/analytics/summary?days=0',
      headers: { cookie: admin },
    });
    expect(badRange.statusCode).toBe(400);
    expect(Object.keys(badRange.json().error.fieldErrors)).toEqual(['days']);
    expect((await summary(admin, '?days=7')).days).toBe(7);
  });
});

describe('the per-address limit on events', () => {
  it('refuses the 121st event from one address within 5 minutes with 429 and Retry-After, and records none of the refused', async () => {
    const { admin, user } = await signInCompany(t, 'Busy Clickers');
    const from = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/analytics/events',
        payload: { name: 'page_view', path: '/help' },
        headers: { cookie: user },
        remoteAddress,
      });
    for (let i = 0; i < 120; i++) expect((await from('198.51.100.7')).statusCode).toBe(204);
    const refused = await from('198.51.100.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is counted on its own.
    expect((await from('198.51.100.8')).statusCode).toBe(204);
    expect((await summary(admin)).counts).toEqual([{ name: 'page_view', count: 121 }]);
  });
});
