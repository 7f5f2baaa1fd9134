// The session API: who is signed in (GET /api/v1/session), what a forged or stale cookie gets, and sign-out.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPEC_DEFAULT_LABEL_CONFIG } from '../../../tests/fixtures/spec.ts';
import { createTestApp, type TTestApp } from '../../../tests/setup/test-app.ts';
import { sessions, users } from '../auth/auth.tables.ts';

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
    expect(response.json()).toEqual({ state: 'signed-out', user: null, labelConfig: null, timeZone: null });
  });

  it('shows the signed-in user and the default configuration of their company', async () => {
    const cookie = await t.signIn({
      email: 'Ada@Example.com',
      role: 'admin',
      firstName: 'Ada',
      lastName: 'Lovelace',
      companyName: 'Acme Parts',
    });
    const session = (await getSession(cookie)).json();
    expect(session.state).toBe('signed-in');
    expect(session.user).toMatchObject({
      email: 'ada@example.com',
      role: 'admin',
      company: 'Acme Parts',
      active: true,
      firstName: 'Ada',
      lastName: 'Lovelace',
      mfaEnabled: false,
    });
    expect(session.user.companyId).toMatch(/^[0-9a-f-]{36}$/);
    expect(session.labelConfig).toEqual(SPEC_DEFAULT_LABEL_CONFIG);
    // The company's zone (the column's default here): the web app writes every instant on this clock.
    expect(session.timeZone).toBe('America/New_York');
  });

  it('answers user null for a session cookie whose token or signature was changed', async () => {
    const cookie = await t.signIn({ email: 'eve@example.com', role: 'user', companyName: 'Tamper Works' });
    const [name, value] = cookie.split('=') as [string, string];
    const [token, signature] = decodeURIComponent(value).split('.') as [string, string];
    // Change a character in the middle: in base64 the last character before the padding carries bits a decoder
    // ignores, so changing it there could leave the signature valid. 'A' (0) and 'Q' (16) differ in a data bit.
    const flip = (text: string) => `${text.slice(0, 5)}${text[5] === 'A' ? 'Q' : 'A'}${text.slice(6)}`;
    for (const forged of [`${flip(token)}.${signature}`, `${token}.${flip(signature)}`]) {
      expect((await getSession(`${name}=${encodeURIComponent(forged)}`)).json().user).toBeNull();
    }
    expect((await getSession(cookie)).json().user.email).toBe('eve@example.com');
  });

  it('reads the role from the users row on every request: a changed role shows at once', async () => {
    const cookie = await t.signIn({ email: 'promoted@example.com', role: 'user', companyName: 'Acme Parts' });
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.email, 'promoted@example.com'));
    expect((await getSession(cookie)).json().user.role).toBe('admin');
  });
});

describe('POST /api/v1/session/sign-out', () => {
  it('deletes the session row and clears the cookie; the old cookie is worth nothing after', async () => {
    const cookie = await t.signIn({ email: 'leaving@example.com', role: 'user', companyName: 'Acme Parts' });
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'leaving@example.com'));
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user!.id))).toHaveLength(1);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/session/sign-out',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(204);
    const cleared = response.cookies.find((c) => c.name === 'fb.session_token');
    expect(cleared?.value).toBe('');
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user!.id))).toHaveLength(0);
    expect((await getSession(cookie)).json().user).toBeNull();
  });
});

describe('the development sign-in of the foundation', () => {
  it('is gone: POST /api/v1/dev/sign-in is 404 and creates nothing', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/dev/sign-in',
      payload: { email: 'x@example.com', role: 'sysadmin', companyName: 'Sneaky Co' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await t.database.db.select().from(users).where(eq(users.email, 'x@example.com'))).toHaveLength(0);
  });
});
