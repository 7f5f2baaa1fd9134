// Setting a password through a mailed link signs the user in (SPEC.md section 4: "set password ... go to /"), as a
// sign-in would: the answer's session opens GET /api/v1/session as that user; a user with a second factor and an
// inactive user get the password but no session; an expired, used or forged link changes nothing. On PGlite and on
// PostgreSQL.
import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  SESSION_COOKIE,
  TEST_APP_URL,
  TEST_HASH_PARAMS,
  type TTestApp,
} from '../../../tests/setup/test-app.ts';
import { enrolTwoFactor, requireOathtool, sessionCookieOf } from '../../../tests/setup/two-factor.ts';
import { createCompany, createUser, FACTORY_PASSWORD, uniqueCompanyName } from '../../db/seed/factories.ts';
import { mailOutbox } from '../../mail/mail.tables.ts';
import { securityEvents } from '../../security/security-events.tables.ts';
import { sessions, users, verifications } from './auth.tables.ts';
import { hashVerificationIdentifier } from './password-links.ts';

let t: TTestApp;
let company: { id: string; name: string; adminCookie: string };
beforeAll(async () => {
  requireOathtool();
  t = await createTestApp();
  const name = uniqueCompanyName('Password Set');
  const created = await createCompany(t.database.db, { name });
  const adminCookie = await t.signIn({ email: uniqueEmail('admin'), role: 'admin', companyName: name });
  company = { id: created.company.id, name, adminCookie };
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;
const CSRF = 'd4'.repeat(32);
const CHOSEN = 'Copper-Kettle-Ridge-58';

const uniqueEmail = (prefix: string) => `${prefix}.${randomBytes(4).toString('hex')}@password-set.example`;

// Every request from its own address, so no per-address limit counts across tests.
let addressCounter = 0;
const nextAddress = () => {
  addressCounter += 1;
  return `10.71.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
};

function send(method: 'GET' | 'POST', url: string, cookie: string | null, payload?: object) {
  return t.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { origin: TEST_APP_URL, ...(cookie ? { cookie } : {}) },
    remoteAddress: nextAddress(),
  });
}

const setPassword = (token: string, password = CHOSEN) =>
  send('POST', '/api/v1/auth/reset-password', null, { token, password, confirmPassword: password });

const signIn = (email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-in',
    payload: { email, password, csrfToken: CSRF },
    headers: { origin: TEST_APP_URL, cookie: `fb_csrf=${CSRF}` },
    remoteAddress: nextAddress(),
  });

const sessionOf = async (cookie: string) => (await send('GET', '/api/v1/session', cookie)).json();

const setCookies = (response: LightMyRequestResponse) =>
  [response.headers['set-cookie'] ?? []].flat().map(String) as string[];

const userByEmail = async (email: string) =>
  (await db().select().from(users).where(eq(users.email, email)))[0]!;

const sessionRows = async (userId: string) => db().select().from(sessions).where(eq(sessions.userId, userId));

/** The token of the newest mail to `email` whose text has a link matching `pattern` (its token in group 1). */
async function tokenMailedTo(email: string, pattern: RegExp): Promise<string> {
  const mails = await db()
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, email))
    .orderBy(desc(mailOutbox.createdAt));
  for (const mail of mails) {
    const match = pattern.exec(mail.textBody);
    if (match?.[1]) return decodeURIComponent(match[1]);
  }
  throw new Error(`no link matching ${pattern} mailed to ${email}`);
}

const INVITE_LINK = /http:\/\/localhost:3000\/\?token=([A-Za-z0-9_%-]+)&type=invite/;
const RESET_LINK = /http:\/\/localhost:3000\/reset-password\?token=([A-Za-z0-9_%-]+)/;

/** Asks for a reset link as the forgot-password form does; returns its token. */
async function resetToken(email: string): Promise<string> {
  expect((await send('POST', '/api/v1/auth/forgot-password', null, { email })).statusCode).toBe(200);
  return tokenMailedTo(email, RESET_LINK);
}

describe('setting a password through a mailed link (POST /api/v1/auth/reset-password)', () => {
  it("signs an invited user in: the answer's session cookie opens GET /api/v1/session as them", async () => {
    const email = uniqueEmail('olive');
    const invited = await send('POST', '/api/v1/users', company.adminCookie, {
      method: 'invite',
      email,
      firstName: 'Olive',
      lastName: 'Operator',
      role: 'user',
    });
    expect(invited.statusCode, invited.body).toBe(201);

    const set = await setPassword(await tokenMailedTo(email, INVITE_LINK));
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ status: 'password-set', signedIn: true });
    const cookie = sessionCookieOf(set);
    expect(cookie).toBeDefined();
    expect(setCookies(set).find((c) => c.startsWith(`${SESSION_COOKIE}=`))).toMatch(/HttpOnly/i);

    expect(await sessionOf(cookie!)).toMatchObject({
      state: 'signed-in',
      user: { email, firstName: 'Olive', role: 'user', companyId: company.id, company: company.name },
    });
    // The admin who invited them is still the admin: a session of its own, untouched.
    expect((await sessionOf(company.adminCookie)).user.role).toBe('admin');

    const user = await userByEmail(email);
    expect(user).toMatchObject({ needsPasswordReset: false, emailVerified: true });
    expect(user.lastSignInAt).toBeInstanceOf(Date);
    const events = await db()
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, user.id), eq(securityEvents.type, 'sign_in_succeeded')));
    expect(events.map((e) => e.details)).toEqual([{ via: 'password-set' }]);
  });

  it('signs a user in after a forgotten-password reset, ending the sessions they had before', async () => {
    const email = uniqueEmail('forgetful');
    const before = await t.signIn({ email, role: 'user', companyName: company.name });

    const set = await setPassword(await resetToken(email));
    expect(set.json()).toEqual({ status: 'password-set', signedIn: true });
    expect((await sessionOf(sessionCookieOf(set)!)).user.email).toBe(email);
    expect((await sessionOf(before)).state).toBe('signed-out');
    expect(await sessionRows((await userByEmail(email)).id)).toHaveLength(1);
  });

  it('does not sign in a user with a second factor: the password is set, no session starts, and logging in still asks for the code', async () => {
    const email = uniqueEmail('twofactor');
    const cookie = await t.signIn({ email, role: 'user', companyName: company.name });
    await enrolTwoFactor(t, cookie, FACTORY_PASSWORD);
    const user = await userByEmail(email);

    const set = await setPassword(await resetToken(email));
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ status: 'password-set', signedIn: false, reason: 'two-factor-required' });
    // Neither a session nor a second-factor challenge: the user starts the sign-in themselves.
    expect(setCookies(set)).toEqual([]);
    expect(await sessionRows(user.id)).toEqual([]);

    expect((await signIn(email, FACTORY_PASSWORD)).statusCode).toBe(400);
    const withNew = await signIn(email, CHOSEN);
    expect(withNew.json()).toEqual({ twoFactorRequired: true });
    expect(sessionCookieOf(withNew)).toBeUndefined();
  });

  it('never signs in an inactive user', async () => {
    const email = uniqueEmail('inactive');
    const user = await createUser(db(), company.id, { email, active: false, hashParams: TEST_HASH_PARAMS });

    const set = await setPassword(await resetToken(email));
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ status: 'password-set', signedIn: false, reason: 'account-inactive' });
    expect(sessionCookieOf(set)).toBeUndefined();
    expect(await sessionRows(user.id)).toEqual([]);
  });

  it('changes nothing with an expired, used or forged link: 400, no cookie, the password and sessions stay', async () => {
    const email = uniqueEmail('careful');
    await t.signIn({ email, role: 'user', companyName: company.name });
    const used = await resetToken(email);
    const first = await setPassword(used);
    const cookie = sessionCookieOf(first)!;
    const user = await userByEmail(email);

    const expired = await resetToken(email);
    await db()
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(verifications.identifier, await hashVerificationIdentifier(`reset-password:${expired}`)));

    const OTHER = 'Another-Kettle-Ridge-91';
    for (const token of [used, expired, 'forged-token']) {
      const again = await setPassword(token, OTHER);
      expect(again.statusCode).toBe(400);
      expect(again.json().error).toEqual({
        code: 'BAD_REQUEST',
        message: 'This password link has expired or is invalid.',
      });
      expect(setCookies(again)).toEqual([]);
    }
    // The session the first use started still works, and it is the only one; the chosen password still signs in.
    expect((await sessionOf(cookie)).user.email).toBe(email);
    expect(await sessionRows(user.id)).toHaveLength(1);
    expect((await signIn(email, OTHER)).statusCode).toBe(400);
    expect((await signIn(email, CHOSEN)).statusCode).toBe(200);
  });
});
