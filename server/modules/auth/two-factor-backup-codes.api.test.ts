// New backup codes through POST /api/v1/auth/two-factor/backup-codes: the password again, ten new codes that each
// sign in once, the old ones refused at once, the sign-in limit on the password, the event — on PGlite and on
// PostgreSQL. TOTP is enrolled through the real routes with codes from oathtool.
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TWO_FACTOR_MESSAGES } from '#common/schemas/two-factor.ts';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';
import { enrolTwoFactor, requireOathtool, sessionCookieOf } from '../../../tests/setup/two-factor.ts';
import { FACTORY_PASSWORD, uniqueCompanyName } from '../../db/seed/factories.ts';
import { securityEvents } from '../../security/security-events.tables.ts';
import { twoFactors, users } from './auth.tables.ts';

const CSRF = 'd4'.repeat(32);
const TWO_FACTOR_COOKIE = 'fb.two_factor';
const BACKUP_CODES_URL = '/api/v1/auth/two-factor/backup-codes';

let t: TTestApp;
beforeAll(async () => {
  requireOathtool();
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

let addressCounter = 0;
const nextAddress = () => {
  addressCounter += 1;
  return `10.41.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
};

function post(url: string, payload: object, cookie?: string, address = nextAddress()) {
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { origin: TEST_APP_URL, ...(cookie ? { cookie } : {}) },
    remoteAddress: address,
  });
}

const regenerate = (cookie: string | undefined, password = FACTORY_PASSWORD, address?: string) =>
  post(BACKUP_CODES_URL, { password }, cookie, address);

/** A new admin of a new company, signed in (no second factor yet). */
async function newAccount() {
  const email = `codes.${randomBytes(4).toString('hex')}@backup-codes.example`;
  const cookie = await t.signIn({ email, role: 'admin', companyName: uniqueCompanyName('Backup Codes') });
  const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
  return { email, cookie, userId: user!.id };
}

/** The password step of a sign-in, which must answer with a two-factor challenge: its cookie. */
async function challenge(email: string): Promise<string> {
  const response = await post(
    '/api/v1/auth/sign-in',
    { email, password: FACTORY_PASSWORD, csrfToken: CSRF },
    `fb_csrf=${CSRF}`,
  );
  expect(response.json()).toEqual({ twoFactorRequired: true });
  const headers = [response.headers['set-cookie'] ?? []].flat() as string[];
  const cookie = headers.map((h) => h.split(';')[0]!).find((p) => p.startsWith(`${TWO_FACTOR_COOKIE}=`));
  expect(cookie).toBeDefined();
  return cookie!;
}

/** A whole sign-in with a backup code as the second step. */
async function signInWithBackupCode(email: string, backupCode: string) {
  return post('/api/v1/auth/two-factor/verify', { backupCode }, await challenge(email));
}

const eventsOf = (userId: string, type: string) =>
  t.database.db
    .select()
    .from(securityEvents)
    .where(and(eq(securityEvents.userId, userId), eq(securityEvents.type, type)));

const storedCodesOf = async (userId: string) =>
  (await t.database.db.select().from(twoFactors).where(eq(twoFactors.userId, userId)))[0]?.backupCodes;

describe('new backup codes', () => {
  it('gives ten new codes that each sign in once; the old codes are refused at once', async () => {
    const account = await newAccount();
    const enrolled = await enrolTwoFactor(t, account.cookie, FACTORY_PASSWORD);

    const response = await regenerate(enrolled.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const { backupCodes } = response.json() as { backupCodes: string[] };
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);
    expect(backupCodes.filter((code) => enrolled.backupCodes.includes(code))).toEqual([]);

    // An old code, never used before, no longer signs in.
    const old = await signInWithBackupCode(account.email, enrolled.backupCodes[0]!);
    expect(old.statusCode).toBe(400);
    expect(old.json().error).toEqual({ code: 'BAD_REQUEST', message: TWO_FACTOR_MESSAGES.badCode });
    expect(sessionCookieOf(old)).toBeUndefined();

    // A new one does, once.
    const fresh = await signInWithBackupCode(account.email, backupCodes[3]!);
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json().user).toMatchObject({ email: account.email, mfaEnabled: true });
    expect(sessionCookieOf(fresh)).toBeDefined();
    const again = await signInWithBackupCode(account.email, backupCodes[3]!);
    expect(again.statusCode).toBe(400);
    expect(sessionCookieOf(again)).toBeUndefined();
    // The others of the new set still work.
    expect((await signInWithBackupCode(account.email, backupCodes[7]!)).statusCode).toBe(200);

    const events = await eventsOf(account.userId, 'mfa_backup_codes_regenerated');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ outcome: 'success', email: account.email });
    expect(JSON.stringify(events[0]!.details)).not.toContain(backupCodes[0]!);
  });

  it('refuses a wrong password with 400 INVALID_CREDENTIALS and leaves the codes as they were', async () => {
    const account = await newAccount();
    const enrolled = await enrolTwoFactor(t, account.cookie, FACTORY_PASSWORD);
    const stored = await storedCodesOf(account.userId);

    const response = await regenerate(enrolled.cookie, 'Not-The-Password-1');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'INVALID_CREDENTIALS',
      message: TWO_FACTOR_MESSAGES.wrongPassword,
    });
    expect(await storedCodesOf(account.userId)).toBe(stored);
    expect(await eventsOf(account.userId, 'mfa_backup_codes_regenerated')).toEqual([]);
    expect((await signInWithBackupCode(account.email, enrolled.backupCodes[0]!)).statusCode).toBe(200);
  });

  it('counts the password against the sign-in limits of the account and address: the sixth try from there is 429, right or wrong', async () => {
    const account = await newAccount();
    const enrolled = await enrolTwoFactor(t, account.cookie, FACTORY_PASSWORD);
    const address = '10.41.250.1';
    for (let i = 0; i < 5; i += 1) {
      expect((await regenerate(enrolled.cookie, 'Not-The-Password-1', address)).statusCode).toBe(400);
    }
    const sixth = await regenerate(enrolled.cookie, FACTORY_PASSWORD, address);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error.code).toBe('RATE_LIMITED');
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    const limited = await t.database.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.type, 'rate_limited'), eq(securityEvents.email, account.email)));
    expect(limited.map((e) => e.details)).toContainEqual({
      limit: 'signInPerAccountAddress',
      action: 'two-factor-backup-codes',
    });
    expect(await eventsOf(account.userId, 'mfa_backup_codes_regenerated')).toEqual([]);
  });

  it('answers 400 when two-factor authentication is not on, also during an unconfirmed enrolment', async () => {
    const account = await newAccount();
    const off = await regenerate(account.cookie);
    expect(off.statusCode).toBe(400);
    expect(off.json().error).toEqual({ code: 'BAD_REQUEST', message: TWO_FACTOR_MESSAGES.notEnabled });

    const enable = await post(
      '/api/v1/auth/two-factor/enable',
      { password: FACTORY_PASSWORD },
      account.cookie,
    );
    expect(enable.statusCode).toBe(200);
    const stored = await storedCodesOf(account.userId);
    const pending = await regenerate(account.cookie);
    expect(pending.statusCode).toBe(400);
    expect(pending.json().error).toEqual({ code: 'BAD_REQUEST', message: TWO_FACTOR_MESSAGES.notEnabled });
    expect(await storedCodesOf(account.userId)).toBe(stored);
    expect(await eventsOf(account.userId, 'mfa_backup_codes_regenerated')).toEqual([]);
  });

  it('needs a signed-in user: 401 without a session, and after signing out', async () => {
    expect((await regenerate(undefined)).statusCode).toBe(401);
    const account = await newAccount();
    const enrolled = await enrolTwoFactor(t, account.cookie, FACTORY_PASSWORD);
    const signOut = await post('/api/v1/session/sign-out', {}, enrolled.cookie);
    expect(signOut.statusCode).toBe(204);
    const stored = await storedCodesOf(account.userId);
    const response = await regenerate(enrolled.cookie);
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHENTICATED');
    expect(await storedCodesOf(account.userId)).toBe(stored);
  });

  it('is not reachable through better-auth’s own endpoint (404)', async () => {
    const account = await newAccount();
    const enrolled = await enrolTwoFactor(t, account.cookie, FACTORY_PASSWORD);
    const response = await post(
      '/api/auth/two-factor/generate-backup-codes',
      { password: FACTORY_PASSWORD },
      enrolled.cookie,
    );
    expect(response.statusCode).toBe(404);
    expect((await signInWithBackupCode(account.email, enrolled.backupCodes[0]!)).statusCode).toBe(200);
  });
});
