// The session API: who is signed in, the development sign-in and its validation, sign-out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPEC_DEFAULT_LABEL_CONFIG } from '../../../tests/fixtures/spec.ts';
import { createTestApp, type TTestApp } from '../../../tests/setup/test-app.ts';
import { findCompanyByName } from '../companies/companies.repo.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const getSession = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/session', headers: cookie ? { cookie } : {} });

describe('GET /api/v1/session', () => {
  it('answers user null when nobody is signed in', async () => {
    const response = await getSession();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ state: 'signed-out', user: null, labelConfig: null, devSignIn: true });
  });

  it('answers user null for a cookie that was tampered with', async () => {
    const cookie = await t.signIn({ email: 'eve@example.com', role: 'user', companyName: 'Tamper Works' });
    const forged = cookie.replace(/=([^.]+)/, (_m, value: string) => {
      const payload = JSON.parse(Buffer.from(decodeURIComponent(value), 'base64url').toString('utf8'));
      return `=${Buffer.from(JSON.stringify({ ...payload, role: 'sysadmin' })).toString('base64url')}`;
    });
    expect(forged).not.toBe(cookie);
    expect((await getSession(forged)).json().user).toBeNull();
  });
});

describe('POST /api/v1/dev/sign-in', () => {
  it('starts an http-only session and GET /api/v1/session then shows the user and the default configuration', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/dev/sign-in',
      payload: {
        email: 'Ada@Example.com',
        role: 'admin',
        firstName: 'Ada',
        lastName: 'Lovelace',
        companyName: 'Acme Parts',
      },
    });
    expect(response.statusCode).toBe(200);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/^fb_session=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);

    const session = (await getSession(setCookie.split(';')[0])).json();
    expect(session.user).toMatchObject({
      email: 'ada@example.com',
      role: 'admin',
      company: 'Acme Parts',
      active: true,
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    expect(session.user.companyId).toMatch(/^[0-9a-f-]{36}$/);
    expect(session.labelConfig).toEqual(SPEC_DEFAULT_LABEL_CONFIG);
  });

  it('puts a second sign-in with the same company name, in any case, in the same company', async () => {
    const first = await t.signIn({ email: 'a@example.com', role: 'admin', companyName: 'Same Co' });
    const second = await t.signIn({ email: 'b@example.com', role: 'user', companyName: 'SAME CO' });
    const [a, b] = [(await getSession(first)).json().user, (await getSession(second)).json().user];
    expect(b.companyId).toBe(a.companyId);
    expect(b.company).toBe('Same Co');
  });

  it('puts simultaneous first sign-ins of one new company in that one company (no 500 from the race)', async () => {
    const cookies = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t.signIn({ email: `racer${i}@example.com`, role: 'user', companyName: 'Photo Finish' }),
      ),
    );
    const companyIds = new Set(
      await Promise.all(cookies.map(async (cookie) => (await getSession(cookie)).json().user.companyId)),
    );
    expect(companyIds.size).toBe(1);
  });

  it.each([
    [{ email: 'not-an-email', role: 'user', companyName: 'Never Made 1' }, 'email'],
    [{ email: 'x@example.com', role: 'owner', companyName: 'Never Made 2' }, 'role'],
    [{ email: 'x@example.com', role: 'user', companyName: 'N' }, 'companyName'],
    [{ role: 'user', companyName: 'Never Made 3' }, 'email'],
  ])('refuses %j with 400 VALIDATION naming %s, and creates nothing', async (payload, field) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/dev/sign-in', payload });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error.code).toBe('VALIDATION');
    expect(Object.keys(body.error.fieldErrors)).toContain(field);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await findCompanyByName(t.database.db, payload.companyName)).toBeNull();
  });
});

describe('POST /api/v1/session/sign-out', () => {
  it('clears the session cookie', async () => {
    const cookie = await t.signIn({ email: 'leaving@example.com', role: 'user', companyName: 'Acme Parts' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/session/sign-out',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(204);
    const cleared = response.cookies.find((c) => c.name === 'fb_session');
    expect(cleared?.value).toBe('');
    expect(cleared?.expires?.getTime()).toBeLessThan(Date.now());
  });
});

describe('with DEV_SIGN_IN off', () => {
  let off: TTestApp;
  beforeAll(async () => {
    off = await createTestApp({ env: { DEV_SIGN_IN: 'false' }, sharedWith: t });
  });
  afterAll(async () => {
    await off?.close();
  });

  it('has no development sign-in route and says so in the session', async () => {
    const signIn = await off.app.inject({
      method: 'POST',
      url: '/api/v1/dev/sign-in',
      payload: { email: 'x@example.com', role: 'sysadmin', companyName: 'Sneaky Co' },
    });
    expect(signIn.statusCode).toBe(404);
    expect(await findCompanyByName(off.database.db, 'Sneaky Co')).toBeNull();
    expect((await off.app.inject({ method: 'GET', url: '/api/v1/session' })).json().devSignIn).toBe(false);
  });
});
