// A signed-in user changes their password from the user menu (POST /api/v1/auth/change-password), and chooses
// whether their other browsers stay signed in — on PGlite and on PostgreSQL.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SESSION_COOKIE, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';
import { FACTORY_PASSWORD } from '../../db/seed/factories.ts';
import { securityEvents } from '../../security/security-events.tables.ts';
import { sessions, users } from './auth.tables.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const NEW_PASSWORD = 'Brand-New-Bellows-8';
let counter = 0;

/** A user of their own company, signed in on two browsers (`here`, where the change is made, and `there`). */
async function userOnTwoBrowsers() {
  counter += 1;
  const as = {
    email: `changer${counter}@example.com`,
    role: 'user' as const,
    companyName: `Changers ${counter}`,
  };
  const here = await t.signIn(as);
  const there = await t.signIn(as);
  const [user] = await t.database.db.select().from(users).where(eq(users.email, as.email));
  return { email: as.email, userId: user!.id, here, there };
}

function change(cookie: string, body: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/change-password',
    payload: body,
    headers: { origin: TEST_APP_URL, cookie },
    remoteAddress: `10.61.0.${(counter % 250) + 1}`,
  });
}

const sessionOf = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/session', headers: { cookie } })).json();

function signInStatus(email: string, password: string) {
  const csrf = 'd4'.repeat(32);
  return t.app
    .inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      payload: { email, password, csrfToken: csrf },
      headers: { origin: TEST_APP_URL, cookie: `fb_csrf=${csrf}` },
      remoteAddress: '10.62.0.1',
    })
    .then((r) => r.statusCode);
}

function newSessionCookie(response: { headers: Record<string, unknown> }): string | undefined {
  return ([response.headers['set-cookie'] ?? []].flat() as string[])
    .map((h) => h.split(';')[0]!)
    .find((p) => p.startsWith(`${SESSION_COOKIE}=`) && p.length > SESSION_COOKIE.length + 1);
}

describe('POST /api/v1/auth/change-password', () => {
  it('changes the password and, when asked, signs out every other browser while this one stays in', async () => {
    const u = await userOnTwoBrowsers();
    const response = await change(u.here, {
      currentPassword: FACTORY_PASSWORD,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
      endOtherSessions: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: 'password-changed', otherSessionsEnded: 1 });
    const renewed = newSessionCookie(response);
    expect(renewed).toBeDefined();
    expect((await sessionOf(renewed!)).state).toBe('signed-in');
    expect((await sessionOf(u.there)).state).toBe('signed-out');
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, u.userId))).toHaveLength(1);
    expect(await signInStatus(u.email, FACTORY_PASSWORD)).toBe(400);
    expect(await signInStatus(u.email, NEW_PASSWORD)).toBe(200);
    const types = (
      await t.database.db.select().from(securityEvents).where(eq(securityEvents.userId, u.userId))
    ).map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(['password_changed', 'sessions_revoked']));
  });

  it('keeps the other browsers signed in when the user says so', async () => {
    const u = await userOnTwoBrowsers();
    const response = await change(u.here, {
      currentPassword: FACTORY_PASSWORD,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
      endOtherSessions: false,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().otherSessionsEnded).toBe(0);
    expect((await sessionOf(u.here)).state).toBe('signed-in');
    expect((await sessionOf(u.there)).state).toBe('signed-in');
    expect(await signInStatus(u.email, NEW_PASSWORD)).toBe(200);
  });

  it('refuses a wrong current password with 400 naming currentPassword, and changes nothing', async () => {
    const u = await userOnTwoBrowsers();
    const response = await change(u.here, {
      currentPassword: 'Not-My-Password-1',
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fieldErrors).toEqual({
      currentPassword: 'Your current password is not right.',
    });
    expect((await sessionOf(u.there)).state).toBe('signed-in');
    expect(await signInStatus(u.email, FACTORY_PASSWORD)).toBe(200);
  });

  it.each([
    [{ password: 'short', confirmPassword: 'short' }, 'password'],
    [{ password: NEW_PASSWORD, confirmPassword: 'Something-Else-9' }, 'confirmPassword'],
    [{ password: FACTORY_PASSWORD, confirmPassword: FACTORY_PASSWORD }, 'password'],
    [{ password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, currentPassword: '' }, 'currentPassword'],
  ])('refuses %j with 400 naming %s, and the old password still works', async (fields, field) => {
    const u = await userOnTwoBrowsers();
    const response = await change(u.here, { currentPassword: FACTORY_PASSWORD, ...fields });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fieldErrors)).toContain(field);
    expect(await signInStatus(u.email, FACTORY_PASSWORD)).toBe(200);
  });

  it('needs a signed-in user: 401 without a session', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/change-password',
      payload: { currentPassword: FACTORY_PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      headers: { origin: TEST_APP_URL },
    });
    expect(response.statusCode).toBe(401);
  });
});
