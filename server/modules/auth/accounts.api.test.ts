// The account contract the web forms use (/api/v1/auth/*): sign-up to a company of one's own, sign-in with its
// every outcome, CSRF, rate limits, session cap, resend, forgot and reset — on PGlite and on PostgreSQL.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';
import { mailOutbox } from '../../mail/mail.tables.ts';
import { rateLimitBuckets } from '../../security/rate-limit.tables.ts';
import { securityEvents } from '../../security/security-events.tables.ts';
import { companies } from '../companies/companies.tables.ts';
import { pendingRegistrations, sessions, users } from './auth.tables.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const PASSWORD = 'Sturdy-Anvil-42';
const CSRF = 'a1'.repeat(32);
const SESSION_COOKIE = 'fb.session_token';
const DAY = 24 * 60 * 60 * 1000;

// Every request from its own address unless a test says otherwise, so per-address limits stay out of the way.
let addressCounter = 0;
const nextAddress = () => {
  addressCounter += 1;
  return `10.30.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
};

function post(url: string, payload: unknown, options: { cookie?: string; address?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { origin: TEST_APP_URL, ...(options.cookie ? { cookie: options.cookie } : {}) },
    remoteAddress: options.address ?? nextAddress(),
  });
}

function signUpBody(email: string, companyName: string, extra: Record<string, unknown> = {}) {
  return {
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    companyName,
    firstName: 'Ada',
    lastName: 'Lovelace',
    termsAccepted: true,
    privacyAccepted: true,
    ...extra,
  };
}

const signUp = (email: string, companyName: string, extra: Record<string, unknown> = {}) =>
  post('/api/v1/auth/sign-up', signUpBody(email, companyName, extra));

function signIn(
  email: string,
  password = PASSWORD,
  options: { address?: string; csrf?: string | null } = {},
) {
  const csrf = options.csrf === undefined ? CSRF : options.csrf;
  return post(
    '/api/v1/auth/sign-in',
    { email, password, ...(csrf === null ? {} : { csrfToken: csrf }) },
    { cookie: `fb_csrf=${CSRF}`, ...(options.address ? { address: options.address } : {}) },
  );
}

function sessionCookieOf(response: { headers: Record<string, unknown> }): string | undefined {
  const headers = [response.headers['set-cookie'] ?? []].flat() as string[];
  return headers
    .map((h) => h.split(';')[0]!)
    .find((pair) => pair.startsWith(`${SESSION_COOKIE}=`) && pair.length > SESSION_COOKIE.length + 1);
}

async function lastToken(to: string, kind: 'verification' | 'password-reset', page: string): Promise<string> {
  const [message] = await t.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.kind, kind)))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  if (!message) throw new Error(`no ${kind} mail to ${to}`);
  const match = new RegExp(`${TEST_APP_URL}${page}\\?token=([^\\s"<&]+)`).exec(message.textBody);
  if (!match?.[1]) throw new Error(`no ${page} link in ${message.textBody}`);
  return decodeURIComponent(match[1]);
}

const mailCount = async (to: string, kind: string) =>
  (
    await t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.kind, kind)))
  ).length;

const userRow = async (email: string) =>
  (await t.database.db.select().from(users).where(eq(users.email, email)))[0];

const getSession = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/session', headers: { cookie } });

/** Signs up `email` with `companyName` and verifies; returns the session cookie of the verification. */
async function registered(email: string, companyName: string, extra: Record<string, unknown> = {}) {
  expect((await signUp(email, companyName, extra)).statusCode).toBe(201);
  const verify = await post('/api/v1/auth/verify-email', {
    token: await lastToken(email, 'verification', '/auth/callback'),
  });
  expect(verify.statusCode).toBe(200);
  return sessionCookieOf(verify)!;
}

describe('registration: sign-up → mail → verify → company with the user as admin', () => {
  it('creates the company on verification with the plan and time zone, and the session shows them', async () => {
    const email = 'founder@example.com';
    const response = await signUp(email, 'Founders Forge', {
      timezone: 'Europe/London',
      planId: 'premium',
      firstName: 'Grace',
      lastName: 'Hopper',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ status: 'verification-sent', email });
    expect(sessionCookieOf(response)).toBeUndefined();
    const user = (await userRow(email))!;
    const [pending] = await t.database.db
      .select()
      .from(pendingRegistrations)
      .where(eq(pendingRegistrations.userId, user.id));
    expect(pending).toMatchObject({ companyName: 'Founders Forge', timezone: 'Europe/London' });
    expect(pending!.termsAcceptedAt).toBeInstanceOf(Date);
    expect(pending!.privacyAcceptedAt).toBeInstanceOf(Date);

    const verify = await post('/api/v1/auth/verify-email', {
      token: await lastToken(email, 'verification', '/auth/callback'),
    });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toEqual({ verified: true, signedIn: true });
    const cookie = sessionCookieOf(verify)!;

    const [company] = await t.database.db
      .select()
      .from(companies)
      .where(eq(companies.name, 'Founders Forge'));
    expect(company).toMatchObject({ timezone: 'Europe/London' });
    expect(company!.planId).toBe('premium');
    expect(pending!.planId).toBe('premium');
    expect(await userRow(email)).toMatchObject({
      companyId: company!.id,
      role: 'admin',
      emailVerified: true,
    });
    expect(
      await t.database.db.select().from(pendingRegistrations).where(eq(pendingRegistrations.userId, user.id)),
    ).toHaveLength(0);

    const session = await getSession(cookie);
    expect(session.json()).toMatchObject({
      state: 'signed-in',
      user: {
        id: user.id,
        email,
        role: 'admin',
        company: 'Founders Forge',
        companyId: company!.id,
        active: true,
        burdenedLaborRate: '0',
        firstName: 'Grace',
        lastName: 'Hopper',
      },
    });
    expect(session.json().labelConfig).not.toBeNull();
  });

  it('puts the company on the beta plan when none was chosen', async () => {
    await registered('beta@example.com', 'Beta Bolts');
    const [company] = await t.database.db.select().from(companies).where(eq(companies.name, 'Beta Bolts'));
    expect(company!.planId).toBe('beta');
  });

  it('answers 409 with the SPEC message when the company name was taken meanwhile; the user stays verified', async () => {
    expect((await signUp('late@example.com', 'Contested Castings')).statusCode).toBe(201);
    await registered('early@example.com', 'CONTESTED castings');
    const verify = await post('/api/v1/auth/verify-email', {
      token: await lastToken('late@example.com', 'verification', '/auth/callback'),
    });
    expect(verify.statusCode).toBe(409);
    expect(verify.json().error.fieldErrors.companyName).toBe(
      'Company name unavailable: That company name is already taken. Choose a different name or contact your admin.',
    );
    expect(sessionCookieOf(verify)).toBeUndefined();
    const late = (await userRow('late@example.com'))!;
    expect(late).toMatchObject({ emailVerified: true, companyId: null });
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, late.id))).toHaveLength(0);
    // Signing in works; the session says there is no company yet.
    const signedIn = await signIn('late@example.com');
    expect(signedIn.statusCode).toBe(200);
    const session = await getSession(sessionCookieOf(signedIn)!);
    expect(session.json()).toMatchObject({ state: 'no-company', user: null });
  });
});

describe('availability and duplicate sign-up', () => {
  beforeAll(async () => {
    await registered('taken@example.com', 'Taken Tooling');
  });

  it('reports a taken e-mail and a taken company name in any case', async () => {
    const taken = await post('/api/v1/auth/check-availability', {
      email: ' TAKEN@example.com',
      companyName: 'taken TOOLING',
    });
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual({ emailExists: true, companyExists: true });
    const free = await post('/api/v1/auth/check-availability', {
      email: 'free@example.com',
      companyName: 'Free Fabrication',
    });
    expect(free.json()).toEqual({ emailExists: false, companyExists: false });
  });

  it('refuses sign-up with a taken company name (any case) with 409 and the SPEC text', async () => {
    const response = await signUp('other@example.com', 'TAKEN tooling');
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      code: 'CONFLICT',
      fieldErrors: {
        companyName:
          'Company name unavailable: That company name is already taken. Choose a different name or contact your admin.',
      },
    });
    expect(await userRow('other@example.com')).toBeUndefined();
  });

  it('refuses sign-up with a registered e-mail with 409 and the SPEC text', async () => {
    const response = await signUp('Taken@Example.com', 'Another Anvil');
    expect(response.statusCode).toBe(409);
    expect(response.json().error.fieldErrors).toEqual({
      email:
        'Email already registered: This email is already registered. Please sign in or reset your password.',
    });
  });

  it('limits sign-up and availability checks per address (429 with Retry-After)', async () => {
    const address = '10.99.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await post(
        '/api/v1/auth/check-availability',
        { email: `probe${i}@example.com`, companyName: `Probe ${i}` },
        { address },
      );
      statuses.push(response.statusCode);
      if (response.statusCode === 429) expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('sign-in outcomes (POST /api/v1/auth/sign-in)', () => {
  beforeAll(async () => {
    await registered('worker@example.com', 'Outcome Works');
  });

  it('signs in: 200 with the profile and an http-only session cookie; a sign_in_succeeded event', async () => {
    const response = await signIn('  Worker@Example.com ');
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({
      email: 'worker@example.com',
      role: 'admin',
      company: 'Outcome Works',
    });
    expect(sessionCookieOf(response)).toBeDefined();
    expect(String(response.headers['set-cookie'])).toMatch(/HttpOnly/i);
    const events = await t.database.db
      .select()
      .from(securityEvents)
      .where(
        and(eq(securityEvents.email, 'worker@example.com'), eq(securityEvents.type, 'sign_in_succeeded')),
      );
    expect(events.length).toBeGreaterThan(0);
    expect(events[0]!.ip).toMatch(/^10\.30\./);
  });

  it('refuses a wrong password with 400 INVALID_CREDENTIALS and records sign_in_failed', async () => {
    const response = await signIn('worker@example.com', 'Wrong-Anvil-1');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password.' },
    });
    expect(sessionCookieOf(response)).toBeUndefined();
    const events = await t.database.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.email, 'worker@example.com'), eq(securityEvents.type, 'sign_in_failed')));
    expect(events.length).toBeGreaterThan(0);
  });

  it('refuses an unverified user with 403 EMAIL_NOT_VERIFIED and sends no further mail', async () => {
    expect((await signUp('unverified@example.com', 'Unverified Union')).statusCode).toBe(201);
    const response = await signIn('unverified@example.com');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: { code: 'EMAIL_NOT_VERIFIED', message: 'Please verify your email address before logging in.' },
    });
    expect(await mailCount('unverified@example.com', 'verification')).toBe(1);
  });

  it('refuses an inactive user with 403 ACCOUNT_INACTIVE and creates no session row', async () => {
    await registered('inactive@example.com', 'Inactive Iron');
    const user = (await userRow('inactive@example.com'))!;
    await t.database.db.delete(sessions).where(eq(sessions.userId, user.id));
    await t.database.db.update(users).set({ active: false }).where(eq(users.id, user.id));
    const response = await signIn('inactive@example.com');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: {
        code: 'ACCOUNT_INACTIVE',
        message: 'Your account has been deactivated. Please contact your administrator for assistance.',
      },
    });
    expect(sessionCookieOf(response)).toBeUndefined();
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    const events = await t.database.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, user.id), eq(securityEvents.type, 'inactive_account_attempt')));
    expect(events).toHaveLength(1);
    // A wrong password still gets the generic answer: the state shows only after the password was right.
    expect((await signIn('inactive@example.com', 'Wrong-Anvil-1')).json().error.code).toBe(
      'INVALID_CREDENTIALS',
    );
  });

  it('refuses a user who must set their password with 403 PASSWORD_RESET_REQUIRED', async () => {
    await registered('reset.me@example.com', 'Reset Rivets');
    await t.database.db
      .update(users)
      .set({ needsPasswordReset: true })
      .where(eq(users.email, 'reset.me@example.com'));
    const response = await signIn('reset.me@example.com');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: {
        code: 'PASSWORD_RESET_REQUIRED',
        message: 'Please check your email and follow the link to set your password before logging in.',
      },
    });
    expect(sessionCookieOf(response)).toBeUndefined();
  });

  it('answers a user with a second factor 200 { twoFactorRequired: true }, the challenge cookie and no session', async () => {
    await registered('two.factor@example.com', 'Two Factor Fittings');
    const user = (await userRow('two.factor@example.com'))!;
    await t.database.db.delete(sessions).where(eq(sessions.userId, user.id));
    await t.database.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, user.id));
    const response = await signIn('two.factor@example.com');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ twoFactorRequired: true });
    expect(sessionCookieOf(response)).toBeUndefined();
    const cookies = [response.headers['set-cookie'] ?? []].flat() as string[];
    expect(cookies.some((c) => c.startsWith('fb.two_factor='))).toBe(true);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  it.each([
    ['missing from the body', null, `fb_csrf=${CSRF}`],
    ['different from the cookie', 'b2'.repeat(32), `fb_csrf=${CSRF}`],
    ['without the cookie', CSRF, ''],
    ['malformed', 'not-hex', 'fb_csrf=not-hex'],
  ])('refuses a CSRF token %s with 403 CSRF_INVALID', async (_name, token, cookie) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      payload: {
        email: 'worker@example.com',
        password: PASSWORD,
        ...(token === null ? {} : { csrfToken: token }),
      },
      headers: { origin: TEST_APP_URL, ...(cookie ? { cookie } : {}) },
      remoteAddress: nextAddress(),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('CSRF_INVALID');
    expect(sessionCookieOf(response)).toBeUndefined();
  });

  it('refuses the 6th attempt for one account from one address within 15 minutes with 429, Retry-After and a rate_limited event', async () => {
    await registered('guessed@example.com', 'Guessed Gears');
    const address = '10.30.200.1';
    for (let i = 0; i < 5; i++) {
      expect((await signIn('guessed@example.com', `Wrong-Anvil-${i}`, { address })).statusCode).toBe(400);
    }
    // From the same address, with the right password: that address is stopped for now (sign-in-limits.api.test.ts
    // shows other addresses are not).
    const sixth = await signIn('guessed@example.com', PASSWORD, { address });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error.code).toBe('RATE_LIMITED');
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect(sessionCookieOf(sixth)).toBeUndefined();
    const events = await t.database.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.email, 'guessed@example.com'), eq(securityEvents.type, 'rate_limited')));
    expect(events).toHaveLength(1);
  }, 60_000);

  it('forgets the failures of the account from this address after a successful sign-in', async () => {
    await registered('forgiven@example.com', 'Forgiven Foundry');
    const address = '10.30.200.2';
    for (let i = 0; i < 4; i++) await signIn('forgiven@example.com', `Wrong-Anvil-${i}`, { address });
    const key = `sign-in:account-ip:forgiven@example.com|${address}`;
    const bucket = () => t.database.db.select().from(rateLimitBuckets).where(eq(rateLimitBuckets.key, key));
    expect((await bucket())[0]?.count).toBe(4);
    expect((await signIn('forgiven@example.com', PASSWORD, { address })).statusCode).toBe(200);
    expect(await bucket()).toHaveLength(0);
    // Five more tries are allowed again (each scrypt hash is slow: two suffice to show the count restarted).
    expect((await signIn('forgiven@example.com', 'Wrong-Anvil-x', { address })).statusCode).toBe(400);
    expect((await bucket())[0]?.count).toBe(1);
  }, 60_000);
});

describe('sessions', () => {
  it('keeps a user of company B to company B for GET and PATCH /api/v1/company/label-config', async () => {
    const adminA = await registered('admin.a@example.com', 'Alpha Anvils');
    await registered('admin.b@example.com', 'Bravo Bearings');
    const signedIn = await signIn('admin.b@example.com');
    const adminB = sessionCookieOf(signedIn)!;
    const patched = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/company/label-config',
      payload: { enableMaintenanceFeature: true, width: 3 },
      headers: { cookie: adminB, origin: TEST_APP_URL },
    });
    expect(patched.statusCode).toBe(200);
    const readB = await t.app.inject({
      method: 'GET',
      url: '/api/v1/company/label-config',
      headers: { cookie: adminB },
    });
    expect(readB.json()).toMatchObject({ enableMaintenanceFeature: true, width: 3 });
    const readA = await t.app.inject({
      method: 'GET',
      url: '/api/v1/company/label-config',
      headers: { cookie: adminA },
    });
    expect(readA.json()).toMatchObject({ enableMaintenanceFeature: false, width: 4 });
    expect((await getSession(adminB)).json().user.company).toBe('Bravo Bearings');
  });

  it('refuses a session created 31 days ago and deletes it', async () => {
    const cookie = await registered('old.timer@example.com', 'Old Timer Tools');
    expect((await getSession(cookie)).json().state).toBe('signed-in');
    const user = (await userRow('old.timer@example.com'))!;
    await t.database.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000) })
      .where(eq(sessions.userId, user.id));
    const session = await getSession(cookie);
    expect(session.json()).toMatchObject({ state: 'signed-out', user: null });
    expect(session.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBe('');
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    const labels = await t.app.inject({
      method: 'GET',
      url: '/api/v1/company/label-config',
      headers: { cookie },
    });
    expect(labels.statusCode).toBe(401);
  });

  it('renews a session that is in use before it expires, in the same answer: no sign-in screen, no blip', async () => {
    const cookie = await registered('steady@example.com', 'Steady Spindles');
    const user = (await userRow('steady@example.com'))!;
    // As if last renewed two days ago: five of the seven idle days are left, and renewal is due (once a day).
    const fiveDays = new Date(Date.now() + 5 * DAY);
    await t.database.db.update(sessions).set({ expiresAt: fiveDays }).where(eq(sessions.userId, user.id));
    const response = await getSession(cookie);
    expect(response.json()).toMatchObject({ state: 'signed-in', user: { email: 'steady@example.com' } });
    const renewed = response.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(renewed?.maxAge).toBe(7 * 24 * 60 * 60);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6.9 * DAY);
    // The browser's old cookie keeps working: the token did not change, only its lifetime.
    expect(renewed?.value.split('.')[0]).toBe(decodeURIComponent(cookie.split('=')[1]!).split('.')[0]);
    expect((await getSession(cookie)).json().state).toBe('signed-in');
  });

  it('ends a session idle for longer than seven days', async () => {
    const cookie = await registered('dozing@example.com', 'Dozing Dies');
    const user = (await userRow('dozing@example.com'))!;
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    expect((await getSession(cookie)).json()).toMatchObject({ state: 'signed-out', user: null });
  });

  it('ends a deactivated user’s session at once', async () => {
    const cookie = await registered('deactivated@example.com', 'Deactivated Dies');
    await t.database.db
      .update(users)
      .set({ active: false })
      .where(eq(users.email, 'deactivated@example.com'));
    const labels = await t.app.inject({
      method: 'GET',
      url: '/api/v1/company/label-config',
      headers: { cookie },
    });
    expect(labels.statusCode).toBe(401);
  });

  it('refuses a cookie whose signature does not match its token, or a token with no session', async () => {
    const cookie = await registered('forger@example.com', 'Forged Fittings');
    const labels = (c: string) =>
      t.app.inject({ method: 'GET', url: '/api/v1/company/label-config', headers: { cookie: c } });
    expect((await labels(cookie)).statusCode).toBe(200);
    const signed = decodeURIComponent(cookie.split('=').slice(1).join('='));
    const dot = signed.lastIndexOf('.');
    // The same token under a signature with one character changed (length and padding kept).
    const signature = signed.slice(dot + 1);
    const altered = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    const forged = `${SESSION_COOKIE}=${encodeURIComponent(`${signed.slice(0, dot)}.${altered}`)}`;
    expect((await labels(forged)).statusCode).toBe(401);
    expect((await getSession(forged)).json()).toMatchObject({ state: 'signed-out', user: null });
    // A token that was never issued, signed with a made-up signature.
    const madeUp = `${SESSION_COOKIE}=${encodeURIComponent(`${'x'.repeat(32)}.${'A'.repeat(43)}=`)}`;
    expect((await labels(madeUp)).statusCode).toBe(401);
    // The real cookie still works: nothing above touched its session.
    expect((await labels(cookie)).statusCode).toBe(200);
  });

  it('applies a role changed in the database to the very next request', async () => {
    const cookie = await registered('demoted@example.com', 'Demoted Drills');
    const listUsers = () => t.app.inject({ method: 'GET', url: '/api/v1/users', headers: { cookie } });
    expect((await listUsers()).statusCode).toBe(200);
    await t.database.db.update(users).set({ role: 'user' }).where(eq(users.email, 'demoted@example.com'));
    expect((await listUsers()).statusCode).toBe(403);
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.email, 'demoted@example.com'));
    expect((await listUsers()).statusCode).toBe(200);
  });

  it('signs out: deletes the session row and clears the cookie', async () => {
    const cookie = await registered('leaver@example.com', 'Leaver Lathes');
    const user = (await userRow('leaver@example.com'))!;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/session/sign-out',
      headers: { cookie, origin: TEST_APP_URL },
    });
    expect(response.statusCode).toBe(204);
    const cleared = response.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cleared?.value).toBe('');
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect((await getSession(cookie)).json().state).toBe('signed-out');
  });
});

describe('resend verification and forgot password', () => {
  beforeAll(async () => {
    expect((await signUp('waiting@example.com', 'Waiting Widgets')).statusCode).toBe(201);
    await registered('known@example.com', 'Known Knurling');
  });

  it('answers resend the same for an unknown and a known address; mails only the unverified one', async () => {
    const unknown = await post('/api/v1/auth/resend-verification', { email: 'nobody@example.com' });
    const known = await post('/api/v1/auth/resend-verification', { email: 'waiting@example.com' });
    const verified = await post('/api/v1/auth/resend-verification', { email: 'known@example.com' });
    for (const response of [unknown, known, verified]) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'sent' });
    }
    expect(await mailCount('waiting@example.com', 'verification')).toBe(2);
    expect(await mailCount('known@example.com', 'verification')).toBe(1);
    expect(await mailCount('nobody@example.com', 'verification')).toBe(0);
  });

  it('answers forgot-password the same for an unknown and a known address; mails only the known one', async () => {
    const unknown = await post('/api/v1/auth/forgot-password', { email: 'ghost@example.com' });
    const known = await post('/api/v1/auth/forgot-password', { email: 'known@example.com' });
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(await mailCount('ghost@example.com', 'password-reset')).toBe(0);
    expect(await mailCount('known@example.com', 'password-reset')).toBe(1);
  });

  it('refuses a weak new password with 400 naming password, and the token still works once', async () => {
    await post('/api/v1/auth/forgot-password', { email: 'known@example.com' });
    const token = await lastToken('known@example.com', 'password-reset', '/reset-password');
    const weak = await post('/api/v1/auth/reset-password', {
      token,
      password: 'abcdefgh',
      confirmPassword: 'abcdefgh',
    });
    expect(weak.statusCode).toBe(400);
    expect(Object.keys(weak.json().error.fieldErrors)).toContain('password');

    const NEW = 'Fresh-Forge-77';
    const reset = await post('/api/v1/auth/reset-password', { token, password: NEW, confirmPassword: NEW });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ status: 'password-set', signedIn: true });
    const again = await post('/api/v1/auth/reset-password', { token, password: NEW, confirmPassword: NEW });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual({
      code: 'BAD_REQUEST',
      message: 'This password link has expired or is invalid.',
    });
    expect((await signIn('known@example.com', NEW)).statusCode).toBe(200);
    const events = await t.database.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.type, 'password_changed'));
    const knownUser = (await userRow('known@example.com'))!;
    expect(events.some((e) => e.userId === knownUser.id)).toBe(true);
  });

  it('lets an admin-created user who must set a password do so with a reset link, then sign in', async () => {
    expect((await signUp('invited@example.com', 'Invited Ingots')).statusCode).toBe(201);
    await t.database.db
      .update(users)
      .set({ needsPasswordReset: true })
      .where(eq(users.email, 'invited@example.com'));
    await post('/api/v1/auth/forgot-password', { email: 'invited@example.com' });
    const token = await lastToken('invited@example.com', 'password-reset', '/reset-password');
    const NEW = 'Invited-Ingot-9';
    expect(
      (await post('/api/v1/auth/reset-password', { token, password: NEW, confirmPassword: NEW })).statusCode,
    ).toBe(200);
    expect(await userRow('invited@example.com')).toMatchObject({
      emailVerified: true,
      needsPasswordReset: false,
    });
    expect((await signIn('invited@example.com', NEW)).statusCode).toBe(200);
  });
});
