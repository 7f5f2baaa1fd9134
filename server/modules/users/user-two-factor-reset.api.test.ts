// An admin resets the second factor of a user who lost their phone: DELETE /api/v1/users/:id/two-factor. TOTP off,
// secret and backup codes gone, the user's sessions ended, the event with who did it; the role and company rules —
// on PGlite and on PostgreSQL. TOTP is enrolled through the real routes with codes from oathtool.
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TRole } from '#common/roles.ts';
import { USER_MESSAGES } from '#common/schemas/users.ts';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';
import { enrolTwoFactor, requireOathtool, sessionCookieOf } from '../../../tests/setup/two-factor.ts';
import { FACTORY_PASSWORD, uniqueCompanyName } from '../../db/seed/factories.ts';
import { securityEvents } from '../../security/security-events.tables.ts';
import { sessions, twoFactors, users } from '../auth/auth.tables.ts';

const CSRF = 'e5'.repeat(32);

let t: TTestApp;
beforeAll(async () => {
  requireOathtool();
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;

let addressCounter = 0;
const nextAddress = () => {
  addressCounter += 1;
  return `10.62.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
};

const resetTwoFactor = (cookie: string | null, id: string) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/v1/users/${id}/two-factor`,
    headers: { origin: TEST_APP_URL, ...(cookie ? { cookie } : {}) },
    remoteAddress: nextAddress(),
  });

/** The password step of a sign-in through the login form. */
const signIn = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-in',
    payload: { email, password: FACTORY_PASSWORD, csrfToken: CSRF },
    headers: { origin: TEST_APP_URL, cookie: `fb_csrf=${CSRF}` },
    remoteAddress: nextAddress(),
  });

const sessionState = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/session', headers: { cookie } })).json().state as string;

const userById = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0]!;
const twoFactorRowsOf = (userId: string) =>
  db().select().from(twoFactors).where(eq(twoFactors.userId, userId));
const mfaDisabledEventsOf = (userId: string) =>
  db()
    .select()
    .from(securityEvents)
    .where(and(eq(securityEvents.userId, userId), eq(securityEvents.type, 'mfa_disabled')));

/** A signed-in member of the company `companyName` with `role`. */
async function member(companyName: string, role: TRole) {
  const email = `${role}.${randomBytes(4).toString('hex')}@two-factor-reset.example`;
  const cookie = await t.signIn({ email, role, companyName });
  const [row] = await db().select().from(users).where(eq(users.email, email));
  return { id: row!.id, email, cookie };
}

/** A member with TOTP on, and the cookie of a session they started before the reset. */
async function memberWithTwoFactor(companyName: string, role: TRole = 'user') {
  const person = await member(companyName, role);
  const enrolled = await enrolTwoFactor(t, person.cookie, FACTORY_PASSWORD);
  expect((await signIn(person.email)).json()).toEqual({ twoFactorRequired: true });
  return { ...person, cookie: enrolled.cookie };
}

describe("an admin resets a user's second factor", () => {
  it('turns TOTP off and ends their sessions: the user signs in with the password alone', async () => {
    const companyName = uniqueCompanyName('Reset Works');
    const admin = await member(companyName, 'admin');
    const user = await memberWithTwoFactor(companyName);
    expect(await sessionState(user.cookie)).toBe('signed-in');

    const response = await resetTwoFactor(admin.cookie, user.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id: user.id,
      email: user.email,
      mfaEnabled: false,
      active: true,
    });

    expect((await userById(user.id)).twoFactorEnabled).toBe(false);
    expect(await twoFactorRowsOf(user.id)).toEqual([]);
    // Their old session is gone, in the table and for the browser that held it.
    expect(await db().select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect(await sessionState(user.cookie)).toBe('signed-out');
    // The admin stays signed in.
    expect(await sessionState(admin.cookie)).toBe('signed-in');

    // The next sign-in asks for no second factor.
    const signedIn = await signIn(user.email);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ user: { email: user.email, mfaEnabled: false } });
    const cookie = sessionCookieOf(signedIn);
    expect(cookie).toBeDefined();
    expect(await sessionState(cookie!)).toBe('signed-in');

    const events = await mfaDisabledEventsOf(user.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      outcome: 'success',
      email: user.email,
      details: { by: admin.id, reason: 'admin-reset' },
    });
  });

  it("lets a sysadmin reset a sysadmin's second factor", async () => {
    const companyName = uniqueCompanyName('Reset Root');
    const root = await member(companyName, 'sysadmin');
    const other = await memberWithTwoFactor(companyName, 'sysadmin');
    const response = await resetTwoFactor(root.cookie, other.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: other.id, role: 'sysadmin', mfaEnabled: false });
    expect(await twoFactorRowsOf(other.id)).toEqual([]);
  });
});

describe('who may reset, and whom', () => {
  it('refuses a plain user with 403 and changes nothing', async () => {
    const companyName = uniqueCompanyName('Reset Plain');
    const plain = await member(companyName, 'user');
    const target = await memberWithTwoFactor(companyName);
    const response = await resetTwoFactor(plain.cookie, target.id);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('FORBIDDEN');
    expect((await userById(target.id)).twoFactorEnabled).toBe(true);
    expect(await twoFactorRowsOf(target.id)).toHaveLength(1);
    expect(await sessionState(target.cookie)).toBe('signed-in');
    expect(await mfaDisabledEventsOf(target.id)).toEqual([]);
  });

  it("refuses an admin on a sysadmin's second factor with 403: only a sysadmin can", async () => {
    const companyName = uniqueCompanyName('Reset Admin On Root');
    const admin = await member(companyName, 'admin');
    const root = await memberWithTwoFactor(companyName, 'sysadmin');
    const response = await resetTwoFactor(admin.cookie, root.id);
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual({
      code: 'FORBIDDEN',
      message: USER_MESSAGES.onlySysadminChangesSysadmin,
    });
    expect((await userById(root.id)).twoFactorEnabled).toBe(true);
    expect(await twoFactorRowsOf(root.id)).toHaveLength(1);
    expect(await sessionState(root.cookie)).toBe('signed-in');
    expect(await mfaDisabledEventsOf(root.id)).toEqual([]);
  });

  it('answers 409 for a user without a second factor, and leaves their sessions alone', async () => {
    const companyName = uniqueCompanyName('Reset None');
    const admin = await member(companyName, 'admin');
    const user = await member(companyName, 'user');
    const response = await resetTwoFactor(admin.cookie, user.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({ code: 'CONFLICT', message: USER_MESSAGES.noSecondFactor });
    expect(await sessionState(user.cookie)).toBe('signed-in');
    expect(await mfaDisabledEventsOf(user.id)).toEqual([]);
  });

  it('answers 409 to the second of two resets: the first one took it', async () => {
    const companyName = uniqueCompanyName('Reset Twice');
    const admin = await member(companyName, 'admin');
    const user = await memberWithTwoFactor(companyName);
    expect((await resetTwoFactor(admin.cookie, user.id)).statusCode).toBe(200);
    const again = await resetTwoFactor(admin.cookie, user.id);
    expect(again.statusCode).toBe(409);
    expect(await mfaDisabledEventsOf(user.id)).toHaveLength(1);
  });

  it("refuses an admin's own second factor (409): that takes the password, in the two-factor settings", async () => {
    const companyName = uniqueCompanyName('Reset Self');
    const admin = await memberWithTwoFactor(companyName, 'admin');
    const response = await resetTwoFactor(admin.cookie, admin.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({
      code: 'CONFLICT',
      message: USER_MESSAGES.notSelfResetSecondFactor,
    });
    expect((await userById(admin.id)).twoFactorEnabled).toBe(true);
    expect(await sessionState(admin.cookie)).toBe('signed-in');
  });

  it("answers 404 for an unknown id and for another company's user, who keeps their second factor", async () => {
    const admin = await member(uniqueCompanyName('Reset Here'), 'admin');
    const elsewhere = await memberWithTwoFactor(uniqueCompanyName('Reset Elsewhere'));
    const unknown = await resetTwoFactor(admin.cookie, '0190b8a2-0000-7000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toEqual({ code: 'NOT_FOUND', message: USER_MESSAGES.notFound });
    const foreign = await resetTwoFactor(admin.cookie, elsewhere.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toEqual({ code: 'NOT_FOUND', message: USER_MESSAGES.notFound });
    expect((await userById(elsewhere.id)).twoFactorEnabled).toBe(true);
    expect(await twoFactorRowsOf(elsewhere.id)).toHaveLength(1);
    expect(await sessionState(elsewhere.cookie)).toBe('signed-in');
    expect(await mfaDisabledEventsOf(elsewhere.id)).toEqual([]);
  });

  it('answers 401 without a session and 400 for an id that is not one', async () => {
    const admin = await member(uniqueCompanyName('Reset Shapes'), 'admin');
    expect((await resetTwoFactor(null, '0190b8a2-0000-7000-8000-000000000000')).statusCode).toBe(401);
    const malformed = await resetTwoFactor(admin.cookie, 'not-a-uuid');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('VALIDATION');
  });
});
