// Tenant isolation through every route the app has: company B's admin (a real account, signed up and verified through
// /api/v1/auth/*) tries to read, change and delete company A's data, sending A's ids wherever a request can carry
// them, and only ever gets B's own data or a 404. The route list is taken from the app itself (every route Fastify
// registers), so a new route without a case in ROUTE_CASES fails here: "add a cross-company case for <METHOD> <URL>".
// Areas whose cases are many keep them in a module of server/tenant-isolation/ (Build's orders and shop floor:
// build-cases.ts), spread into ROUTE_CASES.
import { randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compactCode, newToken, scanLink } from '#common/label-codes.ts';
import { todayIn } from '#common/time/calendar.ts';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../tests/setup/test-app.ts';
import { enrolTwoFactor, requireOathtool } from '../tests/setup/two-factor.ts';
import { mailOutbox } from './mail/mail.tables.ts';
import { analyticsEvents } from './modules/analytics/analytics.tables.ts';
import { sessions, twoFactors, users } from './modules/auth/auth.tables.ts';
import { companies, companySettings } from './modules/companies/companies.tables.ts';
import { items, locations } from './modules/inventory/inventory.tables.ts';
import { labelCodes } from './modules/labels/labels.tables.ts';
import { machines } from './modules/maintenance/machines.tables.ts';
import { securityEvents } from './security/security-events.tables.ts';
import { breakdownCases } from './tenant-isolation/breakdown-cases.ts';
import { buildCases } from './tenant-isolation/build-cases.ts';
import { correctiveActionCases } from './tenant-isolation/corrective-action-cases.ts';
import { identitiesCases } from './tenant-isolation/identities-cases.ts';
import { inspectionCases } from './tenant-isolation/inspection-cases.ts';
import { jobCases } from './tenant-isolation/job-cases.ts';
import { jobCostCases } from './tenant-isolation/job-cost-cases.ts';
import { labelCases } from './tenant-isolation/label-cases.ts';
import { maintenanceCalendarCases } from './tenant-isolation/maintenance-calendar-cases.ts';
import { maintenanceCases } from './tenant-isolation/maintenance-cases.ts';
import { maintenanceEmailCases } from './tenant-isolation/maintenance-email-cases.ts';
import { maintenanceJobCases } from './tenant-isolation/maintenance-job-cases.ts';
import { maintenanceLogsCases } from './tenant-isolation/maintenance-logs-cases.ts';
import { maintenancePlanCases } from './tenant-isolation/maintenance-plan-cases.ts';
import { nonconformanceCases } from './tenant-isolation/nonconformance-cases.ts';
import { passkeyCases } from './tenant-isolation/passkey-cases.ts';
import { qcSetupCases } from './tenant-isolation/qc-setup-cases.ts';
import { qualityCases } from './tenant-isolation/quality-cases.ts';
import { qualityDashboardCases } from './tenant-isolation/quality-dashboard-cases.ts';
import type { TRequest, TRouteCase } from './tenant-isolation/route-case.ts';
import { scanJobsCases } from './tenant-isolation/scan-jobs-cases.ts';
import { ssoCases } from './tenant-isolation/sso-cases.ts';
import { supplierImportCases } from './tenant-isolation/supplier-import-cases.ts';
import { timeCases } from './tenant-isolation/time-cases.ts';
import { timeScreenCases } from './tenant-isolation/time-screen-cases.ts';

const PASSWORD = 'Sturdy-Anvil-42';
const CSRF = 'b2'.repeat(32);
const SESSION_COOKIE = 'fb.session_token';

let t: TTestApp;
/** The routes of the app under test as "METHOD URL" (taken right after it is built, before any other app). */
let APP_ROUTES: string[] = [];

/** What the test knows of a company and its admin. */
interface TCompanyUnderTest {
  name: string;
  email: string;
  companyId: string;
  userId: string;
  /** The admin's session cookie (name=value), from a real sign-up, verification and sign-in. */
  cookie: string;
  /** The raw session token in the sessions table. */
  sessionToken: string;
}
let A: TCompanyUnderTest;
let B: TCompanyUnderTest;

let addressCounter = 0;
const nextAddress = () => {
  addressCounter += 1;
  return `10.77.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
};

/** A request as the browser of `cookie` would send it: same origin, its own address. */
function send({ method, url, payload, cookie }: TRequest) {
  return t.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { origin: TEST_APP_URL, ...(cookie ? { cookie } : {}) },
    remoteAddress: nextAddress(),
  });
}

/** Company B's admin sends it; the answer must not carry anything of company A's. */
async function asB(request: Omit<TRequest, 'cookie'>, cookie = B.cookie) {
  const response = await send({ ...request, cookie });
  expectNothingOfA(response, `${request.method} ${request.url}`, request.url);
  return response;
}

/** No id, name, address or session token of company A in the answer's body or headers. */
function expectNothingOfA(response: LightMyRequestResponse, what: string, requestUrl?: string) {
  let text = `${JSON.stringify(response.headers)}\n${response.body}`.toLowerCase();
  // A 404 names the path the caller asked for ("No route GET /api/…/<id>"): the caller's own words, not A's data.
  if (requestUrl) text = text.replaceAll(requestUrl.split('?')[0]!.toLowerCase(), '<requested path>');
  for (const secret of [A.companyId, A.userId, A.email, A.name, A.sessionToken]) {
    expect(text.includes(secret.toLowerCase()), `${what} answered with company A's ${secret}`).toBe(false);
  }
}

function sessionCookieOf(response: LightMyRequestResponse): string | undefined {
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

function signIn(email: string, password = PASSWORD) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-in',
    payload: { email, password, csrfToken: CSRF },
    headers: { origin: TEST_APP_URL, cookie: `fb_csrf=${CSRF}` },
    remoteAddress: nextAddress(),
  });
}

/** Signs up a company through the real account routes, verifies it from the mail, and signs its admin in. */
async function registerCompany(name: string, email: string): Promise<TCompanyUnderTest> {
  const signUp = await send({
    method: 'POST',
    url: '/api/v1/auth/sign-up',
    payload: {
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      companyName: name,
      firstName: 'Ada',
      lastName: 'Admin',
      termsAccepted: true,
      privacyAccepted: true,
    },
  });
  expect(signUp.statusCode).toBe(201);
  const verify = await send({
    method: 'POST',
    url: '/api/v1/auth/verify-email',
    payload: { token: await lastVerificationToken(email) },
  });
  expect(verify.statusCode).toBe(200);
  const signedIn = await signIn(email);
  expect(signedIn.statusCode).toBe(200);
  const cookie = sessionCookieOf(signedIn)!;
  const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
  const [session] = await t.database.db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, user!.id))
    .orderBy(desc(sessions.createdAt))
    .limit(1);
  expect(user).toMatchObject({ role: 'admin', companyId: expect.any(String) });
  return { name, email, companyId: user!.companyId!, userId: user!.id, cookie, sessionToken: session!.token };
}

const settingsOf = async (companyId: string) =>
  (await t.database.db.select().from(companySettings).where(eq(companySettings.companyId, companyId)))[0];

/** Company A's label configuration as A's own admin reads it. */
async function labelConfigOfA() {
  const response = await send({ method: 'GET', url: '/api/v1/company/label-config', cookie: A.cookie });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** What company A set up before B starts probing. */
const A_LABEL_CONFIG = { allowBorrowing: true, width: 6, enableMaintenanceFeature: true };
/** The same, as the company_settings row stores it. */
const A_SETTINGS_ROW = {
  allowBorrowing: true,
  labelWidth: 6,
  enableMaintenanceFeature: true,
  useLotNumbers: true,
};
const A_SECRET_PATH = '/inventory/a-only-page';
/** A's part number, site and item (made in beforeAll through A's own admin). */
const A_PART = 'A-SECRET-1';
let A_SITE: { id: string; code: string };
let A_ITEM: { id: string };
let A_RECEIPT_ID: string;

/** A count of A's site (started by A's admin on first use) and one of B's own, for the stock-check cases. */
let aCountPromise: Promise<{ id: string; lineId: string }> | null = null;
function aCount() {
  aCountPromise ??= (async () => {
    const started = await send({
      method: 'POST',
      url: '/api/v1/stock-checks',
      payload: { scope: 'location', locationId: A_SITE.id },
      cookie: A.cookie,
    });
    expect(started.statusCode, started.body).toBe(201);
    const lines = await send({
      method: 'GET',
      url: `/api/v1/stock-checks/${started.json().id}/lines`,
      cookie: A.cookie,
    });
    return { id: started.json().id as string, lineId: lines.json().items[0].id as string };
  })();
  return aCountPromise;
}
let bCountPromise: Promise<string> | null = null;
function bCount() {
  bCountPromise ??= (async () => {
    const site = await send({
      method: 'POST',
      url: '/api/v1/locations',
      payload: { kind: 'site', code: 'B-COUNT', name: 'B counted site' },
      cookie: B.cookie,
    });
    const started = await send({
      method: 'POST',
      url: '/api/v1/stock-checks',
      payload: { scope: 'location', locationId: site.json().id },
      cookie: B.cookie,
    });
    expect(started.statusCode, started.body).toBe(201);
    return started.json().id as string;
  })();
  return bCountPromise;
}
/** A's count as A's admin reads it: still counting, its one line uncounted. */
async function expectACountUntouched() {
  const { id } = await aCount();
  const session = await send({ method: 'GET', url: `/api/v1/stock-checks/${id}`, cookie: A.cookie });
  expect(session.json()).toMatchObject({ status: 'counting', lines: 1, counted: 0 });
}

/** The id of A's lot A-LOT-1, read through A's own session. */
async function aLotId(): Promise<string> {
  const response = await send({ method: 'GET', url: `/api/v1/items/${A_ITEM.id}/lots`, cookie: A.cookie });
  expect(response.statusCode).toBe(200);
  return response.json().items[0].id;
}
let A_BORROWING_ID: string;
/** A's item A-SECRET-1 made an assembly by A's admin (on first use): its id and its draft revision's. */
let aAssemblyPromise: Promise<{ id: string; draft: string }> | undefined;
function aAssembly() {
  aAssemblyPromise ??= (async () => {
    const made = await send({
      method: 'POST',
      url: '/api/v1/assemblies',
      payload: { itemId: A_ITEM.id },
      cookie: A.cookie,
    });
    expect(made.statusCode, made.body).toBe(201);
    return { id: made.json().id, draft: made.json().draftRevisionId };
  })();
  return aAssemblyPromise;
}
/** B's own assembly B-ASM-1 (on first use): its id and its draft revision's. */
let bAssemblyPromise: Promise<{ id: string; draft: string }> | undefined;
function bAssembly() {
  bAssemblyPromise ??= (async () => {
    const item = await send({
      method: 'POST',
      url: '/api/v1/items',
      payload: { partNumber: 'B-ASM-1', name: 'B assembly' },
      cookie: B.cookie,
    });
    expect(item.statusCode, item.body).toBe(201);
    const made = await send({
      method: 'POST',
      url: '/api/v1/assemblies',
      payload: { itemId: item.json().id },
      cookie: B.cookie,
    });
    expect(made.statusCode, made.body).toBe(201);
    return { id: made.json().id, draft: made.json().draftRevisionId };
  })();
  return bAssemblyPromise;
}
/** A's assembly's draft as A reads it: what every attempt of B's must leave as it was. */
async function aDraftAsA() {
  const response = await send({
    method: 'GET',
    url: `/api/v1/assembly-revisions/${(await aAssembly()).draft}`,
    cookie: A.cookie,
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}
/** A's work order (on first use): A's kit A-WO-KIT of one A-SECRET-1, released, and a planned work order of it. */
let aWorkOrderPromise: Promise<{ id: string; assemblyId: string; numberText: string }> | undefined;
function aWorkOrder() {
  aWorkOrderPromise ??= (async () => {
    const asA = (method: 'POST' | 'PUT', url: string, payload?: object) =>
      send({ method, url, ...(payload ? { payload } : {}), cookie: A.cookie });
    const kit = await asA('POST', '/api/v1/items', { partNumber: 'A-WO-KIT', name: 'A secret kit' });
    const made = (await asA('POST', '/api/v1/assemblies', { itemId: kit.json().id })).json();
    const revision = `/api/v1/assembly-revisions/${made.draftRevisionId}`;
    await asA('PUT', revision, { lines: [{ componentItemId: A_ITEM.id, quantity: '1' }] });
    expect((await asA('POST', `${revision}/release`)).statusCode).toBe(200);
    const wo = await asA('POST', '/api/v1/work-orders', { assemblyId: made.id, quantity: '1' });
    expect(wo.statusCode, wo.body).toBe(201);
    return { id: wo.json().id, assemblyId: made.id, numberText: wo.json().numberText };
  })();
  return aWorkOrderPromise;
}
/** A's work order's status as A reads it: what every attempt of B's must leave as it was. */
async function aWorkOrderStatus() {
  const url = `/api/v1/work-orders/${(await aWorkOrder()).id}`;
  return (await send({ method: 'GET', url, cookie: A.cookie })).json().status;
}
/** A's own label format "A secret format", made once through A's session; its id. */
let aFormatPromise: Promise<string> | undefined;
function aFormatId(): Promise<string> {
  aFormatPromise ??= (async () => {
    const response = await send({
      method: 'POST',
      url: '/api/v1/label-formats',
      payload: { name: 'A secret format', width: '4', height: '1', unit: 'in', symbology: 'qr' },
      cookie: A.cookie,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  })();
  return aFormatPromise;
}
/** B's own first label format (B's default). */
async function bFormatId(): Promise<string> {
  const response = await asB({ method: 'GET', url: '/api/v1/label-formats' });
  expect(response.statusCode).toBe(200);
  return response.json().items[0].id;
}

beforeAll(async () => {
  // B enrols TOTP for the backup-codes case, with codes from oathtool.
  requireOathtool();
  t = await createTestApp();
  APP_ROUTES = registeredRouteKeys();
  A = await registerCompany('Anvil Works A', 'admin-a@anvil.example');
  B = await registerCompany('Bellows Forge B', 'admin-b@bellows.example');
  const patch = await send({
    method: 'PATCH',
    url: '/api/v1/company/label-config',
    payload: A_LABEL_CONFIG,
    cookie: A.cookie,
  });
  expect(patch.statusCode).toBe(200);
  const site = await send({
    method: 'POST',
    url: '/api/v1/locations',
    payload: { kind: 'site', code: 'A-SITE', name: 'A secret site' },
    cookie: A.cookie,
  });
  expect(site.statusCode).toBe(201);
  A_SITE = site.json();
  const item = await send({
    method: 'POST',
    url: '/api/v1/items',
    payload: { partNumber: A_PART, name: 'A secret widget', defaultLocationId: A_SITE.id },
    cookie: A.cookie,
  });
  expect(item.statusCode).toBe(201);
  A_ITEM = item.json();
  const receipt = await send({
    method: 'POST',
    url: '/api/v1/stock/transactions',
    payload: {
      kind: 'receive',
      idempotencyKey: 'a-first-receipt',
      lines: [{ itemId: A_ITEM.id, locationId: A_SITE.id, quantity: '2', lotNumber: 'A-LOT-1' }],
    },
    cookie: A.cookie,
  });
  expect(receipt.statusCode, receipt.body).toBe(201);
  A_RECEIPT_ID = receipt.json().id;
  // A lends one of its two units and takes it back: a borrowing of A's for the borrowing cases, A's stock as it was.
  const lent = await send({
    method: 'POST',
    url: '/api/v1/borrowings',
    payload: {
      itemId: A_ITEM.id,
      locationId: A_SITE.id,
      lotId: receipt.json().lines[0].lotId,
      quantity: '1',
      borrower: { userId: A.userId },
      dueOn: '2099-12-31',
      idempotencyKey: 'a-first-borrowing',
    },
    cookie: A.cookie,
  });
  expect(lent.statusCode, lent.body).toBe(201);
  A_BORROWING_ID = lent.json().id;
  const returned = await send({
    method: 'POST',
    url: `/api/v1/borrowings/${A_BORROWING_ID}/returns`,
    payload: { quantity: '1', idempotencyKey: 'a-first-return' },
    cookie: A.cookie,
  });
  expect(returned.statusCode, returned.body).toBe(201);
  for (let i = 0; i < 3; i++) {
    const event = await send({
      method: 'POST',
      url: '/api/v1/analytics/events',
      payload: { name: 'page_view', path: A_SECRET_PATH, props: {} },
      cookie: A.cookie,
    });
    expect(event.statusCode).toBe(204);
  }
  const aSignIn = await send({
    method: 'POST',
    url: '/api/v1/analytics/events',
    payload: { name: 'sign_in', path: '/', props: {} },
    cookie: A.cookie,
  });
  expect(aSignIn.statusCode).toBe(204);
});
afterAll(async () => {
  await t?.close();
});

/** Company A, checked after each of B's attempts: everything as A left it, A still signed in. */
async function expectAUntouched() {
  expect(await labelConfigOfA()).toMatchObject(A_LABEL_CONFIG);
  const session = await send({ method: 'GET', url: '/api/v1/session', cookie: A.cookie });
  expect(session.json()).toMatchObject({
    state: 'signed-in',
    user: { id: A.userId, companyId: A.companyId, role: 'admin' },
  });
  const events = await t.database.db
    .select()
    .from(analyticsEvents)
    .where(eq(analyticsEvents.companyId, A.companyId));
  expect(events).toHaveLength(4);
  expect(events.every((e) => e.userId === A.userId)).toBe(true);
}

/**
 * A request carrying A's id in every place a request can: as a path segment, in the query string. Where a route
 * takes ids today it answers 404; routes that take none must either 404 (no such route) or ignore them.
 */
async function expectIdsOfAGet404(url: string) {
  for (const id of [A.companyId, A.userId]) {
    for (const method of ['GET', 'PATCH', 'PUT', 'DELETE'] as const) {
      const response = await asB({
        method,
        url: `${url}/${id}`,
        ...(method === 'PATCH' || method === 'PUT' ? { payload: { allowBorrowing: false } } : {}),
      });
      expect(response.statusCode, `${method} ${url}/<A's id>`).toBe(404);
    }
  }
}

/** A public page or document: whatever it answers, nothing of A's is in it. */
function publicGet(url: string, attempt = 'reads it signed in as B; nothing of A in the answer'): TRouteCase {
  return {
    kind: 'public',
    attempt,
    async probe() {
      const response = await asB({ method: 'GET', url });
      expect(response.statusCode, url).toBeLessThan(500);
    },
  };
}

/** A two-factor route: B (a separate session of B's, as these may rotate it) names A's user; A is never touched. */
function twoFactorCase(
  attempt: string,
  url: string,
  payload: () => Record<string, unknown>,
  expected: number,
): TRouteCase {
  return {
    kind: 'session',
    attempt,
    async probe() {
      const bSession = sessionCookieOf(await signIn(B.email))!;
      expect(bSession, "B's second session").toBeDefined();
      const response = await asB({ method: 'POST', url, payload: payload() }, bSession);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(expected);
      expect(sessionCookieOf(response), `${url} started a session`).toBeUndefined();
      const [aUser] = await t.database.db.select().from(users).where(eq(users.id, A.userId));
      expect(aUser!.twoFactorEnabled).not.toBe(true);
      expect(await t.database.db.select().from(twoFactors).where(eq(twoFactors.userId, A.userId))).toEqual(
        [],
      );
      await expectAUntouched();
    },
  };
}

/** The id of A's admin's session row (never its token), as the security dashboard names sessions. */
async function sessionIdOfA(): Promise<string> {
  const [row] = await t.database.db.select().from(sessions).where(eq(sessions.token, A.sessionToken));
  expect(row, "A's session row").toBeDefined();
  return row!.id;
}

/**
 * A security dashboard route (sysadmins only, across every company): B's admin is refused with 403 however it
 * asks, with A's ids in the path and the query, and A is untouched.
 */
function sysadminOnly(
  attempt: string,
  requests: () => Promise<Omit<TRequest, 'cookie'>[]>,
  after: () => Promise<void> = async () => undefined,
): TRouteCase {
  return {
    kind: 'sysadmin',
    attempt,
    async probe() {
      for (const request of await requests()) {
        const response = await asB(request);
        expect(response.statusCode, `${request.method} ${request.url}`).toBe(403);
        expect(response.json().error.code).toBe('FORBIDDEN');
      }
      await after();
      await expectAUntouched();
    },
  };
}

/** The cross-company case of every route, keyed "METHOD URL" exactly as Fastify registers it. */
/** Runs a borrowing probe with borrowing switched on for B (so B is refused for A's data, not for the switch). */
async function withBorrowingForB(probe: () => Promise<void>) {
  const on = (allowBorrowing: boolean) =>
    t.database.db
      .update(companySettings)
      .set({ allowBorrowing })
      .where(eq(companySettings.companyId, B.companyId));
  await on(true);
  try {
    await probe();
  } finally {
    await on(false);
  }
}

// Work-order labels and travellers (decision 053): in their own module.
const workOrderLabels = labelCases({
  app: () => t,
  a: () => A,
  b: () => B,
  send,
  asB: (request) => asB(request),
});

const ROUTE_CASES: Record<string, TRouteCase> = {
  // ---- public: no company data
  'GET /api/health': publicGet('/api/health'),
  'GET /api/docs': publicGet('/api/docs'),
  'HEAD /api/docs/': {
    kind: 'public',
    attempt: 'asks for the docs page head as B; nothing of A in the answer',
    async probe() {
      const response = await asB({ method: 'HEAD', url: '/api/docs/' });
      expect(response.statusCode).toBeLessThan(500);
    },
  },
  'GET /api/docs/static/index.html': publicGet('/api/docs/static/index.html'),
  'GET /api/docs/static/swagger-initializer.js': publicGet('/api/docs/static/swagger-initializer.js'),
  'GET /api/docs/static/*': publicGet('/api/docs/static/swagger-ui.css'),
  'GET /api/docs/json': publicGet('/api/docs/json', 'reads the OpenAPI document as B; no data of A in it'),
  'GET /api/docs/yaml': publicGet('/api/docs/yaml', 'reads the OpenAPI document as B; no data of A in it'),
  'POST /api/v1/auth/sign-in': {
    kind: 'public',
    attempt: "signs in as A's admin with a wrong password: 400 INVALID_CREDENTIALS, no session",
    async probe() {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign-in',
        payload: { email: A.email, password: 'Not-The-Password-1', csrfToken: CSRF },
        headers: { origin: TEST_APP_URL, cookie: `fb_csrf=${CSRF}; ${B.cookie}` },
        remoteAddress: nextAddress(),
      });
      expectNothingOfA(response, 'POST /api/v1/auth/sign-in');
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('INVALID_CREDENTIALS');
      expect(sessionCookieOf(response)).toBeUndefined();
      await expectAUntouched();
    },
  },
  'POST /api/v1/auth/sign-up': {
    kind: 'public',
    attempt: "signs up with A's company name and A's address: 409, A unchanged",
    async probe() {
      for (const [email, companyName] of [
        ['someone@bellows.example', A.name.toUpperCase()],
        [A.email, 'Yet Another Forge'],
      ] as const) {
        const response = await asB({
          method: 'POST',
          url: '/api/v1/auth/sign-up',
          payload: {
            email,
            password: PASSWORD,
            confirmPassword: PASSWORD,
            companyName,
            firstName: 'Eve',
            lastName: 'Intruder',
            termsAccepted: true,
            privacyAccepted: true,
          },
        });
        expect(response.statusCode, `${email} / ${companyName}`).toBe(409);
      }
      const [aUser] = await t.database.db.select().from(users).where(eq(users.email, A.email));
      expect(aUser).toMatchObject({ id: A.userId, companyId: A.companyId, firstName: 'Ada' });
      await expectAUntouched();
    },
  },
  'POST /api/v1/auth/check-availability': {
    kind: 'public',
    attempt: "asks about A's name and address: taken (SPEC.md's sign-up check), no ids",
    async probe() {
      const response = await asB({
        method: 'POST',
        url: '/api/v1/auth/check-availability',
        payload: { email: A.email, companyName: A.name },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ emailExists: true, companyExists: true });
    },
  },
  'POST /api/v1/auth/verify-email': {
    kind: 'public',
    attempt: 'verifies with a made-up token naming A: 400, no session',
    async probe() {
      const forged = `x.${Buffer.from(JSON.stringify({ email: A.email })).toString('base64url')}.y`;
      const response = await asB({
        method: 'POST',
        url: '/api/v1/auth/verify-email',
        payload: { token: forged },
      });
      expect(response.statusCode).toBe(400);
      expect(sessionCookieOf(response)).toBeUndefined();
      await expectAUntouched();
    },
  },
  'POST /api/v1/auth/finish-registration': {
    kind: 'session',
    attempt:
      "B's admin asks to finish a registration naming A's company and its id: 409, B stays in B, A untouched",
    async probe() {
      const response = await asB({
        method: 'POST',
        url: '/api/v1/auth/finish-registration',
        payload: { companyName: A.name, companyId: A.companyId },
      });
      expect(response.statusCode).toBe(409);
      const [bUser] = await t.database.db.select().from(users).where(eq(users.id, B.userId));
      expect(bUser).toMatchObject({ companyId: B.companyId, role: 'admin' });
      await expectAUntouched();
    },
  },
  'POST /api/v1/auth/resend-verification': {
    kind: 'public',
    attempt: "asks for a verification mail to A's (verified) address: the generic answer, no mail",
    async probe() {
      const before = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, A.email));
      const response = await asB({
        method: 'POST',
        url: '/api/v1/auth/resend-verification',
        payload: { email: A.email },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'sent' });
      const after = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, A.email));
      expect(after).toHaveLength(before.length);
    },
  },
  'POST /api/v1/auth/forgot-password': {
    kind: 'public',
    attempt: "asks for a reset of A's password: the generic answer; the link goes to A's inbox only",
    async probe() {
      const response = await asB({
        method: 'POST',
        url: '/api/v1/auth/forgot-password',
        payload: { email: A.email },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'sent' });
      const resets = await t.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.kind, 'password-reset'));
      expect(resets.map((m) => m.toAddress)).toEqual([A.email]);
      await expectAUntouched();
    },
  },
  'POST /api/v1/auth/reset-password': {
    kind: 'public',
    attempt: "sets A's password with a made-up token: 400, A's password unchanged",
    async probe() {
      const response = await asB({
        method: 'POST',
        url: '/api/v1/auth/reset-password',
        payload: {
          token: A.userId,
          password: 'Hijacked-Crucible-77',
          confirmPassword: 'Hijacked-Crucible-77',
        },
      });
      expect(response.statusCode).toBe(400);
      const hijack = await signIn(A.email, 'Hijacked-Crucible-77');
      expect(hijack.json().error.code).toBe('INVALID_CREDENTIALS');
      await expectAUntouched();
    },
  },

  // ---- session-scoped: answers about the caller only
  'GET /api/v1/session': {
    kind: 'session',
    attempt: "reads the session, with A's ids in the query: B's user and B's configuration only",
    async probe() {
      for (const url of ['/api/v1/session', `/api/v1/session?companyId=${A.companyId}&userId=${A.userId}`]) {
        const response = await asB({ method: 'GET', url });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({
          state: 'signed-in',
          user: { id: B.userId, companyId: B.companyId, company: B.name, email: B.email },
          labelConfig: { allowBorrowing: false, width: 4 },
        });
      }
      await expectIdsOfAGet404('/api/v1/session');
    },
  },
  'POST /api/v1/session/sign-out': {
    kind: 'session',
    attempt: "signs out (also with A's ids in the body): ends B's session only, A stays signed in",
    async probe() {
      const second = sessionCookieOf(await signIn(B.email))!;
      const response = await asB(
        {
          method: 'POST',
          url: '/api/v1/session/sign-out',
          payload: { token: A.sessionToken, userId: A.userId },
        },
        second,
      );
      expect(response.statusCode).toBe(204);
      const ended = await send({ method: 'GET', url: '/api/v1/session', cookie: second });
      expect(ended.json()).toMatchObject({ state: 'signed-out' });
      await expectAUntouched();
      const stillB = await send({ method: 'GET', url: '/api/v1/session', cookie: B.cookie });
      expect(stillB.json()).toMatchObject({ state: 'signed-in', user: { id: B.userId } });
    },
  },
  'GET /api/auth/*': {
    kind: 'session',
    attempt: "better-auth's reads (get-session, list-sessions): B's own user and sessions only",
    async probe() {
      const session = await asB({ method: 'GET', url: '/api/auth/get-session' });
      expect(session.statusCode).toBe(200);
      expect(session.json()).toMatchObject({ user: { id: B.userId, companyId: B.companyId } });
      const list = await asB({ method: 'GET', url: '/api/auth/list-sessions' });
      expect(list.statusCode).toBe(200);
      const listed = list.json() as { userId: string }[];
      expect(listed.length).toBeGreaterThan(0);
      expect(listed.every((s) => s.userId === B.userId)).toBe(true);
    },
  },
  'POST /api/auth/*': {
    kind: 'session',
    attempt:
      "better-auth's writes: revoke A's session by its token, move B into A's company or make B sysadmin — none happens",
    async probe() {
      const revoke = await asB({
        method: 'POST',
        url: '/api/auth/revoke-session',
        payload: { token: A.sessionToken },
      });
      expect(revoke.statusCode).toBeLessThan(500);
      const [aSession] = await t.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.token, A.sessionToken));
      expect(aSession, "A's session row").toBeDefined();

      const update = await asB({
        method: 'POST',
        url: '/api/auth/update-user',
        payload: { companyId: A.companyId, role: 'sysadmin', active: true },
      });
      expect(update.statusCode).toBeLessThan(500);
      const [bUser] = await t.database.db.select().from(users).where(eq(users.id, B.userId));
      expect(bUser).toMatchObject({ companyId: B.companyId, role: 'admin' });
      const session = await send({ method: 'GET', url: '/api/v1/session', cookie: B.cookie });
      expect(session.json()).toMatchObject({ user: { companyId: B.companyId, role: 'admin' } });
      await expectAUntouched();
    },
  },

  'POST /api/v1/auth/change-password': {
    kind: 'session',
    attempt:
      "changes a password naming A's user and A's session: only B's own password could change; A untouched",
    async probe() {
      const second = sessionCookieOf(await signIn(B.email))!;
      const response = await asB(
        {
          method: 'POST',
          url: '/api/v1/auth/change-password',
          payload: {
            userId: A.userId,
            token: A.sessionToken,
            currentPassword: 'Not-The-Password-1',
            password: 'Hijacked-Crucible-77',
            confirmPassword: 'Hijacked-Crucible-77',
            endOtherSessions: true,
          },
        },
        second,
      );
      // B does not know even their own "current password" here: refused, nothing changed for anyone.
      expect(response.statusCode).toBe(400);
      expect((await signIn(A.email, 'Hijacked-Crucible-77')).json().error.code).toBe('INVALID_CREDENTIALS');
      const [aSession] = await t.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.token, A.sessionToken));
      expect(aSession, "A's session row").toBeDefined();
      await expectAUntouched();
    },
  },

  // ---- tenant-scoped: the caller's company's data
  'GET /api/v1/company/label-config': {
    kind: 'tenant',
    attempt: "reads the label configuration, with A's id in the query and the path: B's own, or 404",
    async probe() {
      for (const url of [
        '/api/v1/company/label-config',
        `/api/v1/company/label-config?companyId=${A.companyId}`,
      ]) {
        const response = await asB({ method: 'GET', url });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({
          allowBorrowing: false,
          width: 4,
          enableMaintenanceFeature: false,
        });
      }
      const byPath = await asB({ method: 'GET', url: `/api/v1/company/${A.companyId}/label-config` });
      expect(byPath.statusCode).toBe(404);
      await expectIdsOfAGet404('/api/v1/company/label-config');
    },
  },
  'PATCH /api/v1/company/label-config': {
    kind: 'tenant',
    attempt: "changes the label configuration naming A (query, body, path): only B's changes, A unchanged",
    async probe() {
      const url = `/api/v1/company/label-config?companyId=${A.companyId}`;
      const response = await asB({
        method: 'PATCH',
        url,
        payload: { companyId: A.companyId, allowBorrowing: false, width: 2, enableMaintenanceFeature: false },
      });
      // The body's unknown key is either refused (400) or dropped; either way only B's row may change.
      expect([200, 400]).toContain(response.statusCode);
      const plain = await asB({ method: 'PATCH', url, payload: { width: 2, useLotNumbers: false } });
      expect(plain.statusCode).toBe(200);
      expect(plain.json()).toMatchObject({ width: 2, useLotNumbers: false });
      const byPath = await asB({
        method: 'PATCH',
        url: `/api/v1/company/${A.companyId}/label-config`,
        payload: { allowBorrowing: false },
      });
      expect(byPath.statusCode).toBe(404);
      // The configuration cannot be deleted at all: 405, the path takes GET and PATCH only.
      const deleted = await asB({ method: 'DELETE', url: '/api/v1/company/label-config' });
      expect(deleted.statusCode).toBe(405);
      await expectIdsOfAGet404('/api/v1/company/label-config');
      expect(await settingsOf(B.companyId)).toMatchObject({ labelWidth: 2, useLotNumbers: false });
      expect(await settingsOf(A.companyId)).toMatchObject(A_SETTINGS_ROW);
      await expectAUntouched();
      // Put B back, so the other cases see B's defaults.
      const restore = await asB({
        method: 'PATCH',
        url: '/api/v1/company/label-config',
        payload: { width: 4, useLotNumbers: true },
      });
      expect(restore.statusCode).toBe(200);
    },
  },
  'GET /api/v1/analytics/summary': {
    kind: 'tenant',
    attempt: "reads the analytics summary, with A's id in the query: B's events only, A's never counted",
    async probe() {
      const own = await asB({
        method: 'POST',
        url: '/api/v1/analytics/events',
        payload: { name: 'page_view', path: '/b-only-page', props: {} },
      });
      expect(own.statusCode).toBe(204);
      for (const url of [
        '/api/v1/analytics/summary?days=365',
        `/api/v1/analytics/summary?days=365&companyId=${A.companyId}`,
      ]) {
        const response = await asB({ method: 'GET', url });
        expect(response.statusCode).toBe(200);
        const summary = response.json() as { counts: { name: string }[]; topPaths: { path: string }[] };
        expect(summary.topPaths.map((p) => p.path)).not.toContain(A_SECRET_PATH);
        expect(summary.topPaths.map((p) => p.path)).toContain('/b-only-page');
        expect(summary.counts.map((c) => c.name)).not.toContain('sign_in');
      }
      await expectIdsOfAGet404('/api/v1/analytics/summary');
      // A's own summary still counts A's events: they exist, B just never sees them.
      const aSummary = await send({ method: 'GET', url: '/api/v1/analytics/summary', cookie: A.cookie });
      expect(aSummary.json().topPaths).toEqual([{ path: A_SECRET_PATH, count: 3 }]);
    },
  },
  'POST /api/v1/analytics/events': {
    kind: 'tenant',
    attempt: "records an event naming A (query, props): stored as B's, never A's",
    async probe() {
      const response = await asB({
        method: 'POST',
        url: `/api/v1/analytics/events?companyId=${A.companyId}`,
        payload: { name: 'scan_item', path: '/scan', props: { companyId: A.companyId, userId: A.userId } },
      });
      expect(response.statusCode).toBe(204);
      const [stored] = await t.database.db
        .select()
        .from(analyticsEvents)
        .where(eq(analyticsEvents.name, 'scan_item'));
      expect(stored).toMatchObject({ companyId: B.companyId, userId: B.userId });
      await expectIdsOfAGet404('/api/v1/analytics/events');
      await expectAUntouched();
    },
  },

  // ---- TOTP second factor (server/modules/auth/two-factor.routes.ts): on the caller's own user only
  'POST /api/v1/auth/two-factor/enable': twoFactorCase(
    "starts TOTP enrolment naming A's user: 200 for B's own enrolment, A's account untouched",
    '/api/v1/auth/two-factor/enable',
    () => ({ password: PASSWORD, userId: A.userId }),
    200,
  ),
  'POST /api/v1/auth/two-factor/confirm': twoFactorCase(
    "confirms TOTP naming A's user with a made-up code: 400, A's account untouched",
    '/api/v1/auth/two-factor/confirm',
    () => ({ code: '123456', userId: A.userId }),
    400,
  ),
  'POST /api/v1/auth/two-factor/verify': twoFactorCase(
    "completes a two-factor sign-in without a challenge, naming A's user: 401, no session for anyone",
    '/api/v1/auth/two-factor/verify',
    () => ({ code: '123456', userId: A.userId }),
    401,
  ),
  'POST /api/v1/auth/two-factor/disable': twoFactorCase(
    "turns TOTP off naming A's user with a wrong password: 400, A's account untouched",
    '/api/v1/auth/two-factor/disable',
    () => ({ password: 'Not-The-Password-1', userId: A.userId }),
    400,
  ),
  'POST /api/v1/auth/two-factor/backup-codes': {
    kind: 'session',
    attempt:
      "asks for new backup codes naming A's user: B's own codes are replaced (200), A's account untouched",
    async probe() {
      const second = sessionCookieOf(await signIn(B.email))!;
      expect(second, "B's second session").toBeDefined();
      // B turns TOTP on for real, so that the route has codes to replace; taken off again below, since the
      // other cases sign B in with the password alone.
      const enrolled = await enrolTwoFactor(t, second, PASSWORD);
      try {
        const before = await t.database.db.select().from(twoFactors).where(eq(twoFactors.userId, B.userId));
        const response = await asB(
          {
            method: 'POST',
            url: '/api/v1/auth/two-factor/backup-codes',
            payload: { password: PASSWORD, userId: A.userId, companyId: A.companyId },
          },
          enrolled.cookie,
        );
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json().backupCodes).toHaveLength(10);
        expect(sessionCookieOf(response), 'backup-codes started a session').toBeUndefined();
        const after = await t.database.db.select().from(twoFactors).where(eq(twoFactors.userId, B.userId));
        expect(after[0]!.backupCodes).not.toBe(before[0]!.backupCodes);
        const [aUser] = await t.database.db.select().from(users).where(eq(users.id, A.userId));
        expect(aUser!.twoFactorEnabled).not.toBe(true);
        expect(await t.database.db.select().from(twoFactors).where(eq(twoFactors.userId, A.userId))).toEqual(
          [],
        );
        const regenerated = await t.database.db
          .select()
          .from(securityEvents)
          .where(eq(securityEvents.type, 'mfa_backup_codes_regenerated'));
        expect(regenerated.map((e) => [e.userId, e.companyId])).toEqual([[B.userId, B.companyId]]);
        await expectAUntouched();
      } finally {
        await t.database.db.delete(twoFactors).where(eq(twoFactors.userId, B.userId));
        await t.database.db.update(users).set({ twoFactorEnabled: false }).where(eq(users.id, B.userId));
      }
      expect(
        sessionCookieOf(await signIn(B.email)),
        'B signs in with the password alone again',
      ).toBeDefined();
    },
  },

  // ---- the plan (server/modules/subscription): B sees and changes B's plan only
  'GET /api/v1/subscription': {
    kind: 'tenant',
    attempt: "reads the plan naming A's company: B's own plan and usage",
    async probe() {
      for (const url of ['/api/v1/subscription', `/api/v1/subscription?companyId=${A.companyId}`]) {
        const response = await asB({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expect(response.json()).toMatchObject({ planId: 'beta', planName: 'Beta' });
      }
      await expectIdsOfAGet404('/api/v1/subscription');
    },
  },
  'POST /api/v1/subscription/plan': {
    kind: 'tenant',
    attempt: "changes the plan naming A's company (query, body): only B's plan changes, A stays on the beta",
    async probe() {
      const response = await asB({
        method: 'POST',
        url: `/api/v1/subscription/plan?companyId=${A.companyId}`,
        payload: { planId: 'premium', companyId: A.companyId },
      });
      expect(response.statusCode).toBe(200);
      const [a] = await t.database.db.select().from(companies).where(eq(companies.id, A.companyId));
      const [b] = await t.database.db.select().from(companies).where(eq(companies.id, B.companyId));
      expect(a!.planId).toBe('beta');
      expect(b!.planId).toBe('premium');
      await expectAUntouched();
    },
  },

  // ---- the audit trail (server/modules/audit): B reads B's entries only, however it asks
  'GET /api/v1/audit': {
    kind: 'tenant',
    attempt: "reads the audit trail naming A's company and user (query, filters): B's entries only",
    async probe() {
      // A's configuration change in beforeAll wrote an entry for A; B must never see it.
      for (const url of [
        '/api/v1/audit',
        `/api/v1/audit?companyId=${A.companyId}`,
        `/api/v1/audit?entityId=${A.companyId}`,
        `/api/v1/audit?entityId=${A.userId}&entityType=user`,
      ]) {
        const response = await asB({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        const page = response.json() as { items: { entityId: string }[] };
        expect(page.items.every((e) => e.entityId !== A.companyId && e.entityId !== A.userId)).toBe(true);
      }
      const aTrail = await send({ method: 'GET', url: '/api/v1/audit', cookie: A.cookie });
      expect(aTrail.json().total).toBeGreaterThan(0);
      await expectIdsOfAGet404('/api/v1/audit');
    },
  },

  // ---- help (server/modules/help): Getting started is ticked from the asker's company only
  'GET /api/v1/help/getting-started': {
    kind: 'tenant',
    attempt: "reads Getting started naming A's company: B's steps, ticked from B's rows only",
    async probe() {
      const aSteps = await send({ method: 'GET', url: '/api/v1/help/getting-started', cookie: A.cookie });
      expect(aSteps.json().steps).toContainEqual({ id: 'items', done: true });
      const hasRow = async (table: typeof items | typeof locations | typeof labelCodes) =>
        (await t.database.db.select().from(table).where(eq(table.companyId, B.companyId)).limit(1)).length >
        0;
      const truth = {
        items: await hasRow(items),
        locations: await hasRow(locations),
        labels: await hasRow(labelCodes),
      };
      for (const url of [
        '/api/v1/help/getting-started',
        `/api/v1/help/getting-started?companyId=${A.companyId}`,
      ]) {
        const response = await asB({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        const done = Object.fromEntries(
          (response.json().steps as { id: string; done: boolean }[]).map((step) => [step.id, step.done]),
        );
        expect(done).toMatchObject(truth);
      }
    },
  },

  // ---- inventory set-up (server/modules/inventory): B reads and changes B's items and locations only
  'GET /api/v1/items': {
    kind: 'tenant',
    attempt: "lists items naming A's company and searching A's part number: B's items only",
    async probe() {
      for (const url of [
        '/api/v1/items',
        `/api/v1/items?companyId=${A.companyId}`,
        `/api/v1/items?q=${A_PART}`,
      ]) {
        const response = await asB({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        const page = response.json() as { items: { id: string }[] };
        expect(page.items.every((i) => i.id !== A_ITEM.id)).toBe(true);
      }
    },
  },
  'POST /api/v1/items': {
    kind: 'tenant',
    attempt: "adds an item naming A's company and A's location: B's own item, or 400 for A's location",
    async probe() {
      const own = await asB({
        method: 'POST',
        url: `/api/v1/items?companyId=${A.companyId}`,
        payload: { partNumber: A_PART, name: 'Same part number, other company', companyId: A.companyId },
      });
      expect(own.statusCode, own.body).toBe(201);
      const [row] = await t.database.db.select().from(items).where(eq(items.id, own.json().id));
      expect(row!.companyId).toBe(B.companyId);
      const withALocation = await asB({
        method: 'POST',
        url: '/api/v1/items',
        payload: { partNumber: 'B-ONLY-1', name: 'x', defaultLocationId: A_SITE.id },
      });
      expect(withALocation.statusCode).toBe(400);
      await expectAUntouched();
    },
  },
  'GET /api/v1/items/export.csv': {
    kind: 'tenant',
    attempt: "exports items naming A's company and searching A's part number: B's items only",
    async probe() {
      for (const url of [
        '/api/v1/items/export.csv?status=all',
        `/api/v1/items/export.csv?companyId=${A.companyId}`,
        `/api/v1/items/export.csv?q=${A_PART}`,
      ]) {
        const response = await asB({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expect(response.body, url).not.toContain('A secret widget');
        expect(response.body, url).not.toContain(A_SITE.code);
      }
    },
  },
  'POST /api/v1/items/import': {
    kind: 'tenant',
    attempt:
      "imports items naming A's company and A's location code: B's own items, or an error for A's location",
    async probe() {
      const withALocation = await asB({
        method: 'POST',
        url: '/api/v1/items/import',
        payload: { csv: `part_number,name,default_location\nB-CSV-1,x,${A_SITE.code}\n`, mode: 'commit' },
      });
      expect(withALocation.statusCode).toBe(400);
      expect(withALocation.json().errors).toEqual([
        { row: 2, field: 'default_location', message: 'No such location in your company.' },
      ]);
      const own = await asB({
        method: 'POST',
        url: `/api/v1/items/import?companyId=${A.companyId}`,
        payload: { csv: 'part_number,name\nB-CSV-2,Imported by B\n', mode: 'commit', companyId: A.companyId },
      });
      expect(own.statusCode, own.body).toBe(200);
      const rows = await t.database.db.select().from(items).where(eq(items.partNumber, 'B-CSV-2'));
      expect(rows.map((r) => r.companyId)).toEqual([B.companyId]);
      expect(await t.database.db.select().from(items).where(eq(items.partNumber, 'B-CSV-1'))).toEqual([]);
      await expectAUntouched();
    },
  },
  'GET /api/v1/items/:id': {
    kind: 'tenant',
    attempt: "reads A's item by id: 404",
    async probe() {
      expect((await asB({ method: 'GET', url: `/api/v1/items/${A_ITEM.id}` })).statusCode).toBe(404);
    },
  },
  'PATCH /api/v1/items/:id': {
    kind: 'tenant',
    attempt: "renames and deactivates A's item by id: 404, A's item unchanged",
    async probe() {
      for (const payload of [{ name: 'Hijacked' }, { active: false }]) {
        const response = await asB({ method: 'PATCH', url: `/api/v1/items/${A_ITEM.id}`, payload });
        expect(response.statusCode, JSON.stringify(payload)).toBe(404);
      }
      const [row] = await t.database.db.select().from(items).where(eq(items.id, A_ITEM.id));
      expect(row).toMatchObject({ name: 'A secret widget', active: true });
    },
  },
  'GET /api/v1/locations': {
    kind: 'tenant',
    attempt: "lists locations under A's site, as A's children, and by A's code: 404 or B's only",
    async probe() {
      expect((await asB({ method: 'GET', url: `/api/v1/locations?under=${A_SITE.id}` })).statusCode).toBe(
        404,
      );
      for (const url of [
        '/api/v1/locations',
        `/api/v1/locations?parentId=${A_SITE.id}`,
        `/api/v1/locations?q=${A_SITE.code}`,
      ]) {
        const response = await asB({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expect((response.json() as { items: { id: string }[] }).items.every((l) => l.id !== A_SITE.id)).toBe(
          true,
        );
      }
    },
  },
  'POST /api/v1/locations': {
    kind: 'tenant',
    attempt: "adds a location under A's site: 400 (no such parent in B's company), A's tree unchanged",
    async probe() {
      const response = await asB({
        method: 'POST',
        url: '/api/v1/locations',
        payload: { kind: 'area', parentId: A_SITE.id, code: 'B-AREA', name: 'Inside A' },
      });
      expect(response.statusCode).toBe(400);
      const children = await send({
        method: 'GET',
        url: `/api/v1/locations?parentId=${A_SITE.id}`,
        cookie: A.cookie,
      });
      expect(children.json().total).toBe(0);
    },
  },
  'GET /api/v1/locations/:id': {
    kind: 'tenant',
    attempt: "reads A's site by id: 404",
    async probe() {
      expect((await asB({ method: 'GET', url: `/api/v1/locations/${A_SITE.id}` })).statusCode).toBe(404);
    },
  },
  'PATCH /api/v1/locations/:id': {
    kind: 'tenant',
    attempt: "renames A's site by id: 404, A's site unchanged",
    async probe() {
      const response = await asB({
        method: 'PATCH',
        url: `/api/v1/locations/${A_SITE.id}`,
        payload: { name: 'Hijacked' },
      });
      expect(response.statusCode).toBe(404);
      const [row] = await t.database.db.select().from(locations).where(eq(locations.id, A_SITE.id));
      expect(row!.name).toBe('A secret site');
    },
  },

  // ---- stock (server/modules/inventory/stock.*): B posts against B's stock only
  'POST /api/v1/stock/transactions': {
    kind: 'tenant',
    attempt: "receives into and issues from A's item and A's location: 400, A's stock unchanged",
    async probe() {
      for (const body of [
        { kind: 'receive', lines: [{ itemId: A_ITEM.id, locationId: A_SITE.id, quantity: '5' }] },
        { kind: 'issue', lines: [{ itemId: A_ITEM.id, locationId: A_SITE.id, quantity: '1' }] },
      ]) {
        const response = await asB({
          method: 'POST',
          url: '/api/v1/stock/transactions',
          payload: { ...body, idempotencyKey: `b-probe-${body.kind}-key` },
        });
        expect(response.statusCode, body.kind).toBe(400);
      }
      const aBalances = await send({
        method: 'GET',
        url: `/api/v1/items/${A_ITEM.id}/balances`,
        cookie: A.cookie,
      });
      expect(aBalances.json().total).toBe('2');
    },
  },
  'POST /api/v1/stock/transactions/:id/reversal': {
    kind: 'tenant',
    attempt: "reverses A's receipt by id: 404, A's stock unchanged",
    async probe() {
      const response = await asB({
        method: 'POST',
        url: `/api/v1/stock/transactions/${A_RECEIPT_ID}/reversal`,
        payload: { reason: 'Not mine to undo' },
      });
      expect(response.statusCode).toBe(404);
      const aBalances = await send({
        method: 'GET',
        url: `/api/v1/items/${A_ITEM.id}/balances`,
        cookie: A.cookie,
      });
      expect(aBalances.json().total).toBe('2');
    },
  },
  'GET /api/v1/stock/transactions/:id': {
    kind: 'tenant',
    attempt: "reads A's stock transaction by id: 404",
    async probe() {
      expect(
        (await asB({ method: 'GET', url: `/api/v1/stock/transactions/${A_RECEIPT_ID}` })).statusCode,
      ).toBe(404);
    },
  },
  'GET /api/v1/label-formats': {
    kind: 'tenant',
    attempt: "lists label formats: only B's own, none of A's",
    async probe() {
      await aFormatId();
      const response = await asB({ method: 'GET', url: '/api/v1/label-formats' });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('A secret format');
    },
  },
  'POST /api/v1/label-formats': {
    kind: 'tenant',
    attempt: "adds a format with the name of A's: allowed (names are per company), A's untouched",
    async probe() {
      const id = await aFormatId();
      const response = await asB({
        method: 'POST',
        url: '/api/v1/label-formats',
        payload: { name: 'A secret format', width: '2', height: '1', unit: 'in', symbology: 'code128' },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().id).not.toBe(id);
      const aList = await send({ method: 'GET', url: '/api/v1/label-formats', cookie: A.cookie });
      expect(aList.json().items.find((f: { id: string }) => f.id === id)).toMatchObject({ width: '4' });
    },
  },
  'PATCH /api/v1/label-formats/:id': {
    kind: 'tenant',
    attempt: "changes A's format by id: 404",
    async probe() {
      const id = await aFormatId();
      const response = await asB({
        method: 'PATCH',
        url: `/api/v1/label-formats/${id}`,
        payload: { name: 'Mine' },
      });
      expect(response.statusCode).toBe(404);
    },
  },
  'DELETE /api/v1/label-formats/:id': {
    kind: 'tenant',
    attempt: "deletes A's format by id: 404, and A still has it",
    async probe() {
      const id = await aFormatId();
      expect((await asB({ method: 'DELETE', url: `/api/v1/label-formats/${id}` })).statusCode).toBe(404);
      const aList = await send({ method: 'GET', url: '/api/v1/label-formats', cookie: A.cookie });
      expect(aList.json().items.map((f: { id: string }) => f.id)).toContain(id);
    },
  },
  'POST /api/v1/labels/print': {
    kind: 'tenant',
    attempt:
      "prints A's item, lot and site, and with A's format: 400 naming the field, nothing printed; A's work order: 404",
    async probe() {
      const formatId = await bFormatId();
      const print = (payload: object) => asB({ method: 'POST', url: '/api/v1/labels/print', payload });
      const base = { formatId, output: 'roll', dpi: 203 };
      const item = await print({ ...base, targets: [{ kind: 'item', id: A_ITEM.id, copies: 1 }] });
      expect(item.statusCode).toBe(400);
      expect(item.json().error.fieldErrors).toHaveProperty(['targets.0.id']);
      const lot = await print({ ...base, targets: [{ kind: 'lot', id: await aLotId(), copies: 1 }] });
      expect(lot.json().error.fieldErrors).toHaveProperty(['targets.0.id']);
      const everything = await print({ ...base, everythingIn: { locationId: A_SITE.id, copies: 1 } });
      expect(everything.json().error.fieldErrors).toHaveProperty(['everythingIn.locationId']);
      const format = await print({
        ...base,
        formatId: await aFormatId(),
        targets: [{ kind: 'location', id: A_SITE.id }],
      });
      expect(format.statusCode).toBe(400);
      expect(format.json().error.fieldErrors).toHaveProperty('formatId');
      for (const r of [item, lot, everything, format]) expect(r.body).not.toContain(A_PART);
      await workOrderLabels.printWorkOrders();
    },
  },
  'GET /api/v1/scan/resolve': {
    kind: 'tenant',
    attempt:
      "resolves A's item label code and its QR link (the same 404 as garbage), A's part number and site code",
    async probe() {
      const token = newToken((n) => randomBytes(n));
      await t.database.db
        .insert(labelCodes)
        .values({ token, companyId: A.companyId, kind: 'item', entityId: A_ITEM.id });
      const resolve = (code: string) =>
        asB({ method: 'GET', url: `/api/v1/scan/resolve?code=${encodeURIComponent(code)}` });
      const garbage = await resolve('nothing-at-all');
      expect(garbage.statusCode).toBe(404);
      for (const code of [compactCode('item', token), scanLink(TEST_APP_URL, 'item', token)]) {
        const response = await resolve(code);
        expect(response.statusCode, code).toBe(404);
        expect(response.json().error.message.replace(code, '')).toBe(
          garbage.json().error.message.replace('nothing-at-all', ''),
        );
      }
      // B may have its own item or location of the same name (other cases make some): never A's.
      for (const code of [A_PART, A_SITE.code]) {
        const response = await resolve(code);
        expect([200, 404], code).toContain(response.statusCode);
        expect(response.body).not.toContain(A_ITEM.id);
        expect(response.body).not.toContain(A_SITE.id);
      }
    },
  },
  'GET /api/v1/items/:id/balances': {
    kind: 'tenant',
    attempt: "reads A's item balances by id: 404",
    async probe() {
      expect((await asB({ method: 'GET', url: `/api/v1/items/${A_ITEM.id}/balances` })).statusCode).toBe(404);
    },
  },
  'GET /api/v1/stock/balance-report': {
    kind: 'tenant',
    attempt: "reports over all stock, and over A's site: nothing of A's, 400 for A's location",
    async probe() {
      // B's day (companies sign up in New York), so the period holds A's postings of a moment ago.
      const today = todayIn('America/New_York');
      const all = await asB({ method: 'GET', url: `/api/v1/stock/balance-report?from=${today}&to=${today}` });
      expect(all.statusCode).toBe(200);
      expect(all.body).not.toContain(A_ITEM.id);
      const atA = await asB({
        method: 'GET',
        url: `/api/v1/stock/balance-report?from=${today}&to=${today}&locationId=${A_SITE.id}`,
      });
      expect(atA.statusCode).toBe(400);
      expect(atA.body).not.toContain(A_ITEM.id);
    },
  },

  // ---- stock checks (server/modules/inventory/count.*): B counts B's stock only
  'POST /api/v1/stock-checks': {
    kind: 'tenant',
    attempt: "starts a count of A's site and of A's item: 400, no count of A's made",
    async probe() {
      for (const payload of [
        { scope: 'location', locationId: A_SITE.id },
        { scope: 'items', itemIds: [A_ITEM.id] },
      ]) {
        const response = await asB({ method: 'POST', url: '/api/v1/stock-checks', payload });
        expect(response.statusCode, payload.scope).toBe(400);
      }
      await expectACountUntouched();
    },
  },
  'GET /api/v1/stock-checks': {
    kind: 'tenant',
    attempt: "lists counts naming A's company: B's counts only",
    async probe() {
      const { id } = await aCount();
      for (const url of ['/api/v1/stock-checks', `/api/v1/stock-checks?companyId=${A.companyId}`]) {
        const response = await asB({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expect((response.json() as { items: { id: string }[] }).items.every((s) => s.id !== id)).toBe(true);
      }
    },
  },
  'GET /api/v1/stock-checks/:id': {
    kind: 'tenant',
    attempt: "reads A's count by id: 404",
    async probe() {
      const { id } = await aCount();
      expect((await asB({ method: 'GET', url: `/api/v1/stock-checks/${id}` })).statusCode).toBe(404);
    },
  },
  'GET /api/v1/stock-checks/:id/lines': {
    kind: 'tenant',
    attempt: "reads the lines of A's count: 404",
    async probe() {
      const { id } = await aCount();
      expect((await asB({ method: 'GET', url: `/api/v1/stock-checks/${id}/lines` })).statusCode).toBe(404);
    },
  },
  'PUT /api/v1/stock-checks/:id/lines/:lineId': {
    kind: 'tenant',
    attempt: "counts A's line, in A's count and in B's own: 404, A's line still uncounted",
    async probe() {
      const { id, lineId } = await aCount();
      for (const sessionId of [id, await bCount()]) {
        const response = await asB({
          method: 'PUT',
          url: `/api/v1/stock-checks/${sessionId}/lines/${lineId}`,
          payload: { countedQuantity: '99' },
        });
        expect(response.statusCode).toBe(404);
      }
      await expectACountUntouched();
    },
  },
  'POST /api/v1/stock-checks/:id/lines': {
    kind: 'tenant',
    attempt: "adds found stock to A's count (404), and A's item and site to B's own count (400)",
    async probe() {
      const { id } = await aCount();
      const payload = {
        itemId: A_ITEM.id,
        locationId: A_SITE.id,
        lotNumber: 'A-LOT-1',
        countedQuantity: '5',
      };
      expect(
        (await asB({ method: 'POST', url: `/api/v1/stock-checks/${id}/lines`, payload })).statusCode,
      ).toBe(404);
      const intoB = await asB({
        method: 'POST',
        url: `/api/v1/stock-checks/${await bCount()}/lines`,
        payload,
      });
      expect(intoB.statusCode).toBe(400);
      await expectACountUntouched();
    },
  },
  'POST /api/v1/stock-checks/:id/post': {
    kind: 'tenant',
    attempt: "posts A's count: 404, A's count still counting and A's stock unchanged",
    async probe() {
      const { id } = await aCount();
      expect((await asB({ method: 'POST', url: `/api/v1/stock-checks/${id}/post` })).statusCode).toBe(404);
      await expectACountUntouched();
      const aBalances = await send({
        method: 'GET',
        url: `/api/v1/items/${A_ITEM.id}/balances`,
        cookie: A.cookie,
      });
      expect(aBalances.json().total).toBe('2');
    },
  },
  'POST /api/v1/stock-checks/:id/cancel': {
    kind: 'tenant',
    attempt: "cancels A's count: 404, A's count still counting",
    async probe() {
      const { id } = await aCount();
      expect((await asB({ method: 'POST', url: `/api/v1/stock-checks/${id}/cancel` })).statusCode).toBe(404);
      await expectACountUntouched();
    },
  },

  // ---- the stock list, lookup, ledger and lots (server/modules/inventory/stock-list.*, lots.*): B reads B's only
  'GET /api/v1/stock': {
    kind: 'tenant',
    attempt: "lists stock searching for A's part, lot and site, and filtering by A's site: nothing of A's",
    async probe() {
      // B may have its own item with A's part number (the POST /api/v1/items case): never A's item.
      const byPart = await asB({ method: 'GET', url: `/api/v1/stock?q=${A_PART}` });
      expect(byPart.statusCode).toBe(200);
      expect(byPart.body).not.toContain(A_ITEM.id);
      expect(byPart.body).not.toContain('A secret widget');
      for (const q of ['A-LOT-1', A_SITE.code]) {
        const response = await asB({ method: 'GET', url: `/api/v1/stock?q=${encodeURIComponent(q)}` });
        expect(response.statusCode, q).toBe(200);
        expect(response.json().total, q).toBe(0);
      }
      const bySite = await asB({ method: 'GET', url: `/api/v1/stock?locationId=${A_SITE.id}` });
      expect(bySite.statusCode).toBe(400);
    },
  },
  'GET /api/v1/stock/export.csv': {
    kind: 'tenant',
    attempt: "exports stock searching for A's part, and by A's site: no row of A's",
    async probe() {
      const response = await asB({ method: 'GET', url: `/api/v1/stock/export.csv?q=${A_PART}` });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('A secret widget');
      const byLot = await asB({ method: 'GET', url: '/api/v1/stock/export.csv?q=A-LOT-1' });
      expect(byLot.body).not.toContain(A_PART);
      const bySite = await asB({ method: 'GET', url: `/api/v1/stock/export.csv?locationId=${A_SITE.id}` });
      expect(bySite.statusCode).toBe(400);
    },
  },
  'GET /api/v1/stock/categories': {
    kind: 'tenant',
    attempt: "lists categories after A filed its item under one: B's own only, none of A's",
    async probe() {
      const patch = await send({
        method: 'PATCH',
        url: `/api/v1/items/${A_ITEM.id}`,
        payload: { category: 'A secret category' },
        cookie: A.cookie,
      });
      expect(patch.statusCode).toBe(200);
      const own = await send({ method: 'GET', url: '/api/v1/stock/categories', cookie: A.cookie });
      expect(own.json().categories).toContain('A secret category');
      const response = await asB({ method: 'GET', url: '/api/v1/stock/categories' });
      expect(response.statusCode).toBe(200);
      expect(response.json().categories).not.toContain('A secret category');
    },
  },
  'GET /api/v1/items/lookup': {
    kind: 'tenant',
    attempt: "looks up A's part number: 404, or B's own item of that number, never A's",
    async probe() {
      const response = await asB({
        method: 'GET',
        url: `/api/v1/items/lookup?partNumber=${A_PART.toLowerCase()}`,
      });
      expect([200, 404]).toContain(response.statusCode);
      expect(response.body).not.toContain(A_ITEM.id);
      expect(response.body).not.toContain('A secret widget');
    },
  },
  'GET /api/v1/items/:id/ledger': {
    kind: 'tenant',
    attempt: "reads A's item history by id: 404",
    async probe() {
      expect((await asB({ method: 'GET', url: `/api/v1/items/${A_ITEM.id}/ledger` })).statusCode).toBe(404);
    },
  },
  'GET /api/v1/items/:id/lots': {
    kind: 'tenant',
    attempt: "reads A's item lots by id: 404",
    async probe() {
      expect((await asB({ method: 'GET', url: `/api/v1/items/${A_ITEM.id}/lots` })).statusCode).toBe(404);
    },
  },
  'GET /api/v1/lots/:id': {
    kind: 'tenant',
    attempt: "reads A's lot A-LOT-1 by id: 404",
    async probe() {
      const lotId = await aLotId();
      expect((await asB({ method: 'GET', url: `/api/v1/lots/${lotId}` })).statusCode).toBe(404);
    },
  },
  'GET /api/v1/lots/:id/genealogy': {
    kind: 'tenant',
    attempt: "walks A's lot A-LOT-1 both ways by id: 404",
    async probe() {
      const lotId = await aLotId();
      for (const direction of ['inputs', 'uses']) {
        const url = `/api/v1/lots/${lotId}/genealogy?direction=${direction}`;
        expect((await asB({ method: 'GET', url })).statusCode, direction).toBe(404);
      }
    },
  },

  // ---- borrowing (server/modules/inventory/borrowing.*): B lends, takes back and reads B's borrowings only
  'POST /api/v1/borrowings': {
    kind: 'tenant',
    attempt:
      "lends A's item from A's site, and B's nothing to A's admin: 400, A's stock and borrowings unchanged",
    probe: () =>
      withBorrowingForB(async () => {
        for (const [borrower, field] of [
          [{ jobReference: 'B-JOB' }, 'itemId'],
          [{ userId: A.userId }, 'borrower.userId'],
        ] as const) {
          const response = await asB({
            method: 'POST',
            url: '/api/v1/borrowings',
            payload: {
              itemId: A_ITEM.id,
              locationId: A_SITE.id,
              quantity: '1',
              borrower,
              dueOn: '2099-12-31',
              idempotencyKey: 'a-first-borrowing',
            },
          });
          expect(response.statusCode, field).toBe(400);
          expect(Object.keys(response.json().error.fieldErrors), field).toContain(field);
        }
        const aBalances = await send({
          method: 'GET',
          url: `/api/v1/items/${A_ITEM.id}/balances`,
          cookie: A.cookie,
        });
        expect(aBalances.json().total).toBe('2');
        const aList = await send({ method: 'GET', url: '/api/v1/borrowings?status=all', cookie: A.cookie });
        expect(aList.json().items.map((b: { id: string }) => b.id)).toEqual([A_BORROWING_ID]);
      }),
  },
  'POST /api/v1/borrowings/:id/returns': {
    kind: 'tenant',
    attempt: "returns A's borrowing by id: 404, A's borrowing and stock unchanged",
    probe: () =>
      withBorrowingForB(async () => {
        const response = await asB({
          method: 'POST',
          url: `/api/v1/borrowings/${A_BORROWING_ID}/returns`,
          payload: { quantity: '1', locationId: A_SITE.id, idempotencyKey: 'b-probe-return' },
        });
        expect(response.statusCode).toBe(404);
        const aBorrowing = await send({
          method: 'GET',
          url: `/api/v1/borrowings/${A_BORROWING_ID}`,
          cookie: A.cookie,
        });
        expect(aBorrowing.json()).toMatchObject({ returnedQuantity: '1', returns: [{ quantity: '1' }] });
      }),
  },
  'GET /api/v1/borrowings': {
    kind: 'tenant',
    attempt: "lists borrowings by A's item id and part number, every status: B's only (none)",
    probe: () =>
      withBorrowingForB(async () => {
        for (const url of [
          '/api/v1/borrowings?status=all',
          `/api/v1/borrowings?status=all&itemId=${A_ITEM.id}`,
          `/api/v1/borrowings?status=returned&q=${A_PART}`,
        ]) {
          const response = await asB({ method: 'GET', url });
          expect(response.statusCode, url).toBe(200);
          expect(response.json().total, url).toBe(0);
        }
      }),
  },
  'GET /api/v1/borrowings/borrowers': {
    kind: 'tenant',
    attempt: "lists the people to lend to, searching for A's admin by name: B's people only",
    probe: () =>
      withBorrowingForB(async () => {
        const response = await asB({ method: 'GET', url: '/api/v1/borrowings/borrowers?q=Ada' });
        expect(response.statusCode).toBe(200);
        const ids = response.json().items.map((p: { id: string }) => p.id);
        expect(ids).toContain(B.userId);
        expect(ids).not.toContain(A.userId);
      }),
  },
  'GET /api/v1/borrowings/:id': {
    kind: 'tenant',
    attempt: "reads A's borrowing by id: 404",
    probe: () =>
      withBorrowingForB(async () => {
        expect((await asB({ method: 'GET', url: `/api/v1/borrowings/${A_BORROWING_ID}` })).statusCode).toBe(
          404,
        );
      }),
  },

  // ---- assembly setup (server/modules/build/assemblies.*): B sets up B's assemblies, from B's items only
  'GET /api/v1/assemblies': {
    kind: 'tenant',
    attempt: "lists assemblies searching A's part number and naming A's company: B's own only",
    async probe() {
      await aAssembly();
      const own = await bAssembly();
      for (const url of ['/api/v1/assemblies', `/api/v1/assemblies?q=${A_PART}&companyId=${A.companyId}`]) {
        const response = await asB({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expect(
          response.json().items.every((a: { id: string }) => a.id === own.id),
          url,
        ).toBe(true);
      }
    },
  },
  'POST /api/v1/assemblies': {
    kind: 'tenant',
    attempt: "makes A's item an assembly: 404, no assembly made in either company",
    async probe() {
      const response = await asB({
        method: 'POST',
        url: '/api/v1/assemblies',
        payload: { itemId: A_ITEM.id },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.fieldErrors).toEqual({ itemId: 'No such item in your company.' });
      const bList = await asB({ method: 'GET', url: `/api/v1/assemblies?q=${A_PART}` });
      expect(bList.json().total).toBe(0);
    },
  },
  'GET /api/v1/assemblies/:id': {
    kind: 'tenant',
    attempt: "reads A's assembly by id: 404",
    async probe() {
      const { id } = await aAssembly();
      expect((await asB({ method: 'GET', url: `/api/v1/assemblies/${id}` })).statusCode).toBe(404);
    },
  },
  'POST /api/v1/assemblies/:id/draft': {
    kind: 'tenant',
    attempt: "opens a draft of A's assembly: 404, A's revisions unchanged",
    async probe() {
      const { id } = await aAssembly();
      expect((await asB({ method: 'POST', url: `/api/v1/assemblies/${id}/draft` })).statusCode).toBe(404);
      const history = await send({ method: 'GET', url: `/api/v1/assemblies/${id}`, cookie: A.cookie });
      expect(history.json().revisions).toHaveLength(1);
    },
  },
  'GET /api/v1/assembly-revisions/:id': {
    kind: 'tenant',
    attempt: "reads A's draft revision by id: 404",
    async probe() {
      const { draft } = await aAssembly();
      expect((await asB({ method: 'GET', url: `/api/v1/assembly-revisions/${draft}` })).statusCode).toBe(404);
    },
  },
  'PUT /api/v1/assembly-revisions/:id': {
    kind: 'tenant',
    attempt: "saves A's draft, and B's own draft with A's item as a component: 404 both, neither changed",
    async probe() {
      const before = await aDraftAsA();
      const own = await bAssembly();
      const line = { componentItemId: A_ITEM.id, quantity: '1' };
      const onA = await asB({
        method: 'PUT',
        url: `/api/v1/assembly-revisions/${before.id}`,
        payload: { lines: [line] },
      });
      expect(onA.statusCode).toBe(404);
      const withAItem = await asB({
        method: 'PUT',
        url: `/api/v1/assembly-revisions/${own.draft}`,
        payload: { lines: [line] },
      });
      expect(withAItem.statusCode).toBe(404);
      expect(withAItem.json().error.fieldErrors).toEqual({
        'lines.0.componentItemId': 'No such item in your company.',
      });
      // A step naming A's machine (decision 063): 404 naming the step's field, the draft unchanged.
      const aMachineId = randomUUID();
      await t.database.db
        .insert(machines)
        .values({ id: aMachineId, companyId: A.companyId, name: 'A step press', assetTag: 'A-STEP-PR' });
      const withAMachine = await asB({
        method: 'PUT',
        url: `/api/v1/assembly-revisions/${own.draft}`,
        payload: { lines: [], steps: [{ title: 'Press', machineId: aMachineId }] },
      });
      expect(withAMachine.statusCode).toBe(404);
      expect(withAMachine.json().error.fieldErrors).toEqual({
        'steps.0.machineId': 'No such machine in your company.',
      });
      const bDraft = await asB({ method: 'GET', url: `/api/v1/assembly-revisions/${own.draft}` });
      expect(bDraft.json().lines).toEqual([]);
      expect(bDraft.json().steps).toEqual([]);
      expect(await aDraftAsA()).toEqual(before);
    },
  },
  'POST /api/v1/assembly-revisions/:id/release': {
    kind: 'tenant',
    attempt: "releases A's draft revision: 404, still a draft",
    async probe() {
      const { draft } = await aAssembly();
      const response = await asB({ method: 'POST', url: `/api/v1/assembly-revisions/${draft}/release` });
      expect(response.statusCode).toBe(404);
      expect((await aDraftAsA()).status).toBe('draft');
    },
  },
  'GET /api/v1/assembly-revisions/:id/cost': {
    kind: 'tenant',
    attempt: "rolls up the cost of A's revision: 404",
    async probe() {
      const { draft } = await aAssembly();
      const url = `/api/v1/assembly-revisions/${draft}/cost`;
      expect((await asB({ method: 'GET', url })).statusCode).toBe(404);
    },
  },
  'GET /api/v1/items/:id/where-used': {
    kind: 'tenant',
    attempt: "asks where A's item is used: 404",
    async probe() {
      const url = `/api/v1/items/${A_ITEM.id}/where-used`;
      expect((await asB({ method: 'GET', url })).statusCode).toBe(404);
    },
  },

  // ---- work orders (server/modules/build/work-orders.*): B makes, reads and moves B's own only
  'GET /api/v1/work-orders': {
    kind: 'tenant',
    attempt: "lists work orders searching A's number and part and naming A's assembly: none of A's",
    async probe() {
      const a = await aWorkOrder();
      for (const url of [
        '/api/v1/work-orders',
        `/api/v1/work-orders?q=${a.numberText}`,
        `/api/v1/work-orders?q=A-WO-KIT&assemblyId=${a.assemblyId}&companyId=${A.companyId}`,
      ]) {
        const response = await asB({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expect(
          response.json().items.some((w: { id: string }) => w.id === a.id),
          url,
        ).toBe(false);
      }
    },
  },
  'GET /api/v1/work-orders/export.csv': {
    kind: 'tenant',
    attempt: "exports work orders naming A's assembly: no row of A's",
    async probe() {
      const a = await aWorkOrder();
      const response = await asB({
        method: 'GET',
        url: `/api/v1/work-orders/export.csv?assemblyId=${a.assemblyId}`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('A-WO-KIT');
    },
  },
  'POST /api/v1/work-orders': {
    kind: 'tenant',
    attempt: "makes a work order of A's assembly: 404 naming it, none made",
    async probe() {
      const a = await aWorkOrder();
      const response = await asB({
        method: 'POST',
        url: '/api/v1/work-orders',
        payload: { assemblyId: a.assemblyId, quantity: '1', outputLocationId: A_SITE.id },
      });
      expect(response.statusCode).toBe(404);
      expect(Object.keys(response.json().error.fieldErrors)).toEqual(['assemblyId']);
      expect((await asB({ method: 'GET', url: '/api/v1/work-orders' })).json().total).toBe(0);
    },
  },
  'GET /api/v1/work-orders/:id': {
    kind: 'tenant',
    attempt: "reads A's work order by id: 404",
    async probe() {
      const { id } = await aWorkOrder();
      expect((await asB({ method: 'GET', url: `/api/v1/work-orders/${id}` })).statusCode).toBe(404);
    },
  },
  'POST /api/v1/work-orders/:id/status': {
    kind: 'tenant',
    attempt: "releases and cancels A's work order: 404, still planned",
    async probe() {
      const { id } = await aWorkOrder();
      for (const status of ['released', 'cancelled']) {
        const url = `/api/v1/work-orders/${id}/status`;
        expect((await asB({ method: 'POST', url, payload: { status } })).statusCode).toBe(404);
      }
      expect(await aWorkOrderStatus()).toBe('planned');
    },
  },
  'GET /api/v1/work-orders/:id/traveller.pdf': {
    kind: 'tenant',
    attempt: "prints A's work order's traveller: 404",
    async probe() {
      const { id } = await aWorkOrder();
      const url = `/api/v1/work-orders/${id}/traveller.pdf`;
      expect((await asB({ method: 'GET', url })).statusCode).toBe(404);
    },
  },

  // ---- build orders and the shop-floor run (server/modules/build/orders.*, shop-floor*): in their own module
  ...buildCases({ app: () => t, a: () => A, b: () => B, send, asB: (request) => asB(request) }),
  ...workOrderLabels.cases,
  ...maintenanceCases({ app: () => t, a: () => A, b: () => B, send, asB: (request) => asB(request) }),
  ...maintenancePlanCases({ app: () => t, a: () => A, b: () => B, send, asB: (request) => asB(request) }),
  ...maintenanceLogsCases({ app: () => t, a: () => A, b: () => B, send, asB: (request) => asB(request) }),
  ...breakdownCases({ app: () => t, a: () => A, b: () => B, send, asB: (request) => asB(request) }),
  ...maintenanceEmailCases({ app: () => t, a: () => A, b: () => B, send, asB: (request) => asB(request) }),
  ...maintenanceCalendarCases({ app: () => t, a: () => A, b: () => B, send, asB: (request) => asB(request) }),
  ...maintenanceJobCases({ app: () => t, a: () => A, b: () => B, send, asB: (request) => asB(request) }),
  ...qualityCases({ app: () => t, a: () => A, b: () => B, send, asB: (request) => asB(request) }),
  ...supplierImportCases({ app: () => t, a: () => A, b: () => B, send, asB: (request) => asB(request) }),
  ...inspectionCases({ app: () => t, a: () => A, b: () => B, send, asB: (request) => asB(request) }),
  ...correctiveActionCases({ app: () => t, a: () => A, b: () => B, send, asB: (request) => asB(request) }),
  ...jobCases({ app: () => t, a: () => A, b: () => B, send, asB: (request) => asB(request) }),
  ...jobCostCases({ app: () => t, a: () => A, b: () => B, send, asB: (request) => asB(request) }),
  ...qualityDashboardCases({ app: () => t, a: () => A, b: () => B, send, asB: (request) => asB(request) }),
  ...nonconformanceCases({ app: () => t, a: () => A, b: () => B, send, asB: (request) => asB(request) }),
  ...qcSetupCases({ app: () => t, a: () => A, b: () => B, send, asB: (request) => asB(request) }),
  ...timeCases({ app: () => t, a: () => A, b: () => B, send, asB: (request) => asB(request) }),
  ...scanJobsCases({ app: () => t, a: () => A, b: () => B, send, asB: (request) => asB(request) }),
  ...timeScreenCases({ app: () => t, a: () => A, b: () => B, send, asB: (request) => asB(request) }),
  ...ssoCases({ app: () => t, a: () => A, b: () => B, send, asB: (request) => asB(request) }),
  ...passkeyCases({ app: () => t, a: () => A, b: () => B, send, asB: (request) => asB(request) }),
  ...identitiesCases({ app: () => t, a: () => A, b: () => B, send, asB: (request) => asB(request) }),

  // ---- uploaded files (server/modules/files): B stores and reads B's own pictures and videos only
  'POST /api/v1/files': {
    kind: 'tenant',
    attempt: "uploads naming A's company in the query: the file is B's, and A cannot read it",
    async probe() {
      const bytes = Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        randomBytes(64),
      ]);
      const made = await asB({
        method: 'POST',
        url: `/api/v1/files?name=b.png&companyId=${A.companyId}`,
        payload: bytes,
      });
      expect(made.statusCode, made.body).toBe(201);
      const url = `/api/v1/files/${made.json().id}`;
      expect((await send({ method: 'GET', url, cookie: A.cookie })).statusCode).toBe(404);
      expect((await asB({ method: 'GET', url })).statusCode).toBe(200);
    },
  },
  'GET /api/v1/files/:id': {
    kind: 'tenant',
    attempt: "reads A's file whole and by range: 404",
    async probe() {
      const bytes = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(64)]);
      const made = await send({
        method: 'POST',
        url: '/api/v1/files?name=a-secret.jpg',
        payload: bytes,
        cookie: A.cookie,
      });
      expect(made.statusCode, made.body).toBe(201);
      const url = `/api/v1/files/${made.json().id}`;
      expect((await asB({ method: 'GET', url })).statusCode).toBe(404);
      const ranged = await t.app.inject({
        method: 'GET',
        url,
        headers: { cookie: B.cookie, range: 'bytes=0-3' },
      });
      expect(ranged.statusCode).toBe(404);
      expectNothingOfA(ranged, `ranged GET ${url}`, url);
    },
  },

  // ---- the company's users (server/modules/users): admins of B manage B's people only
  'GET /api/v1/users': {
    kind: 'tenant',
    attempt: "lists users, with A's id in the query and searching for A's address: B's users only",
    async probe() {
      for (const url of [
        '/api/v1/users',
        `/api/v1/users?companyId=${A.companyId}`,
        `/api/v1/users?q=${encodeURIComponent(A.email)}`,
      ]) {
        const response = await asB({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        const page = response.json() as { items: { id: string }[]; total: number };
        expect(page.items.every((u) => u.id !== A.userId)).toBe(true);
      }
      const all = (await asB({ method: 'GET', url: '/api/v1/users' })).json() as { items: { id: string }[] };
      expect(all.items.map((u) => u.id)).toContain(B.userId);
    },
  },
  'POST /api/v1/users': {
    kind: 'tenant',
    attempt: "adds a user naming A's company in the body, and one with A's admin's address: B's own, or 409",
    async probe() {
      const added = await asB({
        method: 'POST',
        url: `/api/v1/users?companyId=${A.companyId}`,
        payload: {
          method: 'invite',
          email: 'new.hand@bellows.example',
          firstName: 'New',
          lastName: 'Hand',
          role: 'admin',
          companyId: A.companyId,
        },
      });
      expect(added.statusCode, added.body).toBe(201);
      const [row] = await t.database.db
        .select()
        .from(users)
        .where(eq(users.email, 'new.hand@bellows.example'));
      expect(row!.companyId).toBe(B.companyId);
      const taken = await asB({
        method: 'POST',
        url: '/api/v1/users',
        payload: { method: 'invite', email: A.email, firstName: 'Eve', lastName: 'Intruder', role: 'user' },
      });
      expect(taken.statusCode).toBe(409);
      const [aUser] = await t.database.db.select().from(users).where(eq(users.id, A.userId));
      expect(aUser).toMatchObject({ companyId: A.companyId, role: 'admin', active: true });
      await expectAUntouched();
    },
  },
  'GET /api/v1/users/:id': {
    kind: 'tenant',
    attempt: "reads A's admin by id: 404",
    async probe() {
      const response = await asB({ method: 'GET', url: `/api/v1/users/${A.userId}` });
      expect(response.statusCode).toBe(404);
      const own = await asB({ method: 'GET', url: `/api/v1/users/${B.userId}` });
      expect(own.statusCode).toBe(200);
    },
  },
  'PATCH /api/v1/users/:id': {
    kind: 'tenant',
    attempt: "demotes, re-rates and inactivates A's admin by id: 404, A still admin and signed in",
    async probe() {
      for (const payload of [{ active: false }, { role: 'user' }, { burdenedLaborRate: '1' }]) {
        const response = await asB({ method: 'PATCH', url: `/api/v1/users/${A.userId}`, payload });
        expect(response.statusCode, JSON.stringify(payload)).toBe(404);
      }
      const [aUser] = await t.database.db.select().from(users).where(eq(users.id, A.userId));
      expect(aUser).toMatchObject({ role: 'admin', active: true, burdenedLaborRate: null });
      await expectAUntouched();
    },
  },
  'POST /api/v1/users/:id/invitation': {
    kind: 'tenant',
    attempt: "re-sends an invitation to A's admin by id: 404, no mail to A",
    async probe() {
      const before = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, A.email));
      const response = await asB({ method: 'POST', url: `/api/v1/users/${A.userId}/invitation` });
      expect(response.statusCode).toBe(404);
      const after = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, A.email));
      expect(after).toHaveLength(before.length);
    },
  },
  'DELETE /api/v1/users/:id/two-factor': {
    kind: 'tenant',
    attempt: "resets the second factor of A's admin by id: 404, A keeps it and stays signed in",
    async probe() {
      // A has a second factor for this probe (written straight to the tables: only whether it survives matters
      // here), taken off again below, since the two-factor cases check A never gets one from B.
      const aTwoFactor = {
        id: randomUUID(),
        userId: A.userId,
        secret: 'a-secret-b-must-not-remove',
        backupCodes: 'a-backup-codes-b-must-not-remove',
        verified: true,
      };
      await t.database.db.insert(twoFactors).values(aTwoFactor);
      await t.database.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, A.userId));
      try {
        for (const id of [A.userId, A.companyId]) {
          const response = await asB({ method: 'DELETE', url: `/api/v1/users/${id}/two-factor` });
          expect(response.statusCode, response.body).toBe(404);
        }
        const [aUser] = await t.database.db.select().from(users).where(eq(users.id, A.userId));
        expect(aUser!.twoFactorEnabled).toBe(true);
        expect(
          await t.database.db.select().from(twoFactors).where(eq(twoFactors.userId, A.userId)),
        ).toMatchObject([aTwoFactor]);
        const [aSession] = await t.database.db
          .select()
          .from(sessions)
          .where(eq(sessions.token, A.sessionToken));
        expect(aSession, "A's session row").toBeDefined();
        const disabled = await t.database.db
          .select()
          .from(securityEvents)
          .where(and(eq(securityEvents.type, 'mfa_disabled'), eq(securityEvents.userId, A.userId)));
        expect(disabled).toEqual([]);
        await expectAUntouched();
      } finally {
        await t.database.db.delete(twoFactors).where(eq(twoFactors.userId, A.userId));
        await t.database.db.update(users).set({ twoFactorEnabled: false }).where(eq(users.id, A.userId));
      }
    },
  },
  // ---- the security dashboard (server/modules/security-dashboard): every company's data, for sysadmins only
  'GET /api/v1/security/overview': sysadminOnly(
    "reads the installation's sign-in overview, naming A's company: 403, no counts, addresses or accounts",
    async () => [
      { method: 'GET', url: '/api/v1/security/overview' },
      { method: 'GET', url: `/api/v1/security/overview?companyId=${A.companyId}&mfaPageSize=50` },
    ],
  ),
  'GET /api/v1/security/events': sysadminOnly(
    "reads the security event log filtered to A's company: 403, no events",
    async () => [
      { method: 'GET', url: '/api/v1/security/events' },
      { method: 'GET', url: `/api/v1/security/events?companyId=${A.companyId}&type=sign_in_succeeded` },
    ],
  ),
  'GET /api/v1/security/sessions': sysadminOnly(
    "lists every company's active sessions, searching for A's address and name: 403, no sessions",
    async () => [
      { method: 'GET', url: '/api/v1/security/sessions' },
      { method: 'GET', url: `/api/v1/security/sessions?q=${encodeURIComponent(A.email)}` },
      { method: 'GET', url: `/api/v1/security/sessions?q=${encodeURIComponent(A.name)}` },
    ],
  ),
  'DELETE /api/v1/security/sessions/:id': sysadminOnly(
    "ends A's admin's session by its id (and by A's user id): 403, A's session row stays and A stays signed in",
    async () => [
      { method: 'DELETE', url: `/api/v1/security/sessions/${await sessionIdOfA()}` },
      { method: 'DELETE', url: `/api/v1/security/sessions/${A.userId}` },
    ],
    async () => {
      await sessionIdOfA();
      const ended = await t.database.db
        .select()
        .from(securityEvents)
        .where(and(eq(securityEvents.type, 'session_ended'), eq(securityEvents.userId, A.userId)));
      expect(ended).toEqual([]);
    },
  ),
  'GET /api/v1/security/admin-actions': sysadminOnly(
    "reads every company's administrative actions, naming A's company: 403, none of A's audit entries",
    async () => [
      { method: 'GET', url: '/api/v1/security/admin-actions' },
      { method: 'GET', url: `/api/v1/security/admin-actions?companyId=${A.companyId}` },
    ],
  ),
};

/**
 * Every route the app registered, in every plugin scope, as "METHOD URL": the app's own record (route-groups.ts's
 * onRoute hook on the root, which every scope inherits), without the HEAD route Fastify adds beside each GET.
 */
function registeredRouteKeys(): string[] {
  return [...t.app.routeAccess.keys()].sort();
}

describe('the route table', () => {
  it('has a cross-company case for every route the app registers, and none for a route that is gone', () => {
    const routes = APP_ROUTES;
    const missing = routes
      .filter((key) => !(key in ROUTE_CASES))
      .map((key) => `add a cross-company case for ${key}`);
    const stale = Object.keys(ROUTE_CASES)
      .filter((key) => !routes.includes(key))
      .map((key) => `remove the case for ${key}: no such route`);
    expect([...missing, ...stale]).toEqual([]);
  });

  it('saw the routes through the same app that serves them (the OpenAPI document lists a subset)', async () => {
    const docs = await send({ method: 'GET', url: '/api/docs/json' });
    const documented = Object.entries(docs.json().paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, methods]) =>
        Object.keys(methods).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(documented.length).toBeGreaterThan(10);
    expect(APP_ROUTES).toEqual(expect.arrayContaining(documented));
  });
});

describe("company B's admin against company A's data, route by route", () => {
  it.each(Object.entries(ROUTE_CASES))('%s', async (_key, routeCase) => {
    await routeCase.probe();
  });

  it('leaves company A as it was after every attempt', async () => {
    await expectAUntouched();
    expect(await settingsOf(A.companyId)).toMatchObject(A_SETTINGS_ROW);
  });
});
