// POST /api/v1/auth/finish-registration: a verified user left without a company (a sign-up cut short before
// decision 041, or a company name taken before they confirmed) creates their company; nobody joins another's.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_COMPANY_TEXT } from '#common/schemas/finish-registration.ts';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';
import { mailOutbox } from '../../mail/mail.tables.ts';
import { securityEvents } from '../../security/security-events.tables.ts';
import { companies } from '../companies/companies.tables.ts';
import { pendingRegistrations, users } from './auth.tables.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const PASSWORD = 'Sturdy-Anvil-42';
const SESSION_COOKIE = 'fb.session_token';
let addressCounter = 0;

function post(url: string, payload: unknown, cookie?: string) {
  addressCounter += 1;
  return t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { origin: TEST_APP_URL, ...(cookie ? { cookie } : {}) },
    remoteAddress: `10.42.0.${addressCounter}`,
  });
}

const signUp = (email: string, companyName: string) =>
  post('/api/v1/auth/sign-up', {
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    companyName,
    firstName: 'Nora',
    lastName: 'Nocompany',
    termsAccepted: true,
    privacyAccepted: true,
    timezone: 'Europe/London',
    planId: 'premium',
  });

function sessionCookieOf(response: { headers: Record<string, unknown> }): string | undefined {
  const headers = [response.headers['set-cookie'] ?? []].flat() as string[];
  return headers
    .map((h) => h.split(';')[0]!)
    .find((pair) => pair.startsWith(`${SESSION_COOKIE}=`) && pair.length > SESSION_COOKIE.length + 1);
}

async function lastVerificationToken(to: string): Promise<string> {
  const [message] = await t.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.kind, 'verification')))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const match = /\/auth\/callback\?token=([^\s"<&]+)/.exec(message?.textBody ?? '');
  if (!match?.[1]) throw new Error(`no verification link to ${to}`);
  return decodeURIComponent(match[1]);
}

const userRow = async (email: string) =>
  (await t.database.db.select().from(users).where(eq(users.email, email)))[0]!;
const companyOf = async (id: string) =>
  (await t.database.db.select().from(companies).where(eq(companies.id, id)))[0]!;
const getSession = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/session', headers: { cookie } });

/**
 * A user as a sign-up cut short before decision 041 left them: the user and password committed, the pending
 * registration and the verification mail did not. They ask for a new link and open it.
 */
async function halfSignedUpAndVerified(email: string): Promise<string> {
  expect((await signUp(email, `Half Forge ${email.split('@')[0]}`)).statusCode).toBe(201);
  const user = await userRow(email);
  await t.database.db.delete(pendingRegistrations).where(eq(pendingRegistrations.userId, user.id));
  await t.database.db.delete(mailOutbox).where(eq(mailOutbox.toAddress, email));
  // Signing up again is refused: the address is registered.
  expect((await signUp(email, 'Another Try')).statusCode).toBe(409);
  expect((await post('/api/v1/auth/resend-verification', { email })).statusCode).toBe(200);
  const verify = await post('/api/v1/auth/verify-email', { token: await lastVerificationToken(email) });
  expect(verify.statusCode).toBe(200);
  const cookie = sessionCookieOf(verify);
  expect(cookie).toBeDefined();
  return cookie!;
}

describe('finishing a registration that has no company', () => {
  it('a half-made account from before the fix: the session says no-company, and naming the company finishes it', async () => {
    const email = 'half@example.com';
    const cookie = await halfSignedUpAndVerified(email);
    expect((await getSession(cookie)).json()).toMatchObject({ state: 'no-company', user: null });
    expect(NO_COMPANY_TEXT).toMatch(/interrupted/);

    const finished = await post(
      '/api/v1/auth/finish-registration',
      { companyName: 'Recovered Rivets', timezone: 'Asia/Tokyo' },
      cookie,
    );
    expect(finished.statusCode).toBe(200);
    expect(finished.json()).toEqual({ status: 'company-created' });
    const session = (await getSession(cookie)).json();
    expect(session).toMatchObject({
      state: 'signed-in',
      user: { email, role: 'admin', company: 'Recovered Rivets' },
      timeZone: 'Asia/Tokyo',
    });
    const user = await userRow(email);
    expect(user).toMatchObject({ role: 'admin', firstName: 'Nora', lastName: 'Nocompany' });
    expect(await companyOf(user.companyId!)).toMatchObject({ name: 'Recovered Rivets' });
    // The security log says who created which company this way, as it says who signed up.
    const events = await t.database.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.email, email), eq(securityEvents.type, 'company_created')));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      userId: user.id,
      companyId: user.companyId,
      outcome: 'success',
      details: { via: 'finish-registration', companyName: 'Recovered Rivets' },
    });
  });

  it('a name taken before confirming: the pending plan is kept and the newly chosen name is used', async () => {
    expect((await signUp('second@example.com', 'Contested Anvils')).statusCode).toBe(201);
    // Someone else takes the name between sign-up and confirmation.
    await t.signIn({ email: 'taker@example.com', role: 'admin', companyName: 'contested ANVILS' });
    const verify = await post('/api/v1/auth/verify-email', {
      token: await lastVerificationToken('second@example.com'),
    });
    expect(verify.statusCode).toBe(409);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      payload: { email: 'second@example.com', password: PASSWORD, csrfToken: 'c3'.repeat(32) },
      headers: { origin: TEST_APP_URL, cookie: `fb_csrf=${'c3'.repeat(32)}` },
      remoteAddress: '10.42.1.1',
    });
    expect(signIn.statusCode).toBe(200);
    const cookie = sessionCookieOf(signIn)!;

    const taken = await post('/api/v1/auth/finish-registration', { companyName: 'Contested Anvils' }, cookie);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fieldErrors.companyName).toMatch(/already taken/);
    expect((await userRow('second@example.com')).companyId).toBeNull();

    const finished = await post(
      '/api/v1/auth/finish-registration',
      { companyName: 'Uncontested Anvils' },
      cookie,
    );
    expect(finished.statusCode).toBe(200);
    const user = await userRow('second@example.com');
    expect(await companyOf(user.companyId!)).toMatchObject({ name: 'Uncontested Anvils', planId: 'premium' });
    const pending = await t.database.db
      .select()
      .from(pendingRegistrations)
      .where(eq(pendingRegistrations.userId, user.id));
    expect(pending).toHaveLength(0);
  });

  it('never attaches a user to another company: a user with a company is refused, an id in the body is ignored', async () => {
    const other = await t.signIn({ email: 'owner@example.com', role: 'admin', companyName: 'Owned Forge' });
    const owner = await userRow('owner@example.com');
    const refused = await post('/api/v1/auth/finish-registration', { companyName: 'Second Forge' }, other);
    expect(refused.statusCode).toBe(409);
    expect((await userRow('owner@example.com')).companyId).toBe(owner.companyId);
    expect(
      await t.database.db.select().from(companies).where(eq(companies.name, 'Second Forge')),
    ).toHaveLength(0);

    const cookie = await halfSignedUpAndVerified('stray@example.com');
    const finished = await post(
      '/api/v1/auth/finish-registration',
      { companyName: 'Stray Smithy', companyId: owner.companyId, role: 'sysadmin' },
      cookie,
    );
    expect(finished.statusCode).toBe(200);
    const stray = await userRow('stray@example.com');
    expect(stray.companyId).not.toBe(owner.companyId);
    expect(stray.role).toBe('admin');
    expect(await companyOf(stray.companyId!)).toMatchObject({ name: 'Stray Smithy' });
    // A second submit (a double click) finds the company made: 409, still one company.
    const again = await post('/api/v1/auth/finish-registration', { companyName: 'Stray Smithy 2' }, cookie);
    expect(again.statusCode).toBe(409);
  });

  it('refuses a request with no session: 401', async () => {
    const response = await post('/api/v1/auth/finish-registration', { companyName: 'Nobody Forge' });
    expect(response.statusCode).toBe(401);
  });
});
