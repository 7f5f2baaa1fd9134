// Accounts through better-auth at /api/auth/* and our /api/v1/auth/verify-email: sign-up, verification by our own
// link, sign-in, sessions, password reset; mail through the outbox with links to our pages.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERIFICATION_LINK_INVALID_TEXT } from '#common/schemas/auth.ts';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';
import { mailOutbox } from '../../mail/mail.tables.ts';
import { accounts, users } from './auth.tables.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const PASSWORD = 'Sturdy-Anvil-42';
const SESSION_COOKIE = 'fb.session_token';

// Each request from its own address, so the per-address rate limits of sign-up and sign-in stay out of the way.
let addressCounter = 0;
const nextAddress = () => {
  addressCounter += 1;
  return `10.20.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
};

/** A POST as the web app sends it: JSON from our own origin. */
function post(url: string, payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { origin: TEST_APP_URL, ...headers },
    remoteAddress: nextAddress(),
  });
}

let companyCounter = 0;
function signUp(email: string, extra: Record<string, unknown> = {}) {
  companyCounter += 1;
  return post('/api/v1/auth/sign-up', {
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    companyName: `Routes Test Co ${companyCounter}`,
    firstName: 'Ada',
    lastName: 'Lovelace',
    termsAccepted: true,
    privacyAccepted: true,
    ...extra,
  });
}

const CSRF = 'c'.repeat(64);
const signIn = (email: string, password = PASSWORD) =>
  post('/api/v1/auth/sign-in', { email, password, csrfToken: CSRF }, { cookie: `fb_csrf=${CSRF}` });

/** The outbox messages of `kind` to `to`, oldest first. */
function mailTo(to: string, kind: 'verification' | 'password-reset') {
  return t.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.kind, kind)))
    .orderBy(mailOutbox.createdAt);
}

/** The token of the last `kind` message to `to`, read from its link to `page`, after checking the HTML has it too. */
async function tokenFromMail(
  to: string,
  kind: 'verification' | 'password-reset',
  page: string,
): Promise<string> {
  const messages = await mailTo(to, kind);
  const message = messages.at(-1);
  if (!message) throw new Error(`no ${kind} mail to ${to}`);
  const pattern = new RegExp(`${TEST_APP_URL}${page}\\?token=([^\\s"<&]+)`);
  const match = pattern.exec(message.textBody);
  if (!match?.[1]) throw new Error(`no ${page} link in: ${message.textBody}`);
  expect(message.htmlBody).toContain(`${TEST_APP_URL}${page}?token=${match[1]}`);
  return decodeURIComponent(match[1]);
}

/** The name=value of the session cookie a response sets, or undefined. */
function sessionCookieOf(response: { headers: Record<string, unknown> }): string | undefined {
  const headers = [response.headers['set-cookie'] ?? []].flat() as string[];
  return headers
    .map((h) => h.split(';')[0]!)
    .find((pair) => pair.startsWith(`${SESSION_COOKIE}=`) && pair.length > SESSION_COOKIE.length + 1);
}

const verify = (token: unknown) => post('/api/v1/auth/verify-email', { token });

const userRow = async (email: string) =>
  (await t.database.db.select().from(users).where(eq(users.email, email)))[0];

/** Signs up and verifies `email`; returns nothing: the user can sign in afterwards. */
async function verifiedUser(email: string): Promise<void> {
  expect((await signUp(email)).statusCode).toBe(201);
  expect((await verify(await tokenFromMail(email, 'verification', '/auth/callback'))).statusCode).toBe(200);
}

describe('sign-up (POST /api/v1/auth/sign-up)', () => {
  it('creates an unverified user with role user even when the body says sysadmin, and queues one verification mail to our page', async () => {
    const response = await signUp('new.user@example.com', {
      role: 'sysadmin',
      active: false,
      needsPasswordReset: true,
    });
    expect(response.statusCode).toBe(201);
    expect(sessionCookieOf(response)).toBeUndefined(); // autoSignIn is off: verify first

    const user = await userRow('new.user@example.com');
    expect(user).toMatchObject({
      emailVerified: false,
      role: 'user',
      active: true,
      needsPasswordReset: false,
      companyId: null,
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    expect(user?.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-/); // uuid v7

    const messages = await mailTo('new.user@example.com', 'verification');
    expect(messages).toHaveLength(1);
    expect(messages[0]!.status).toBe('pending');
    expect(messages[0]!.textBody).toMatch(
      new RegExp(`${TEST_APP_URL}/auth/callback\\?token=[A-Za-z0-9._-]+`),
    );
    expect(messages[0]!.textBody).not.toContain('/api/auth/');
    expect(messages[0]!.htmlBody).not.toContain('/api/auth/');
    expect(messages[0]!.textBody).toContain('If you did not sign up');
  });

  it('stores the password as scrypt at the configured cost (12 on test servers, 17 by default) in the credential account, never the password itself', async () => {
    await signUp('hash.check@example.com');
    const user = await userRow('hash.check@example.com');
    const [account] = await t.database.db.select().from(accounts).where(eq(accounts.userId, user!.id));
    expect(account?.providerId).toBe('credential');
    // PASSWORD_HASH_COST reaches the hash: the test app sets 12 (env.test.ts checks 17 is the default).
    expect(account?.password).toMatch(/^scrypt\$12\$8\$1\$/);
    expect(account?.password).not.toContain(PASSWORD);
  });

  it('stores the address trimmed and lower-cased', async () => {
    expect((await signUp('  Mixed.Case@Example.COM ')).statusCode).toBe(201);
    expect(await userRow('mixed.case@example.com')).toBeDefined();
  });

  it('refuses a POST from another origin with 403 and creates nobody', async () => {
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-up',
      payload: {
        email: 'evil@example.com',
        password: PASSWORD,
        confirmPassword: PASSWORD,
        companyName: 'Evil Co',
        firstName: 'E',
        lastName: 'V',
        termsAccepted: true,
        privacyAccepted: true,
      },
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(await userRow('evil@example.com')).toBeUndefined();
    expect(await mailTo('evil@example.com', 'verification')).toHaveLength(0);
  });
});

describe('verification (POST /api/v1/auth/verify-email)', () => {
  it('refuses sign-in before verification with 403 EMAIL_NOT_VERIFIED', async () => {
    await signUp('early.bird@example.com');
    const response = await signIn('early.bird@example.com');
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    expect(sessionCookieOf(response)).toBeUndefined();
  });

  it('verifies with the token of our link and signs the user in; a second use answers signedIn false, no cookie', async () => {
    await signUp('verify.me@example.com');
    const token = await tokenFromMail('verify.me@example.com', 'verification', '/auth/callback');

    const first = await verify(token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ verified: true, signedIn: true });
    const cookie = sessionCookieOf(first);
    expect(cookie).toBeDefined();
    expect(String(first.headers['set-cookie'])).toMatch(/HttpOnly/i);
    expect((await userRow('verify.me@example.com'))?.emailVerified).toBe(true);

    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: cookie! },
    });
    expect(session.json().user).toMatchObject({
      email: 'verify.me@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });

    // The link is a stateless token: it still proves the address, but starts no second session.
    const again = await verify(token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ verified: true, signedIn: false });
    expect(sessionCookieOf(again)).toBeUndefined();
  });

  it.each([
    ['garbage', 'not-a-token'],
    [
      'a well-formed token signed with another secret',
      'eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6ImFAYi5jbyJ9.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    ],
  ])('answers 400 BAD_REQUEST with the text the web shows for %s', async (_name, token) => {
    const response = await verify(token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'BAD_REQUEST', message: VERIFICATION_LINK_INVALID_TEXT },
    });
    expect(VERIFICATION_LINK_INVALID_TEXT).toBe('This verification link has expired or is invalid.');
  });

  it('answers 400 BAD_REQUEST for an expired token', async () => {
    await signUp('too.late@example.com');
    const user = await userRow('too.late@example.com');
    const { createEmailVerificationToken } = await import('better-auth/api');
    const { secret } = await t.app.auth.$context;
    const expired = await createEmailVerificationToken(secret, 'too.late@example.com', undefined, -60, {
      userId: user!.id,
    });
    const response = await verify(expired);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(VERIFICATION_LINK_INVALID_TEXT);
    expect((await userRow('too.late@example.com'))?.emailVerified).toBe(false);
  });

  it('answers 400 VALIDATION when the token is missing', async () => {
    const response = await post('/api/v1/auth/verify-email', {});
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION');
  });

  it("never verifies on a GET of our link's page path under /api/v1", async () => {
    await signUp('scanner@example.com');
    const token = await tokenFromMail('scanner@example.com', 'verification', '/auth/callback');
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/auth/verify-email?token=${encodeURIComponent(token)}`,
    });
    // The path takes POST only: a GET is refused as a method it does not take.
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('POST');
    expect((await userRow('scanner@example.com'))?.emailVerified).toBe(false);
  });

  it("has closed better-auth's own GET /api/auth/verify-email, which would verify and sign in a mail scanner", async () => {
    await signUp('scanner2@example.com');
    const token = await tokenFromMail('scanner2@example.com', 'verification', '/auth/callback');
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=%2F`,
    });
    expect(response.statusCode).toBe(404);
    expect(sessionCookieOf(response)).toBeUndefined();
    expect((await userRow('scanner2@example.com'))?.emailVerified).toBe(false);
    // The same token still works through our page's POST.
    expect((await verify(token)).json()).toEqual({ verified: true, signedIn: true });
  });
});

describe('sign-in (POST /api/v1/auth/sign-in)', () => {
  beforeAll(async () => {
    await verifiedUser('signed.in@example.com');
  });

  it('signs in with the password after verification; get-session shows the user with first and last name', async () => {
    const response = await signIn('signed.in@example.com');
    expect(response.statusCode).toBe(200);
    const cookie = sessionCookieOf(response);
    expect(cookie).toBeDefined();
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: cookie! },
    });
    expect(session.statusCode).toBe(200);
    expect(session.json().user).toMatchObject({
      email: 'signed.in@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      role: 'admin',
      emailVerified: true,
    });
  });

  it('accepts the address in another case and with spaces around it', async () => {
    expect((await signIn('  SIGNED.IN@example.com ')).statusCode).toBe(200);
  });

  it.each([
    ['a wrong password', 'signed.in@example.com', 'Wrong-Password-1'],
    ['an unknown address', 'nobody@example.com', PASSWORD],
  ])('refuses %s with 400 INVALID_CREDENTIALS', async (_name, email, password) => {
    const response = await signIn(email, password);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password.' },
    });
    expect(sessionCookieOf(response)).toBeUndefined();
  });

  it('refuses a sign-in from another origin with 403', async () => {
    const response = await post(
      '/api/v1/auth/sign-in',
      { email: 'signed.in@example.com', password: PASSWORD, csrfToken: CSRF },
      { origin: 'https://evil.example', cookie: `fb_csrf=${CSRF}` },
    );
    expect(response.statusCode).toBe(403);
    expect(sessionCookieOf(response)).toBeUndefined();
  });
});

describe('password reset', () => {
  const email = 'forgetful@example.com';
  const NEW_PASSWORD = 'Brand-New-Anvil-7';

  beforeAll(async () => {
    await verifiedUser(email);
  });

  it('queues a reset mail with our /reset-password link; the token changes the password once, ending old sessions', async () => {
    const before = await signIn(email);
    const oldCookie = sessionCookieOf(before)!;

    const request = await post('/api/v1/auth/forgot-password', { email });
    expect(request.statusCode).toBe(200);
    expect(request.json()).toEqual({ status: 'sent' });
    const messages = await mailTo(email, 'password-reset');
    expect(messages).toHaveLength(1);
    expect(messages[0]!.textBody).not.toContain('/api/auth/');
    expect(messages[0]!.textBody).toContain('If you did not ask for this');
    const token = await tokenFromMail(email, 'password-reset', '/reset-password');

    const reset = await post('/api/v1/auth/reset-password', {
      token,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ status: 'password-set', signedIn: true });

    expect((await signIn(email, PASSWORD)).statusCode).toBe(400);
    expect((await signIn(email, NEW_PASSWORD)).statusCode).toBe(200);
    const oldSession = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: oldCookie },
    });
    expect(oldSession.json()).toBeNull();

    const reuse = await post('/api/v1/auth/reset-password', {
      token,
      password: 'Another-Anvil-8',
      confirmPassword: 'Another-Anvil-8',
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toEqual({
      error: { code: 'BAD_REQUEST', message: 'This password link has expired or is invalid.' },
    });
  });

  it('answers an unknown address exactly as a known one, and sends nothing', async () => {
    const known = await post('/api/v1/auth/forgot-password', { email });
    const unknown = await post('/api/v1/auth/forgot-password', { email: 'ghost@example.com' });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    expect(await mailTo('ghost@example.com', 'password-reset')).toHaveLength(0);
  });
});

describe('the mount of better-auth (raw bodies, every Set-Cookie)', () => {
  beforeAll(async () => {
    await verifiedUser('mount@example.com');
  });

  it.each([
    '/api/auth/sign-in/email',
    '/api/auth/sign-up/email',
    '/api/auth/request-password-reset',
    '/api/auth/reset-password',
    '/api/auth/send-verification-email',
  ])("has closed better-auth's own %s (ours add rate limits, CSRF and events)", async (url) => {
    const response = await t.app.inject({
      method: 'POST',
      url,
      headers: { origin: TEST_APP_URL, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email: 'mount@example.com', password: PASSWORD }).toString(),
    });
    expect(response.statusCode).toBe(404);
    expect(sessionCookieOf(response)).toBeUndefined();
  });

  it('takes a POST with no body (sign-out), forwards each of its cookies separately, and ends the session', async () => {
    const cookie = sessionCookieOf(await signIn('mount@example.com'))!;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { origin: TEST_APP_URL, cookie },
    });
    expect(response.statusCode).toBe(200);
    const setCookies = [response.headers['set-cookie'] ?? []].flat();
    expect(setCookies.length).toBeGreaterThanOrEqual(2);
    expect(setCookies.some((c) => c.startsWith(`${SESSION_COOKIE}=;`))).toBe(true);
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
    expect(session.json()).toBeNull();
  });

  it('keeps JSON parsing for the rest of the API', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/verify-email',
      payload: '{"token":',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
  });
});
