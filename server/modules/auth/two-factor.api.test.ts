// TOTP second factor through /api/v1/auth/two-factor/*, with codes from an independent generator (oathtool):
// enrolment, the challenge at sign-in, the replay guard, backup codes, the rate limit, disabling, the events —
// on PGlite and on PostgreSQL. The clock (Date only) is set per test so codes of chosen steps can be made.
import { execFileSync } from 'node:child_process';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';
import { mailOutbox } from '../../mail/mail.tables.ts';
import { securityEvents } from '../../security/security-events.tables.ts';
import { twoFactors, users } from './auth.tables.ts';

const PASSWORD = 'Sturdy-Anvil-42';
const CSRF = 'b2'.repeat(32);
const SESSION_COOKIE = 'fb.session_token';
const TWO_FACTOR_COOKIE = 'fb.two_factor';
const BAD_CODE_TEXT = "That code is not right. Check your authenticator app's clock and try again.";
const STEP_MS = 30_000;

let t: TTestApp;
beforeAll(async () => {
  // Not skipped when missing: the codes must come from a generator we did not write (.ci/run installs it).
  try {
    execFileSync('oathtool', ['--version'], { stdio: 'ignore' });
  } catch {
    throw new Error('oathtool is missing: install it (apt-get install -y oathtool) to run the TOTP tests');
  }
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Sets the app's clock (Date only; timers stay real and Date keeps running) to `ms`. */
function setClock(ms: number) {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true, now: ms });
}

/** A clock time 2 s into a step a little ahead of now, so a test has ~25 s before the step changes. */
function freshStepStart(): number {
  return (Math.floor(Date.now() / STEP_MS) + 1) * STEP_MS + 2_000;
}

/** oathtool's TOTP code for the base32 `secret` at `ms` (RFC 6238, SHA-1, 6 digits, 30 s). */
function oathCode(secret: string, ms: number): string {
  return execFileSync('oathtool', ['--totp', '-b', secret, '--now', `@${Math.floor(ms / 1000)}`], {
    encoding: 'utf8',
  }).trim();
}

function secretOf(totpUri: string): string {
  const secret = new URL(totpUri).searchParams.get('secret');
  if (!secret) throw new Error(`no secret in ${totpUri}`);
  return secret;
}

let addressCounter = 0;
const nextAddress = () => {
  addressCounter += 1;
  return `10.40.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
};

function post(url: string, payload: unknown, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { origin: TEST_APP_URL, ...(cookie ? { cookie } : {}) },
    remoteAddress: nextAddress(),
  });
}

function cookieOf(response: { headers: Record<string, unknown> }, name: string): string | undefined {
  const headers = [response.headers['set-cookie'] ?? []].flat() as string[];
  return headers
    .map((h) => h.split(';')[0]!)
    .find((pair) => pair.startsWith(`${name}=`) && pair.length > name.length + 1);
}

const getSession = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/session', headers: { cookie } });

const signIn = (email: string) =>
  post('/api/v1/auth/sign-in', { email, password: PASSWORD, csrfToken: CSRF }, `fb_csrf=${CSRF}`);

/** Signs in and returns the challenge cookie (the answer must be twoFactorRequired, with no session). */
async function challenge(email: string): Promise<string> {
  const response = await signIn(email);
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ twoFactorRequired: true });
  expect(cookieOf(response, SESSION_COOKIE)).toBeUndefined();
  const cookie = cookieOf(response, TWO_FACTOR_COOKIE);
  expect(cookie).toBeDefined();
  return cookie!;
}

const verify = (challengeCookie: string, body: Record<string, unknown>) =>
  post('/api/v1/auth/two-factor/verify', body, challengeCookie);

/** Signs up, verifies the address, and returns the session cookie (an admin of a new company). */
async function registered(email: string, companyName: string): Promise<string> {
  const signUp = await post('/api/v1/auth/sign-up', {
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    companyName,
    firstName: 'Ada',
    lastName: 'Lovelace',
    termsAccepted: true,
    privacyAccepted: true,
  });
  expect(signUp.statusCode).toBe(201);
  const [message] = await t.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, 'verification')));
  const token = /\/auth\/callback\?token=([^\s"<&]+)/.exec(message!.textBody)![1]!;
  const verified = await post('/api/v1/auth/verify-email', { token: decodeURIComponent(token) });
  expect(verified.statusCode).toBe(200);
  return cookieOf(verified, SESSION_COOKIE)!;
}

/** Enrols and confirms TOTP at clock `at`; returns the secret, backup codes and the (rotated) session cookie. */
async function enrolled(cookie: string, at: number) {
  setClock(at);
  const enable = await post('/api/v1/auth/two-factor/enable', { password: PASSWORD }, cookie);
  expect(enable.statusCode).toBe(200);
  const { totpUri, backupCodes } = enable.json() as { totpUri: string; backupCodes: string[] };
  const secret = secretOf(totpUri);
  const confirm = await post('/api/v1/auth/two-factor/confirm', { code: oathCode(secret, at) }, cookie);
  expect(confirm.statusCode).toBe(200);
  return { secret, backupCodes, cookie: cookieOf(confirm, SESSION_COOKIE) ?? cookie };
}

const eventsOf = async (userId: string) =>
  t.database.db.select().from(securityEvents).where(eq(securityEvents.userId, userId));

const userRow = async (email: string) =>
  (await t.database.db.select().from(users).where(eq(users.email, email)))[0]!;

/** A six-digit code that is none of the three the window accepts at `at`. */
function wrongCode(secret: string, at: number): string {
  const valid = new Set([-1, 0, 1].map((i) => oathCode(secret, at + i * STEP_MS)));
  let n = 123456;
  while (valid.has(String(n).padStart(6, '0'))) n += 1;
  return String(n).padStart(6, '0');
}

describe('enrolment', () => {
  it('refuses enable with a wrong password: 400 INVALID_CREDENTIALS, nothing enrolled', async () => {
    const cookie = await registered('wrongpass@example.com', 'Wrongpass Works');
    const response = await post('/api/v1/auth/two-factor/enable', { password: 'Not-The-One-1' }, cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'INVALID_CREDENTIALS',
      message: 'That password is not right.',
    });
    const user = await userRow('wrongpass@example.com');
    expect(await t.database.db.select().from(twoFactors).where(eq(twoFactors.userId, user.id))).toHaveLength(
      0,
    );
  });

  it('needs a signed-in user: 401 without a session', async () => {
    const response = await post('/api/v1/auth/two-factor/enable', { password: PASSWORD });
    expect(response.statusCode).toBe(401);
  });

  it('shows the otpauth URI and ten backup codes; TOTP is off until a code confirms it', async () => {
    const cookie = await registered('pending@example.com', 'Pending Presses');
    const response = await post('/api/v1/auth/two-factor/enable', { password: PASSWORD }, cookie);
    expect(response.statusCode).toBe(200);
    const body = response.json() as { totpUri: string; backupCodes: string[] };
    expect(body.totpUri).toMatch(
      /^otpauth:\/\/totp\/Forgeboard:pending%40example\.com\?secret=[A-Z2-7]+&issuer=Forgeboard&digits=6&period=30$/,
    );
    expect(body.backupCodes).toHaveLength(10);
    expect((await getSession(cookie)).json().user.mfaEnabled).toBe(false);
    // Not active yet: sign-in still gives a session at once.
    const signedIn = await signIn('pending@example.com');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.mfaEnabled).toBe(false);
    expect(cookieOf(signedIn, SESSION_COOKIE)).toBeDefined();
  });

  it('refuses a wrong confirmation code with 400 BAD_REQUEST and the clock message', async () => {
    const cookie = await registered('fumble@example.com', 'Fumble Foundry');
    const at = freshStepStart();
    setClock(at);
    const enable = await post('/api/v1/auth/two-factor/enable', { password: PASSWORD }, cookie);
    const secret = secretOf(enable.json().totpUri);
    const response = await post('/api/v1/auth/two-factor/confirm', { code: wrongCode(secret, at) }, cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({ code: 'BAD_REQUEST', message: BAD_CODE_TEXT });
    expect((await userRow('fumble@example.com')).twoFactorEnabled).toBe(false);
  });
});

describe('a user with TOTP on', () => {
  const email = 'totp@example.com';
  let secret: string;
  let backupCodes: string[];
  let userId: string;
  let confirmedAt: number;

  beforeAll(async () => {
    const cookie = await registered(email, 'Totp Tooling');
    confirmedAt = freshStepStart();
    const done = await enrolled(cookie, confirmedAt);
    secret = done.secret;
    backupCodes = done.backupCodes;
    userId = (await userRow(email)).id;
    // Confirming turned MFA on; the rotated session shows it.
    const session = await getSession(done.cookie);
    expect(session.json()).toMatchObject({ state: 'signed-in', user: { email, mfaEnabled: true } });
    vi.useRealTimers();
  });

  it('recorded mfa_enabled', async () => {
    const events = await eventsOf(userId);
    expect(events.filter((e) => e.type === 'mfa_enabled')).toHaveLength(1);
  });

  it('signs in in two steps; the confirming code is spent, a code of the next step gives the session', async () => {
    setClock(confirmedAt + 5_000);
    const challengeCookie = await challenge(email);
    // Right after enrolling: the very code that confirmed is refused (same step).
    const replay = await verify(challengeCookie, { code: oathCode(secret, confirmedAt) });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toEqual({ code: 'BAD_REQUEST', message: BAD_CODE_TEXT });
    // The next step's code (within the ±1 window) is accepted.
    const next = await verify(challengeCookie, { code: oathCode(secret, confirmedAt + STEP_MS) });
    expect(next.statusCode).toBe(200);
    expect(next.json().user).toMatchObject({ email, mfaEnabled: true, role: 'admin' });
    const sessionCookie = cookieOf(next, SESSION_COOKIE);
    expect(sessionCookie).toBeDefined();
    expect((await getSession(sessionCookie!)).json()).toMatchObject({
      state: 'signed-in',
      user: { email, mfaEnabled: true },
    });
    const events = await eventsOf(userId);
    expect(
      events.some(
        (e) => e.type === 'sign_in_succeeded' && (e.details as { mfa?: boolean } | null)?.mfa === true,
      ),
    ).toBe(true);
    expect(
      events.some(
        (e) =>
          e.type === 'sign_in_failed' &&
          (e.details as { reason?: string; replay?: boolean } | null)?.reason === 'totp' &&
          (e.details as { replay?: boolean }).replay === true,
      ),
    ).toBe(true);
  });

  it('refuses the same code at a second sign-in within the same 30 s, and takes the next step’s code', async () => {
    const at = confirmedAt + STEP_MS + 3_000;
    setClock(at);
    const used = oathCode(secret, at); // the step the previous test accepted
    const challengeCookie = await challenge(email);
    const again = await verify(challengeCookie, { code: used });
    expect(again.statusCode).toBe(400);
    expect(cookieOf(again, SESSION_COOKIE)).toBeUndefined();
    setClock(at + STEP_MS);
    const fresh = await verify(challengeCookie, { code: oathCode(secret, at + STEP_MS) });
    expect(fresh.statusCode).toBe(200);
    expect(cookieOf(fresh, SESSION_COOKIE)).toBeDefined();
  });

  it('lets exactly one of two concurrent uses of one code through', async () => {
    const at = confirmedAt + 3 * STEP_MS + 3_000;
    setClock(at);
    const [first, second] = [await challenge(email), await challenge(email)];
    const code = oathCode(secret, at);
    const answers = await Promise.all([verify(first, { code }), verify(second, { code })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
  });

  it('accepts a backup code once and only once', async () => {
    setClock(confirmedAt + 4 * STEP_MS + 3_000);
    const [backupCode] = backupCodes;
    const first = await verify(await challenge(email), { backupCode });
    expect(first.statusCode).toBe(200);
    expect(cookieOf(first, SESSION_COOKIE)).toBeDefined();
    const events = await eventsOf(userId);
    expect(
      events.some(
        (e) =>
          e.type === 'sign_in_succeeded' &&
          (e.details as { method?: string } | null)?.method === 'backup_code',
      ),
    ).toBe(true);
    const second = await verify(await challenge(email), { backupCode });
    expect(second.statusCode).toBe(400);
    expect(second.json().error).toEqual({ code: 'BAD_REQUEST', message: BAD_CODE_TEXT });
    expect(cookieOf(second, SESSION_COOKIE)).toBeUndefined();
  });

  it('trusts this browser for later sign-ins when asked (trustDevice), and only this browser', async () => {
    const at = confirmedAt + 5 * STEP_MS + 3_000;
    setClock(at);
    const trusted = await verify(await challenge(email), { code: oathCode(secret, at), trustDevice: true });
    expect(trusted.statusCode).toBe(200);
    const trustCookie = cookieOf(trusted, 'fb.trust_device');
    expect(trustCookie).toBeDefined();
    const again = await post(
      '/api/v1/auth/sign-in',
      { email, password: PASSWORD, csrfToken: CSRF },
      `fb_csrf=${CSRF}; ${trustCookie}`,
    );
    expect(again.statusCode).toBe(200);
    expect(again.json().user).toMatchObject({ email, mfaEnabled: true });
    expect(cookieOf(again, SESSION_COOKIE)).toBeDefined();
    // Another browser is still asked.
    await challenge(email);
  });

  it('wants exactly one of code and backupCode', async () => {
    const challengeCookie = await challenge(email);
    expect((await verify(challengeCookie, {})).statusCode).toBe(400);
    expect((await verify(challengeCookie, { code: '123456', backupCode: backupCodes[1] })).statusCode).toBe(
      400,
    );
    expect((await verify(challengeCookie, { code: '12345' })).json().error.code).toBe('VALIDATION');
  });
});

describe('the challenge and its limits', () => {
  it('answers 401 without a challenge cookie, or with a forged one', async () => {
    const none = await post('/api/v1/auth/two-factor/verify', { code: '123456' });
    expect(none.statusCode).toBe(401);
    expect(none.json().error.code).toBe('UNAUTHENTICATED');
    const forged = await verify(`${TWO_FACTOR_COOKIE}=2fa-made-up.AAAA`, { code: '123456' });
    expect(forged.statusCode).toBe(401);
  });

  it('answers 429 with Retry-After on the sixth wrong code, and records the failures and the limit', async () => {
    const email = 'guesser@example.com';
    const cookie = await registered(email, 'Guesser Gears');
    const at = freshStepStart();
    const { secret } = await enrolled(cookie, at);
    const userId = (await userRow(email)).id;
    const challengeCookie = await challenge(email);
    const wrong = wrongCode(secret, at);
    for (let i = 0; i < 5; i += 1) {
      const response = await verify(challengeCookie, { code: wrong });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('BAD_REQUEST');
    }
    const sixth = await verify(challengeCookie, { code: wrong });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error.code).toBe('RATE_LIMITED');
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    // A right code is refused too while the limit holds.
    const right = await verify(await challenge(email), { code: oathCode(secret, at + STEP_MS) });
    expect(right.statusCode).toBe(429);
    const events = await eventsOf(userId);
    expect(
      events.filter(
        (e) => e.type === 'sign_in_failed' && (e.details as { reason?: string } | null)?.reason === 'totp',
      ),
    ).toHaveLength(5);
    const limited = await t.database.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.type, 'rate_limited'), eq(securityEvents.email, email)));
    expect(limited.some((e) => (e.details as { action?: string } | null)?.action === 'totp')).toBe(true);
  });

  it('closes better-auth’s own two-factor endpoints (404): only our guarded routes verify codes', async () => {
    for (const path of ['verify-totp', 'verify-backup-code', 'enable', 'disable']) {
      const response = await post(`/api/auth/two-factor/${path}`, { code: '123456', password: PASSWORD });
      expect(response.statusCode).toBe(404);
    }
  });
});

describe('disabling', () => {
  it('refuses a wrong password, then turns TOTP off with the right one; sign-in no longer asks', async () => {
    const email = 'leaving@example.com';
    const cookie = await registered(email, 'Leaving Lathes');
    const done = await enrolled(cookie, freshStepStart());
    const userId = (await userRow(email)).id;
    const wrong = await post('/api/v1/auth/two-factor/disable', { password: 'Not-The-One-1' }, done.cookie);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('INVALID_CREDENTIALS');
    const off = await post('/api/v1/auth/two-factor/disable', { password: PASSWORD }, done.cookie);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ enabled: false });
    const rotated = cookieOf(off, SESSION_COOKIE) ?? done.cookie;
    expect((await getSession(rotated)).json().user.mfaEnabled).toBe(false);
    expect(await t.database.db.select().from(twoFactors).where(eq(twoFactors.userId, userId))).toHaveLength(
      0,
    );
    const signedIn = await signIn(email);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({ email, mfaEnabled: false });
    expect(cookieOf(signedIn, SESSION_COOKIE)).toBeDefined();
    const types = (await eventsOf(userId)).map((e) => e.type);
    expect(types).toContain('mfa_enabled');
    expect(types).toContain('mfa_disabled');
  });
});
