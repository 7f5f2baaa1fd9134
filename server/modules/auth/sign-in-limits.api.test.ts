// The limits on guessing a password or a code keep brute force out without handing anyone a switch that locks the
// owner out: failures count per account and address, per address, and per account far higher; successes never
// count; a wrong password at a password change and a wrong second-factor code count like a wrong sign-in — on PGlite
// and on PostgreSQL (decision 036).
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_MESSAGES } from '#common/schemas/auth.ts';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';
import { enrolTwoFactor, oathCode, requireOathtool } from '../../../tests/setup/two-factor.ts';
import { FACTORY_PASSWORD, uniqueCompanyName } from '../../db/seed/factories.ts';
import { securityEvents } from '../../security/security-events.tables.ts';

const CSRF = 'e5'.repeat(32);

let t: TTestApp;
beforeAll(async () => {
  requireOathtool();
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

// Each test's addresses are its own, so no test's counts reach another's.
let network = 0;
const addresses = () => {
  network += 1;
  return { owner: `10.71.${network}.1`, attacker: `10.72.${network}.1`, other: `10.73.${network}.1` };
};

function post(url: string, payload: object, address: string, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { origin: TEST_APP_URL, ...(cookie ? { cookie } : {}) },
    remoteAddress: address,
  });
}

const signIn = (email: string, password: string, address: string) =>
  post('/api/v1/auth/sign-in', { email, password, csrfToken: CSRF }, address, `fb_csrf=${CSRF}`);

/** Status codes of `n` sign-ins with a wrong password from `address`. */
async function failures(email: string, address: string, n: number): Promise<number[]> {
  const statuses = [];
  for (let i = 0; i < n; i += 1)
    statuses.push((await signIn(email, `Wrong-Guess-${i}a`, address)).statusCode);
  return statuses;
}

/** A new user of their own company, signed in once (the test harness's own address); their e-mail and cookie. */
async function newOwner() {
  const email = `owner.${randomBytes(4).toString('hex')}@limits.example`;
  const cookie = await t.signIn({ email, role: 'user', companyName: uniqueCompanyName('Limits') });
  return { email, cookie };
}

const limitedEvents = (email: string) =>
  t.database.db
    .select()
    .from(securityEvents)
    .where(and(eq(securityEvents.email, email), eq(securityEvents.type, 'rate_limited')));

describe('password guessing', () => {
  it('does not let an attacker failing from another address keep the owner out', async () => {
    const { email } = await newOwner();
    const at = addresses();
    expect(await failures(email, at.attacker, 12)).toEqual([...Array(5).fill(400), ...Array(7).fill(429)]);
    // The owner, at their own address, with a typo first: the attacker's failures are not theirs.
    expect((await signIn(email, 'Wrong-Typo-1a', at.owner)).statusCode).toBe(400);
    const owner = await signIn(email, FACTORY_PASSWORD, at.owner);
    expect(owner.statusCode, owner.body).toBe(200);
    expect(owner.json().user.email).toBe(email);
  });

  it('stops the same address on its sixth attempt, with the right password too, and says so', async () => {
    const { email } = await newOwner();
    const at = addresses();
    expect(await failures(email, at.attacker, 5)).toEqual(Array(5).fill(400));
    const sixth = await signIn(email, FACTORY_PASSWORD, at.attacker);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error).toEqual({ code: 'RATE_LIMITED', message: SIGN_IN_MESSAGES.tooManyAttempts });
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect((await limitedEvents(email)).map((e) => e.details)).toEqual([
      { limit: 'signInPerAccountAddress', action: 'sign-in' },
    ]);
    expect((await signIn(email, FACTORY_PASSWORD, at.other)).statusCode).toBe(200);
  });

  it('never counts a successful sign-in: 25 in a row from one address, then a wrong password is still checked', async () => {
    const { email } = await newOwner();
    const at = addresses();
    for (let i = 0; i < 25; i += 1)
      expect((await signIn(email, FACTORY_PASSWORD, at.owner)).statusCode).toBe(200);
    expect(await failures(email, at.owner, 1)).toEqual([400]);
  });

  it('stops one address trying many accounts after 20 failures, and only that address', async () => {
    const { email } = await newOwner();
    const at = addresses();
    // Four failures at each of five accounts: under every pair's limit, at the address's.
    for (let account = 0; account < 5; account += 1) {
      const guessed = await newOwner();
      expect(await failures(guessed.email, at.attacker, 4)).toEqual(Array(4).fill(400));
    }
    const next = await signIn(email, FACTORY_PASSWORD, at.attacker);
    expect(next.statusCode).toBe(429);
    expect((await limitedEvents(email)).map((e) => e.details)).toEqual([
      { limit: 'signInPerAddress', action: 'sign-in' },
    ]);
    expect((await signIn(email, FACTORY_PASSWORD, at.owner)).statusCode).toBe(200);
  }, 60_000);
});

describe('other checks of the same credentials', () => {
  it('counts a wrong current password at a password change toward the account and that address', async () => {
    const { email, cookie } = await newOwner();
    const at = addresses();
    const change = (currentPassword: string) =>
      post(
        '/api/v1/auth/change-password',
        { currentPassword, password: 'Brand-New-Bellows-8', confirmPassword: 'Brand-New-Bellows-8' },
        at.attacker,
        cookie,
      );
    for (let i = 0; i < 5; i += 1) expect((await change(`Not-Mine-${i}a`)).statusCode).toBe(400);
    // The pair is shut for sign-in and for the change alike, right password or not; other addresses are not.
    expect((await signIn(email, FACTORY_PASSWORD, at.attacker)).statusCode).toBe(429);
    expect((await change(FACTORY_PASSWORD)).statusCode).toBe(429);
    expect((await signIn(email, FACTORY_PASSWORD, at.owner)).statusCode).toBe(200);
    // better-auth hashes the new password at production cost before it checks the current one: seconds each.
  }, 60_000);

  it('counts wrong second-factor codes toward the account and that address, and a right password does not wipe them', async () => {
    const { email, cookie } = await newOwner();
    const { secret } = await enrolTwoFactor(t, cookie, FACTORY_PASSWORD);
    const at = addresses();
    const challengeFrom = async (address: string) => {
      const response = await signIn(email, FACTORY_PASSWORD, address);
      expect(response.json()).toEqual({ twoFactorRequired: true });
      const cookies = [response.headers['set-cookie'] ?? []].flat() as string[];
      return cookies.map((c) => c.split(';')[0]!).find((c) => c.startsWith('fb.two_factor='))!;
    };
    const valid = new Set([-2, -1, 0, 1, 2].map((step) => oathCode(secret, Date.now() + step * 30_000)));
    const wrong = ['111111', '222222', '333333', '444444'].find((code) => !valid.has(code))!;
    // Three wrong codes, each after a right password from the same address.
    for (let i = 0; i < 3; i += 1) {
      const response = await post(
        '/api/v1/auth/two-factor/verify',
        { code: wrong },
        at.attacker,
        await challengeFrom(at.attacker),
      );
      expect(response.statusCode).toBe(400);
    }
    // Two wrong passwords make five failures: the next attempt from there is refused, the owner's is not.
    expect(await failures(email, at.attacker, 2)).toEqual([400, 400]);
    expect((await signIn(email, FACTORY_PASSWORD, at.attacker)).statusCode).toBe(429);
    expect((await signIn(email, FACTORY_PASSWORD, at.owner)).json()).toEqual({ twoFactorRequired: true });
  });
});
