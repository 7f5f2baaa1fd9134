// The company-users API (/api/v1/users) as an admin and the people they add would meet it: inviting and adding with
// an initial password (the mailed link, then a real sign-in), validation, duplicates, the role rules, inactivation
// ending sessions, the plan's seat limit (also under concurrent requests), paging and search — on PGlite and, with
// TEST_DATABASE_URL, on PostgreSQL.
import { randomBytes } from 'node:crypto';
import { and, count, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPlanId } from '#common/plans.ts';
import type { TRole } from '#common/roles.ts';
import { USER_MESSAGES } from '#common/schemas/users.ts';
import {
  createTestApp,
  SESSION_COOKIE,
  TEST_APP_URL,
  TEST_HASH_PARAMS,
  type TTestApp,
} from '../../../tests/setup/test-app.ts';
import { createCompany, createUser, FACTORY_PASSWORD, uniqueCompanyName } from '../../db/seed/factories.ts';
import { mailOutbox } from '../../mail/mail.tables.ts';
import { sessions, users } from '../auth/auth.tables.ts';
import { companies } from '../companies/companies.tables.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;

/** A password the people under test choose for themselves: passes the reset rule and the strict policy. */
const OWN_PASSWORD = 'Copper-Lantern-Ridge-77';
/** An initial password an admin types for 'password' additions (strict policy). */
const ADMIN_GIVEN_PASSWORD = 'Brass-Kettle-Harbor-31';
const CSRF = 'c3'.repeat(32);

// Every request from its own address, so the per-address sign-in limits never count across tests.
let addressCounter = 0;
const nextAddress = () => {
  addressCounter += 1;
  return `10.61.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
};

/** An address no other test uses (addresses are unique across all companies). */
const uniqueEmail = (prefix = 'person') => `${prefix}.${randomBytes(4).toString('hex')}@users-api.example`;

type TMethod = 'GET' | 'POST' | 'PATCH';

/** A request as the signed-in browser of `cookie` sends it: same origin (writes need it), its own address. */
function send(method: TMethod, url: string, cookie: string | null, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { origin: TEST_APP_URL, ...(cookie ? { cookie } : {}) },
    remoteAddress: nextAddress(),
  });
}

const listUsers = (cookie: string, query = '') => send('GET', `/api/v1/users${query}`, cookie);
const addUser = (cookie: string, body: Record<string, unknown>) =>
  send('POST', '/api/v1/users', cookie, body);
const patchUser = (cookie: string, id: string, body: unknown) =>
  send('PATCH', `/api/v1/users/${id}`, cookie, body);

/** A valid invitation body; `extra` overrides or adds fields. */
function inviteBody(email: string, extra: Record<string, unknown> = {}) {
  return { method: 'invite', email, firstName: 'Ivy', lastName: 'Invited', role: 'user', ...extra };
}

/** Sign-in through the login form: the CSRF token in the body and in its cookie. */
function signIn(email: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-in',
    payload: { email, password, csrfToken: CSRF },
    headers: { origin: TEST_APP_URL, cookie: `fb_csrf=${CSRF}` },
    remoteAddress: nextAddress(),
  });
}

/** The session cookie (name=value) a response sets, if any. */
function sessionCookieOf(response: LightMyRequestResponse): string | undefined {
  const headers = [response.headers['set-cookie'] ?? []].flat() as string[];
  return headers
    .map((h) => h.split(';')[0]!)
    .find((pair) => pair.startsWith(`${SESSION_COOKIE}=`) && pair.length > SESSION_COOKIE.length + 1);
}

const sessionState = async (cookie: string) =>
  (await send('GET', '/api/v1/session', cookie)).json().state as string;

/** Every mail queued to `email`, newest first. */
const mailsTo = (email: string) =>
  db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)).orderBy(desc(mailOutbox.createdAt));

/** The token of the newest mail to `email` whose text carries a link of `kind` (the two set-password pages). */
async function linkToken(email: string, kind: 'invite' | 'admin-created'): Promise<string> {
  const pattern =
    kind === 'invite'
      ? /http:\/\/localhost:3000\/\?token=([A-Za-z0-9_%-]+)&type=invite/
      : /http:\/\/localhost:3000\/reset-password\?admin_created=true&token=([A-Za-z0-9_%-]+)/;
  for (const mail of await mailsTo(email)) {
    const match = pattern.exec(mail.textBody);
    if (match?.[1]) return decodeURIComponent(match[1]);
  }
  throw new Error(`no ${kind} link mailed to ${email}`);
}

const setPassword = (token: string, password = OWN_PASSWORD) =>
  send('POST', '/api/v1/auth/reset-password', null, { token, password, confirmPassword: password });

const userByEmail = async (email: string) =>
  (await db().select().from(users).where(eq(users.email, email)))[0];
const userById = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0]!;

async function userCount(companyId: string): Promise<number> {
  const [row] = await db().select({ n: count() }).from(users).where(eq(users.companyId, companyId));
  return row!.n;
}
async function activeCount(companyId: string): Promise<number> {
  const [row] = await db()
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.active, true)));
  return row!.n;
}
async function mailCount(companyId: string): Promise<number> {
  const [row] = await db().select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.companyId, companyId));
  return row!.n;
}

/** A company of its own and its signed-in admin (or sysadmin), for a test that must not share state. */
interface TCompanyUnderTest {
  name: string;
  companyId: string;
  adminId: string;
  adminEmail: string;
  /** The admin's session cookie, from a real sign-in. */
  cookie: string;
}

async function newCompany(options: { planId?: TPlanId; role?: TRole } = {}): Promise<TCompanyUnderTest> {
  const name = uniqueCompanyName('Users API');
  const { company } = await createCompany(db(), {
    name,
    ...(options.planId ? { planId: options.planId } : {}),
  });
  const adminEmail = uniqueEmail('admin');
  const cookie = await t.signIn({ email: adminEmail, role: options.role ?? 'admin', companyName: name });
  const admin = (await userByEmail(adminEmail))!;
  return { name, companyId: company.id, adminId: admin.id, adminEmail, cookie };
}

/** Another signed-in member of `company` with `role`; returns their id, address and cookie. */
async function member(company: TCompanyUnderTest, role: TRole, prefix: string = role) {
  const email = uniqueEmail(prefix);
  const cookie = await t.signIn({ email, role, companyName: company.name });
  return { id: (await userByEmail(email))!.id, email, cookie };
}

/** A verified member written straight to the database (cheap hashing): for filling seats and lists. */
const factoryUser = (companyId: string, overrides: Parameters<typeof createUser>[2] = {}) =>
  createUser(db(), companyId, { hashParams: TEST_HASH_PARAMS, ...overrides });

describe('adding a user by invitation', () => {
  it('mails an invitation link; the user signs in only after choosing a password through it', async () => {
    const company = await newCompany();
    const email = uniqueEmail('ivy');

    const added = await addUser(
      company.cookie,
      // The address as an admin might type it: surrounding spaces and capitals are not part of it.
      inviteBody(`  ${email.toUpperCase()} `, { burdenedLaborRate: '31.5' }),
    );
    expect(added.statusCode, added.body).toBe(201);
    const created = added.json();
    expect(created).toMatchObject({
      email,
      firstName: 'Ivy',
      lastName: 'Invited',
      role: 'user',
      burdenedLaborRate: '31.5',
      active: true,
      mfaEnabled: false,
      passwordSet: false,
      lastSignInAt: null,
    });
    const row = (await userByEmail(email))!;
    expect(row).toMatchObject({ id: created.id, companyId: company.companyId, needsPasswordReset: true });

    const listed = (await listUsers(company.cookie))
      .json()
      .items.find((u: { id: string }) => u.id === created.id);
    expect(listed).toMatchObject({ email, passwordSet: false, lastSignInAt: null });

    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'invitation', companyId: company.companyId, status: 'pending' });
    expect(mails[0]!.subject).toContain(company.name);
    const token = await linkToken(email, 'invite');

    // Before the link is used there is no password that works.
    for (const password of [OWN_PASSWORD, FACTORY_PASSWORD, '']) {
      const early = await signIn(email, password);
      expect(early.statusCode).not.toBe(200);
      expect(sessionCookieOf(early)).toBeUndefined();
    }

    const set = await setPassword(token);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ status: 'password-set', signedIn: true });
    // The link works once.
    expect((await setPassword(token, 'Another-Lantern-Ridge-88')).statusCode).toBe(400);

    const signedIn = await signIn(email, OWN_PASSWORD);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const cookie = sessionCookieOf(signedIn)!;
    const session = (await send('GET', '/api/v1/session', cookie)).json();
    expect(session).toMatchObject({
      state: 'signed-in',
      user: { email, companyId: company.companyId, role: 'user', burdenedLaborRate: '31.5' },
    });

    const after = (await listUsers(company.cookie))
      .json()
      .items.find((u: { id: string }) => u.id === created.id);
    expect(after.passwordSet).toBe(true);
    expect(after.lastSignInAt).toEqual(expect.any(String));
    expect(Number.isNaN(Date.parse(after.lastSignInAt))).toBe(false);
  });

  it('re-sends an invitation to a pending user only; both links work until one is used', async () => {
    const company = await newCompany();
    const email = uniqueEmail('resend');
    const { id } = (await addUser(company.cookie, inviteBody(email))).json();
    const first = await linkToken(email, 'invite');

    const resent = await send('POST', `/api/v1/users/${id}/invitation`, company.cookie);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toMatchObject({ id, passwordSet: false });
    expect(await mailsTo(email)).toHaveLength(2);
    const second = await linkToken(email, 'invite');
    expect(second).not.toBe(first);

    expect((await setPassword(first)).statusCode).toBe(200);
    expect((await signIn(email, OWN_PASSWORD)).statusCode).toBe(200);

    // Once the password is set, there is nothing to re-send.
    const again = await send('POST', `/api/v1/users/${id}/invitation`, company.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(USER_MESSAGES.alreadySet);
    expect(await mailsTo(email)).toHaveLength(2);
  });
});

describe('adding a user with an initial password', () => {
  it('refuses that password at sign-in until the user sets their own through the mailed link', async () => {
    const company = await newCompany();
    const email = uniqueEmail('pat');
    const added = await addUser(company.cookie, {
      method: 'password',
      email,
      firstName: 'Pat',
      lastName: 'Provided',
      role: 'admin',
      burdenedLaborRate: '40',
      password: ADMIN_GIVEN_PASSWORD,
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ email, role: 'admin', passwordSet: false, active: true });
    expect(added.json()).not.toHaveProperty('password');

    const refused = await signIn(email, ADMIN_GIVEN_PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('PASSWORD_RESET_REQUIRED');
    expect(sessionCookieOf(refused)).toBeUndefined();
    expect(await db().select().from(sessions).where(eq(sessions.userId, added.json().id))).toHaveLength(0);

    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.companyId).toBe(company.companyId);
    expect(mails[0]!.textBody).not.toContain(ADMIN_GIVEN_PASSWORD);
    const set = await setPassword(await linkToken(email, 'admin-created'));
    expect(set.statusCode, set.body).toBe(200);

    const signedIn = await signIn(email, OWN_PASSWORD);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(await sessionState(sessionCookieOf(signedIn)!)).toBe('signed-in');
    // The admin's password is gone with the reset.
    expect((await signIn(email, ADMIN_GIVEN_PASSWORD)).statusCode).toBe(400);
    expect((await userById(added.json().id)).needsPasswordReset).toBe(false);
  });
});

describe('validation', () => {
  let company: TCompanyUnderTest;
  beforeAll(async () => {
    company = await newCompany();
  });

  const cases: [string, (email: string) => Record<string, unknown>, string, string?][] = [
    ['a malformed email', () => inviteBody('not-an-address'), 'email', 'Invalid email format'],
    [
      'a missing first name',
      (email) => ({ method: 'invite', email, lastName: 'Nameless', role: 'user' }),
      'firstName',
      'First name is required',
    ],
    [
      'a blank last name',
      (email) => inviteBody(email, { lastName: '   ' }),
      'lastName',
      'Last name is required',
    ],
    [
      'a negative burdened labor rate',
      (email) => inviteBody(email, { burdenedLaborRate: '-0.01' }),
      'burdenedLaborRate',
      USER_MESSAGES.rateNegative,
    ],
    [
      'a rate above the maximum',
      (email) => inviteBody(email, { burdenedLaborRate: '10000.5' }),
      'burdenedLaborRate',
      USER_MESSAGES.rateTooHigh,
    ],
    [
      'a weak password for method password',
      (email) => inviteBody(email, { method: 'password', password: 'short1A!' }),
      'password',
      'Password must be at least 12 characters long',
    ],
    [
      'a missing password for method password',
      (email) => inviteBody(email, { method: 'password' }),
      'password',
      'Password is required',
    ],
    ['an unknown method', (email) => inviteBody(email, { method: 'telepathy' }), 'method'],
    ['a missing method', (email) => ({ email, firstName: 'No', lastName: 'Method', role: 'user' }), 'method'],
    ['an unknown role', (email) => inviteBody(email, { role: 'owner' }), 'role'],
  ];

  it.each(cases)(
    'refuses %s with 400 naming the field, creating no user and no mail',
    async (_what, body, field, message) => {
      const email = uniqueEmail('invalid');
      const usersBefore = await userCount(company.companyId);
      const mailsBefore = await mailCount(company.companyId);

      const response = await addUser(company.cookie, body(email));
      expect(response.statusCode, response.body).toBe(400);
      const { error } = response.json();
      expect(error.code).toBe('VALIDATION');
      expect(error.fieldErrors).toHaveProperty(field);
      if (message) expect(error.fieldErrors[field]).toBe(message);

      expect(await userByEmail(email)).toBeUndefined();
      expect(await userCount(company.companyId)).toBe(usersBefore);
      expect(await mailCount(company.companyId)).toBe(mailsBefore);
      expect(await mailsTo(email)).toHaveLength(0);
    },
  );

  it('refuses a PATCH with nothing to change, and one with a bad role or rate, leaving the user as they were', async () => {
    const target = await factoryUser(company.companyId, { burdenedLaborRate: '20' });
    for (const body of [
      {},
      { nickname: 'Ace' },
      { role: 'owner' },
      { burdenedLaborRate: '-5' },
      { active: 'no' },
    ]) {
      const response = await patchUser(company.cookie, target.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION');
    }
    const empty = await patchUser(company.cookie, target.id, {});
    expect(Object.values(empty.json().error.fieldErrors)).toContain(USER_MESSAGES.nothingToChange);
    expect(await userById(target.id)).toMatchObject({
      role: 'user',
      burdenedLaborRate: '20.00',
      active: true,
    });
  });

  it('answers 400 for an id that is not a user id and 404 for one that is no user of the company', async () => {
    expect((await send('GET', '/api/v1/users/42', company.cookie)).statusCode).toBe(400);
    const unknown = await send('GET', '/api/v1/users/0190f5a0-0000-7000-8000-000000000000', company.cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(USER_MESSAGES.notFound);
  });
});

describe('duplicate e-mail addresses', () => {
  it('answers 409 naming email for an address already registered, in any case and in any company', async () => {
    const company = await newCompany();
    const other = await newCompany();
    const colleague = await factoryUser(company.companyId);
    const stranger = await factoryUser(other.companyId);
    const usersBefore = await userCount(company.companyId);
    const mailsBefore = await mailCount(company.companyId);

    for (const email of [
      colleague.email,
      colleague.email.toUpperCase(),
      ` ${stranger.email.replace(/^./, (c) => c.toUpperCase())} `,
      company.adminEmail,
    ]) {
      for (const method of ['invite', 'password'] as const) {
        const body = inviteBody(
          email,
          method === 'password' ? { method, password: ADMIN_GIVEN_PASSWORD } : {},
        );
        const response = await addUser(company.cookie, body);
        expect(response.statusCode, `${method} ${email}`).toBe(409);
        expect(response.json().error.fieldErrors).toEqual({ email: USER_MESSAGES.emailTaken });
      }
    }

    expect(await userCount(company.companyId)).toBe(usersBefore);
    expect(await mailCount(company.companyId)).toBe(mailsBefore);
    // The other company's user is untouched: still theirs, still able to sign in.
    expect(await userById(stranger.id)).toMatchObject({ companyId: other.companyId, firstName: 'Pat' });
    expect((await signIn(stranger.email, FACTORY_PASSWORD)).statusCode).toBe(200);
  });
});

describe('roles', () => {
  it('gives a plain user 403 on every users route and changes nothing', async () => {
    const company = await newCompany();
    const plain = await member(company, 'user');
    const colleague = await factoryUser(company.companyId, { burdenedLaborRate: '12' });
    const pending = (await addUser(company.cookie, inviteBody(uniqueEmail('pending')))).json();
    const usersBefore = await userCount(company.companyId);
    const mailsBefore = await mailCount(company.companyId);
    const newEmail = uniqueEmail('by-user');

    const attempts: [TMethod, string, unknown?][] = [
      ['GET', '/api/v1/users'],
      ['POST', '/api/v1/users', inviteBody(newEmail)],
      ['GET', `/api/v1/users/${colleague.id}`],
      ['PATCH', `/api/v1/users/${colleague.id}`, { role: 'admin', burdenedLaborRate: '99' }],
      ['PATCH', `/api/v1/users/${plain.id}`, { role: 'admin' }],
      ['PATCH', `/api/v1/users/${company.adminId}`, { active: false }],
      ['POST', `/api/v1/users/${pending.id}/invitation`],
    ];
    for (const [method, url, payload] of attempts) {
      const response = await send(method, url, plain.cookie, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().error.code).toBe('FORBIDDEN');
      expect(response.body).not.toContain(colleague.email);
    }

    expect(await userCount(company.companyId)).toBe(usersBefore);
    expect(await mailCount(company.companyId)).toBe(mailsBefore);
    expect(await userByEmail(newEmail)).toBeUndefined();
    expect(await userById(colleague.id)).toMatchObject({
      role: 'user',
      burdenedLaborRate: '12.00',
      active: true,
    });
    expect(await userById(plain.id)).toMatchObject({ role: 'user' });
    expect(await userById(company.adminId)).toMatchObject({ role: 'admin', active: true });
  });

  it('answers 401 to a request without a session', async () => {
    const company = await newCompany();
    expect((await send('GET', '/api/v1/users', null)).statusCode).toBe(401);
    expect((await send('POST', '/api/v1/users', null, inviteBody(uniqueEmail('anon')))).statusCode).toBe(401);
    expect((await send('PATCH', `/api/v1/users/${company.adminId}`, null, { role: 'user' })).statusCode).toBe(
      401,
    );
  });

  it('lets an admin neither create nor promote a sysadmin, nor change one; a sysadmin can do all three', async () => {
    const company = await newCompany();
    const sysadmin = await member(company, 'sysadmin');
    const worker = await factoryUser(company.companyId);
    const mailsBefore = await mailCount(company.companyId);

    const email = uniqueEmail('would-be-sysadmin');
    const create = await addUser(company.cookie, inviteBody(email, { role: 'sysadmin' }));
    expect(create.statusCode).toBe(403);
    expect(create.json().error.fieldErrors).toEqual({ role: USER_MESSAGES.onlySysadminGrants });
    expect(await userByEmail(email)).toBeUndefined();
    expect(await mailCount(company.companyId)).toBe(mailsBefore);

    const promote = await patchUser(company.cookie, worker.id, { role: 'sysadmin' });
    expect(promote.statusCode).toBe(403);
    expect((await userById(worker.id)).role).toBe('user');

    for (const body of [{ role: 'user' }, { burdenedLaborRate: '1' }, { active: false }]) {
      const change = await patchUser(company.cookie, sysadmin.id, body);
      expect(change.statusCode, JSON.stringify(body)).toBe(403);
      expect(change.json().error.message).toBe(USER_MESSAGES.onlySysadminChangesSysadmin);
    }
    expect(await userById(sysadmin.id)).toMatchObject({
      role: 'sysadmin',
      active: true,
      burdenedLaborRate: '0.00',
    });
    expect(await sessionState(sysadmin.cookie)).toBe('signed-in');

    // The sysadmin may.
    const byRoot = await addUser(sysadmin.cookie, inviteBody(email, { role: 'sysadmin' }));
    expect(byRoot.statusCode, byRoot.body).toBe(201);
    expect(byRoot.json().role).toBe('sysadmin');
    const promoted = await patchUser(sysadmin.cookie, worker.id, { role: 'sysadmin' });
    expect(promoted.statusCode).toBe(200);
    expect((await userById(worker.id)).role).toBe('sysadmin');
    const demoted = await patchUser(sysadmin.cookie, worker.id, { role: 'admin', burdenedLaborRate: '15' });
    expect(demoted.statusCode).toBe(200);
    expect(await userById(worker.id)).toMatchObject({ role: 'admin', burdenedLaborRate: '15.00' });
  });

  it('keeps an admin from inactivating themselves', async () => {
    const company = await newCompany();
    await member(company, 'admin', 'second-admin');
    const response = await patchUser(company.cookie, company.adminId, { active: false });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.fieldErrors).toEqual({ active: USER_MESSAGES.notSelfInactivate });
    expect((await userById(company.adminId)).active).toBe(true);
    expect(await sessionState(company.cookie)).toBe('signed-in');
  });

  it("keeps the company's last active admin until another active admin exists", async () => {
    const company = await newCompany();
    const worker = await member(company, 'user', 'worker');
    // An inactive admin does not count: they cannot manage anything.
    const dormant = await factoryUser(company.companyId, { role: 'admin', active: false });

    const demoteSelf = await patchUser(company.cookie, company.adminId, { role: 'user' });
    expect(demoteSelf.statusCode).toBe(409);
    expect(demoteSelf.json().error.message).toBe(USER_MESSAGES.lastAdmin);
    const leave = await patchUser(company.cookie, company.adminId, { active: false });
    expect(leave.statusCode).toBe(409);
    expect(await userById(company.adminId)).toMatchObject({ role: 'admin', active: true });

    // Now a second active admin: the first may step down, and loses the admin routes at once.
    expect((await patchUser(company.cookie, worker.id, { role: 'admin' })).statusCode).toBe(200);
    const stepDown = await patchUser(company.cookie, company.adminId, { role: 'user' });
    expect(stepDown.statusCode, stepDown.body).toBe(200);
    expect(stepDown.json().role).toBe('user');
    expect((await listUsers(company.cookie)).statusCode).toBe(403);

    // The worker is now the last admin and cannot step down. (Inactivating the last admin could only be tried by
    // that admin, which the self-inactivation rule refuses first.)
    const lastDemote = await patchUser(worker.cookie, worker.id, { role: 'user' });
    expect(lastDemote.statusCode).toBe(409);
    expect(lastDemote.json().error.message).toBe(USER_MESSAGES.lastAdmin);
    expect((await userById(worker.id)).role).toBe('admin');
    expect((await userById(dormant.id)).role).toBe('admin');

    // With a sysadmin in the company, the last *admin* is no longer the last holder of admin rights.
    const root = await member(company, 'sysadmin', 'root');
    const inactivated = await patchUser(root.cookie, worker.id, { active: false });
    expect(inactivated.statusCode, inactivated.body).toBe(200);
    // And the sysadmin, now the only one with admin rights, cannot step down.
    const rootDemote = await patchUser(root.cookie, root.id, { role: 'admin' });
    expect(rootDemote.statusCode).toBe(200);
    const rootLast = await patchUser(root.cookie, root.id, { role: 'user' });
    expect(rootLast.statusCode).toBe(409);
    expect((await userById(root.id)).role).toBe('admin');
  });
});

describe('inactivation', () => {
  it("ends the user's sessions at once, refuses their sign-in, and reactivation lets them back in", async () => {
    const company = await newCompany();
    const worker = await member(company, 'user', 'leaver');
    expect(await sessionState(worker.cookie)).toBe('signed-in');

    const off = await patchUser(company.cookie, worker.id, { active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ id: worker.id, active: false });
    expect(await db().select().from(sessions).where(eq(sessions.userId, worker.id))).toHaveLength(0);
    expect(await sessionState(worker.cookie)).toBe('signed-out');
    expect((await send('GET', '/api/v1/users', worker.cookie)).statusCode).toBe(401);

    const refused = await signIn(worker.email, FACTORY_PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('ACCOUNT_INACTIVE');
    expect(sessionCookieOf(refused)).toBeUndefined();

    const inactive = (await listUsers(company.cookie, '?status=inactive')).json();
    expect(inactive.items.map((u: { id: string }) => u.id)).toEqual([worker.id]);
    // The admin's own session is untouched.
    expect(await sessionState(company.cookie)).toBe('signed-in');

    const on = await patchUser(company.cookie, worker.id, { active: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().active).toBe(true);
    const back = await signIn(worker.email, FACTORY_PASSWORD);
    expect(back.statusCode, back.body).toBe(200);
    expect(await sessionState(sessionCookieOf(back)!)).toBe('signed-in');
  });

  it('re-sends no invitation to an inactive pending user', async () => {
    const company = await newCompany();
    const email = uniqueEmail('pending-off');
    const { id } = (await addUser(company.cookie, inviteBody(email))).json();
    expect((await patchUser(company.cookie, id, { active: false })).statusCode).toBe(200);
    const resend = await send('POST', `/api/v1/users/${id}/invitation`, company.cookie);
    expect(resend.statusCode).toBe(409);
    expect(await mailsTo(email)).toHaveLength(1);
  });
});

describe('plan limits', () => {
  const expectLimitReached = (response: LightMyRequestResponse) => {
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().error.code).toBe('LIMIT_REACHED');
    return response.json().error.message as string;
  };

  it('lets a Free company have 3 active users (its admin included), no more; inactivating frees a seat', async () => {
    const company = await newCompany({ planId: 'basic' });
    // Inactive people hold no seat.
    await factoryUser(company.companyId, { active: false });

    const second = await addUser(company.cookie, inviteBody(uniqueEmail('second')));
    expect(second.statusCode, second.body).toBe(201);
    const third = await addUser(company.cookie, {
      ...inviteBody(uniqueEmail('third')),
      method: 'password',
      password: ADMIN_GIVEN_PASSWORD,
    });
    expect(third.statusCode, third.body).toBe(201);
    expect(await activeCount(company.companyId)).toBe(3);

    const fourthEmail = uniqueEmail('fourth');
    const message = expectLimitReached(await addUser(company.cookie, inviteBody(fourthEmail)));
    expect(message).toContain('Free plan allows 3 active users');
    expect(message).toContain('your company has 3');
    expect(await userByEmail(fourthEmail)).toBeUndefined();
    expect(await mailsTo(fourthEmail)).toHaveLength(0);
    expect(await activeCount(company.companyId)).toBe(3);

    // Inactivating one frees the seat for the fourth...
    expect((await patchUser(company.cookie, second.json().id, { active: false })).statusCode).toBe(200);
    const fourth = await addUser(company.cookie, inviteBody(fourthEmail));
    expect(fourth.statusCode, fourth.body).toBe(201);

    // ...and bringing the inactivated one back is refused while the company is full.
    const reactivate = await patchUser(company.cookie, second.json().id, { active: true });
    expect(expectLimitReached(reactivate)).toContain('Free plan allows 3 active users');
    expect((await userById(second.json().id)).active).toBe(false);
    expect(await activeCount(company.companyId)).toBe(3);

    // Other changes to a full company's users still work.
    expect((await patchUser(company.cookie, fourth.json().id, { burdenedLaborRate: '18' })).statusCode).toBe(
      200,
    );
  });

  it("applies the Free limit once a Beta's 12 months have passed, and says that the Beta ended", async () => {
    const company = await newCompany({ planId: 'beta' });
    const started = new Date();
    started.setUTCMonth(started.getUTCMonth() - 13);
    await db().update(companies).set({ planStartedAt: started }).where(eq(companies.id, company.companyId));
    await factoryUser(company.companyId);
    await factoryUser(company.companyId);

    const email = uniqueEmail('after-beta');
    const message = expectLimitReached(await addUser(company.cookie, inviteBody(email)));
    expect(message).toContain('your Beta ended on');
    expect(message).toContain("the Free plan's limit of 3 active users");
    expect(await userByEmail(email)).toBeUndefined();
  });

  it('gives a Beta still within its 12 months its 50 users', async () => {
    const company = await newCompany({ planId: 'beta' });
    const started = new Date();
    started.setUTCMonth(started.getUTCMonth() - 11);
    await db().update(companies).set({ planStartedAt: started }).where(eq(companies.id, company.companyId));
    await factoryUser(company.companyId);
    await factoryUser(company.companyId);
    const fourth = await addUser(company.cookie, inviteBody(uniqueEmail('in-beta')));
    expect(fourth.statusCode, fourth.body).toBe(201);
    expect(await activeCount(company.companyId)).toBe(4);
  });
});

describe('concurrent additions', () => {
  it('gives the last seat to exactly one of two admins adding at the same moment', async () => {
    const company = await newCompany({ planId: 'basic' });
    const other = await member(company, 'admin', 'other-admin');
    expect(await activeCount(company.companyId)).toBe(2);

    const emails = [uniqueEmail('race-a'), uniqueEmail('race-b')];
    const responses = await Promise.all([
      addUser(company.cookie, inviteBody(emails[0]!)),
      addUser(other.cookie, inviteBody(emails[1]!)),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const refused = responses.find((r) => r.statusCode === 409)!;
    expect(refused.json().error.code).toBe('LIMIT_REACHED');

    expect(await activeCount(company.companyId)).toBe(3);
    const winner = emails[responses.findIndex((r) => r.statusCode === 201)]!;
    const loser = emails.find((e) => e !== winner)!;
    expect(await userByEmail(winner)).toBeDefined();
    expect(await userByEmail(loser)).toBeUndefined();
    expect(await mailsTo(winner)).toHaveLength(1);
    expect(await mailsTo(loser)).toHaveLength(0);
  });

  it('leaves one admin when the only two step down, or inactivate each other, at the same moment', async () => {
    const company = await newCompany();
    const other = await member(company, 'admin', 'twin-admin');
    const stepDowns = await Promise.all([
      patchUser(company.cookie, company.adminId, { role: 'user' }),
      patchUser(other.cookie, other.id, { role: 'user' }),
    ]);
    expect(stepDowns.map((r) => r.statusCode).sort()).toEqual([200, 409]);

    const company2 = await newCompany();
    const other2 = await member(company2, 'admin', 'rival-admin');
    const inactivations = await Promise.all([
      patchUser(company2.cookie, other2.id, { active: false }),
      patchUser(other2.cookie, company2.adminId, { active: false }),
    ]);
    // The loser is refused as the last admin (409) or, when the winner's inactivation ended its session before
    // its own request was read, is simply signed out (401): inactivation ends sessions at once.
    const statuses = inactivations.map((r) => r.statusCode).sort();
    expect(statuses[0]).toBe(200);
    expect([401, 409]).toContain(statuses[1]);

    for (const { companyId } of [company, company2]) {
      const admins = await db()
        .select()
        .from(users)
        .where(and(eq(users.companyId, companyId), eq(users.active, true), eq(users.role, 'admin')));
      expect(admins).toHaveLength(1);
    }
  });

  it('never lets a burst of additions and reactivations exceed the limit', async () => {
    // Starter: 10 seats. 7 active and 2 inactive leave 3 seats for 6 additions and 2 reactivations at once.
    const company = await newCompany({ planId: 'standard' });
    const other = await member(company, 'admin', 'burst-admin');
    for (let i = 0; i < 5; i++) await factoryUser(company.companyId);
    const dormant = [
      await factoryUser(company.companyId, { active: false }),
      await factoryUser(company.companyId, { active: false }),
    ];
    expect(await activeCount(company.companyId)).toBe(7);

    const cookies = [company.cookie, other.cookie];
    const responses = await Promise.all([
      ...Array.from({ length: 6 }, (_, i) => addUser(cookies[i % 2]!, inviteBody(uniqueEmail(`burst-${i}`)))),
      ...dormant.map((d, i) => patchUser(cookies[i % 2]!, d.id, { active: true })),
    ]);
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201 || s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(5);
    for (const refused of responses.filter((r) => r.statusCode === 409)) {
      expect(refused.json().error.code).toBe('LIMIT_REACHED');
    }
    expect(await activeCount(company.companyId)).toBe(10);
  });
});

describe('paging and search', () => {
  let company: TCompanyUnderTest;
  /** Everyone in the company, as the list orders them: by last name, then first name (case-insensitive). */
  let everyone: { id: string; email: string; firstName: string; lastName: string; active: boolean }[];
  let pendingIds: string[];
  let inactiveIds: string[];

  // Last names in no particular order, some lower-case, two shared (then the first name decides).
  const LAST_NAMES = [
    'Quill',
    'baker',
    'Young',
    'Adams',
    'Ortiz',
    'Nakamura',
    'ferris',
    'Hopper',
    'Irwin',
    'Kowalski',
    'Lund',
    'Moreau',
    'Diaz',
    'Evans',
    'Garcia',
    'Chen',
    'Jansen',
    'Petrov',
    'Ramos',
    'Smith',
    'Tanaka',
    'Underwood',
    'Vance',
    'Walsh',
    'Xu',
    'Zimmer',
    'smith',
    'Brown',
    'Castillo',
    'Novak',
  ];
  const byName = (a: (typeof everyone)[number], b: (typeof everyone)[number]) => {
    const key = (u: typeof a) => `${u.lastName.toLowerCase()}\u0000${u.firstName.toLowerCase()}`;
    return key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id < b.id ? -1 : 1;
  };

  beforeAll(async () => {
    company = await newCompany({ planId: 'premium' });
    const created = await Promise.all(
      LAST_NAMES.map((lastName, i) =>
        factoryUser(company.companyId, {
          email: `member${String(i).padStart(2, '0')}.${randomBytes(3).toString('hex')}@paging.example`,
          firstName: lastName === 'Hopper' ? 'Grace' : `First${String.fromCharCode(97 + (i % 26))}`,
          lastName,
          // Three people have left the company.
          active: ![3, 9, 17].includes(i),
        }),
      ),
    );
    inactiveIds = created.filter((u) => !u.active).map((u) => u.id);
    // Two invited people have not set a password yet.
    pendingIds = [];
    for (const lastName of ['Pending', 'Awaiting']) {
      const response = await addUser(company.cookie, inviteBody(uniqueEmail('invitee'), { lastName }));
      expect(response.statusCode, response.body).toBe(201);
      pendingIds.push(response.json().id);
    }
    const rows = await db().select().from(users).where(eq(users.companyId, company.companyId));
    everyone = rows.sort(byName);
    expect(everyone).toHaveLength(LAST_NAMES.length + 3);
    // Another company's people never show up.
    const other = await newCompany();
    await factoryUser(other.companyId, { lastName: 'Hopper', firstName: 'Grace' });
  });

  const page = async (query: string) => {
    const response = await listUsers(company.cookie, query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { items: { id: string }[]; total: number; page: number; pageSize: number };
  };

  it('returns page 2 of 10 in last-name order with the total', async () => {
    const second = await page('?page=2&pageSize=10');
    expect(second).toMatchObject({ total: everyone.length, page: 2, pageSize: 10 });
    expect(second.items.map((u) => u.id)).toEqual(everyone.slice(10, 20).map((u) => u.id));

    // Walking every page returns everyone once, in order.
    const walked: string[] = [];
    for (let n = 1; n <= 4; n++)
      walked.push(...(await page(`?page=${n}&pageSize=10`)).items.map((u) => u.id));
    expect(walked).toEqual(everyone.map((u) => u.id));

    const beyond = await page('?page=9&pageSize=10');
    expect(beyond).toMatchObject({ items: [], total: everyone.length });
    // The default page size is 25.
    expect((await page('')).items).toHaveLength(25);
  });

  it('orders case-insensitively and by first name within a last name', async () => {
    const names = (await page('?pageSize=100')).items.map(
      (u) => everyone.find((e) => e.id === u.id)!.lastName,
    );
    expect(names.indexOf('Adams')).toBeLessThan(names.indexOf('baker'));
    expect(names.indexOf('baker')).toBeLessThan(names.indexOf('Brown'));
    expect(names.indexOf('ferris')).toBeLessThan(names.indexOf('Garcia'));
  });

  it('searches e-mail, first and last name case-insensitively', async () => {
    const hopper = everyone.find((u) => u.lastName === 'Hopper')!;
    for (const q of ['HOPPER', 'grace', 'Grace Hop', hopper.email.slice(0, 10).toUpperCase()]) {
      const found = await page(`?q=${encodeURIComponent(q)}`);
      expect(
        found.items.map((u) => u.id),
        q,
      ).toEqual([hopper.id]);
      expect(found.total, q).toBe(1);
    }
    const smiths = await page('?q=SMITH');
    expect(smiths.total).toBe(2);
    expect(smiths.items.map((u) => u.id).sort()).toEqual(
      everyone
        .filter((u) => u.lastName.toLowerCase() === 'smith')
        .map((u) => u.id)
        .sort(),
    );
    expect((await page('?q=paging.example')).total).toBe(LAST_NAMES.length);
    // Wildcards are plain characters to the search.
    expect((await page(`?q=${encodeURIComponent('%')}`)).total).toBe(0);
    expect((await page(`?q=${encodeURIComponent('member_')}`)).total).toBe(0);
    expect((await page('?q=nobody-by-this-name')).items).toEqual([]);
  });

  it('filters by status, alone and with a search', async () => {
    const ids = async (query: string) => (await page(query)).items.map((u) => u.id).sort();
    expect(await ids('?status=inactive&pageSize=100')).toEqual([...inactiveIds].sort());
    expect(await ids('?status=pending&pageSize=100')).toEqual([...pendingIds].sort());
    const active = await page('?status=active&pageSize=100');
    expect(active.total).toBe(everyone.length - inactiveIds.length);
    expect(active.items.every((u) => !inactiveIds.includes(u.id))).toBe(true);
    expect((await page('?status=all')).total).toBe(everyone.length);
    expect((await page('?status=inactive&q=paging.example')).total).toBe(inactiveIds.length);
    expect((await page('?status=pending&q=Awaiting')).total).toBe(1);
  });

  it('refuses a page size above 100, a page below 1 and an unknown status with 400', async () => {
    for (const [query, field] of [
      ['?pageSize=101', 'pageSize'],
      ['?pageSize=0', 'pageSize'],
      ['?page=0', 'page'],
      ['?status=deleted', 'status'],
    ] as const) {
      const response = await listUsers(company.cookie, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.fieldErrors, query).toHaveProperty(field);
    }
    expect((await page('?pageSize=100')).pageSize).toBe(100);
  });
});

describe('burdened labor rate', () => {
  it('stores a rate rounded to the cent, as exact decimal text', async () => {
    const company = await newCompany();
    const worker = await factoryUser(company.companyId, { burdenedLaborRate: '10' });
    for (const [sent, stored] of [
      ['12.345', '12.35'],
      ['1.005', '1.01'],
      ['19.994', '19.99'],
      ['0', '0'],
      ['10000', '10000'],
    ] as const) {
      const response = await patchUser(company.cookie, worker.id, { burdenedLaborRate: sent });
      expect(response.statusCode, String(sent)).toBe(200);
      expect(response.json().burdenedLaborRate, String(sent)).toBe(stored);
      expect((await userById(worker.id)).burdenedLaborRate, String(sent)).toBe(
        `${stored}${stored.includes('.') ? '' : '.00'}`,
      );
      const read = await send('GET', `/api/v1/users/${worker.id}`, company.cookie);
      expect(read.json().burdenedLaborRate).toBe(stored);
    }
    // A change of rate alone touches nothing else.
    expect(await userById(worker.id)).toMatchObject({ role: 'user', active: true });
  });

  it('rounds the rate given when adding a user', async () => {
    const company = await newCompany();
    const added = await addUser(
      company.cookie,
      inviteBody(uniqueEmail('rated'), { burdenedLaborRate: '12.345' }),
    );
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().burdenedLaborRate).toBe('12.35');
    expect((await userById(added.json().id)).burdenedLaborRate).toBe('12.35');
  });
});
